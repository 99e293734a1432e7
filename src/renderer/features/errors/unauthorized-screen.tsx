import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import LockOutlined from '@mui/icons-material/LockOutlined';
import { MessagePage } from '../../components/message-page.tsx';

/** /401: the session is gone; sign in again. */
export default function UnauthorizedScreen() {
  const { t } = useTranslation(['errors', 'common']);
  return (
    <MessagePage
      icon={<LockOutlined color="warning" sx={{ fontSize: 56 }} />}
      title="401"
      body={t('errors:loginAgain')}
      actions={
        <>
          <Button variant="contained" href="#/auth" data-testid="sign-in-again">{t('common:actions.signIn')}</Button>
          <Button href="#/search">{t('common:actions.portal')}</Button>
        </>
      }
    />
  );
}
