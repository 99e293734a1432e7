import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import { completePortalSignIn, PORTAL_HOME_PATH } from '../../lib/auth-flow.ts';
import { SignInReturn } from './sign-in-return.tsx';

/** /callbacksearch?code&state: the public portal's return from the SSO; lands on /search. */
export default function CallbackSearchScreen() {
  const { t } = useTranslation('auth');
  return (
    <SignInReturn
      complete={completePortalSignIn}
      retry={<Button variant="contained" href={`#${PORTAL_HOME_PATH}`}>{t('portal.back')}</Button>}
    />
  );
}
