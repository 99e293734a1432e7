import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { completeSignIn } from '../../lib/auth-flow.ts';
import { SignInReturn } from './sign-in-return.tsx';

/** /callback?code&state: the SSO's return; exchanges the code and loads the session. */
export default function CallbackScreen() {
  const { t } = useTranslation('auth');
  return (
    <SignInReturn
      complete={completeSignIn}
      retry={<Button variant="contained" href="#/auth" data-testid="sign-in-again">{t('signInAgain')}</Button>}
    />
  );
}
