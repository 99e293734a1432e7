import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingScreenPlain } from './loading-plain.tsx';

/** /redirect?path=: bounces back to `path`, which re-mounts that screen (tab refresh). */
export default function RedirectScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const raw = params.get('path') ?? '';
  const target = raw.startsWith('/') && !raw.startsWith('//') && !raw.startsWith('/redirect') ? raw : '/data-analysis';
  useEffect(() => {
    void navigate(target, { replace: true });
  }, [navigate, target]);
  return <LoadingScreenPlain />;
}
