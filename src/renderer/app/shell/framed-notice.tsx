import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { MessagePage } from '../../components/message-page.tsx';

/** True when another page frames this one (a cross-origin parent makes the comparison throw: also framed). */
export function isFramed(): boolean {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
}

/**
 * What a framed app shows for a route that is not meant to be framed: only a link that opens it
 * in a window of its own, so no other site can lay its buttons over a staff screen.
 */
export function FramedNotice() {
  const { t } = useTranslation('common');
  return (
    <MessagePage
      testId="framed-notice"
      icon={<OpenInNew color="primary" sx={{ fontSize: 56 }} />}
      title={t('framed.title')}
      actions={<Button variant="contained" href={window.location.href.replace(/\/embed(?=[#?]|$)/, '/')} target="_blank" rel="noopener">{t('framed.open')}</Button>}
    />
  );
}
