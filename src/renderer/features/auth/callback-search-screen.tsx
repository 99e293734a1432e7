import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { MessagePage } from '../../components/message-page.tsx';
import { completePortalSignIn, PORTAL_HOME_PATH } from '../../lib/auth-flow.ts';
import { signInErrorText } from './sign-in-error.ts';
import { useRunOnce } from './use-run-once.ts';

/** /callbacksearch?code&state: the public portal's return from the SSO; lands on /search. */
export default function CallbackSearchScreen() {
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
    completePortalSignIn(params.get('code'), params.get('state')).then(
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
        actions={<Button variant="contained" href={`#${PORTAL_HOME_PATH}`}>{t('auth:portal.back')}</Button>}
      />
    );
  }
  return <MessagePage testId="callback-progress" icon={<CircularProgress />} title={t('auth:callback.working')} />;
}
