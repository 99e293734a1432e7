import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import { MessagePage } from '../../components/message-page.tsx';

/** /error?message=: a friendly stop for a failed admin action, with a way back and home. */
export default function AdminErrorScreen() {
  const { t } = useTranslation(['common']);
  const [params] = useSearchParams();
  const message = params.get('message');
  return (
    <MessagePage
      icon={<ReportProblemOutlined color="error" sx={{ fontSize: 56 }} />}
      title={t('common:adminError.title')}
      body={message ?? t('common:adminError.body')}
      actions={
        <>
          <Button onClick={() => window.history.back()}>{t('common:actions.back')}</Button>
          <Button variant="contained" href="#/data-analysis" data-testid="go-home">{t('common:actions.home')}</Button>
        </>
      }
    />
  );
}
