import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { MessagePage } from '../../components/message-page.tsx';
import { completeSignIn } from '../../lib/auth-flow.ts';
import { signInErrorText } from './sign-in-error.ts';
import { useRunOnce } from './use-run-once.ts';

/** /callback?code&state: the SSO's return; exchanges the code and loads the session. */
export default function CallbackScreen() {
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
    completeSignIn(params.get('code'), params.get('state')).then(
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
        actions={<Button variant="contained" href="#/auth" data-testid="sign-in-again">{t('auth:signInAgain')}</Button>}
      />
    );
  }
  return <MessagePage testId="callback-progress" icon={<CircularProgress />} title={t('auth:callback.working')} />;
}
