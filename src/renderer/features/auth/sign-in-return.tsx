import { useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import CircularProgress from '@mui/material/CircularProgress';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { MessagePage } from '../../components/message-page.tsx';
import { signInErrorText } from './sign-in-error.ts';
import { useRunOnce } from './use-run-once.ts';

/**
 * The SSO's return to the app (admin /callback or portal /callbacksearch): reports an SSO error,
 * or exchanges code + state through `complete` and goes where it says.
 */
export function SignInReturn({
  complete,
  retry,
}: {
  complete: (code: string | null, state: string | null) => Promise<string>;
  retry: ReactNode;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  useRunOnce(() => {
    const ssoError = params.get('error');
    if (ssoError) {
      setError(params.get('error_description') || ssoError);
      return;
    }
    complete(params.get('code'), params.get('state')).then(
      (to) => void navigate(to, { replace: true }),
      (e: unknown) => setError(signInErrorText(e, t)),
    );
  });

  if (error) {
    return (
      <MessagePage
        testId="callback-error"
        icon={<ErrorOutline color="error" sx={{ fontSize: 56 }} />}
        title={t('auth:callback.failedTitle')}
        body={error}
        actions={retry}
      />
    );
  }
  return <MessagePage testId="callback-progress" icon={<CircularProgress />} title={t('auth:callback.working')} />;
}
