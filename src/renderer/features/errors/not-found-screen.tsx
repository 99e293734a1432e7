import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import SearchOff from '@mui/icons-material/SearchOff';
import { MessagePage } from '../../components/message-page.tsx';

/** /404: unknown paths land here. */
export default function NotFoundScreen() {
  const { t } = useTranslation(['common']);
  return (
    <MessagePage
      icon={<SearchOff color="disabled" sx={{ fontSize: 56 }} />}
      title="404"
      body={t('common:notFound')}
      actions={<Button variant="contained" href="#/data-analysis" data-testid="go-home">{t('common:actions.home')}</Button>}
    />
  );
}
