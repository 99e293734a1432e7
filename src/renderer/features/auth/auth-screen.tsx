import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { MessagePage } from '../../components/message-page.tsx';
import { safeReturnPath, startSignIn } from '../../lib/auth-flow.ts';
import { hasAdminSession } from '../../lib/session-store.ts';
import { useSession } from '../../lib/use-session.ts';
import { signInErrorText } from './sign-in-error.ts';
import { useRunOnce } from './use-run-once.ts';

/**
 * /auth?redirect=: the "login required" landing. Starts the SSO sign-in at once (PKCE) and
 * comes back to `redirect` through /callback; signed-in users go straight there.
 */
export default function AuthScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const target = safeReturnPath(params.get('redirect'));
  const signedIn = hasAdminSession(session);

  const begin = () => {
    setError(null);
    startSignIn(target).catch((e: unknown) => setError(signInErrorText(e, t)));
  };
  useRunOnce(() => {
    if (!signedIn) begin();
  });

  if (signedIn) return <Navigate to={target} replace />;
  return (
    <MessagePage
      testId="auth-landing"
      icon={error ? <LockOutlined color="warning" sx={{ fontSize: 56 }} /> : <CircularProgress />}
      title={error ? t('auth:loginRequired') : t('auth:redirecting')}
      body={error ?? undefined}
      actions={
        <Button variant="contained" onClick={begin} data-testid="sign-in-button">
          {t('auth:signIn')}
        </Button>
      }
    />
  );
}
