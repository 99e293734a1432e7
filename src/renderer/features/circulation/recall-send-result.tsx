import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { RecallSendResult } from '../../../shared/api/circulation-recall.ts';

/**
 * What the e-mail reminder did, reader by reader: sent (to whom), no address (the reader and
 * their parents have none: print a slip instead), or refused by the mail server.
 */
export function RecallSendResultDialog({ results, onClose }: { results: readonly RecallSendResult[]; onClose: () => void }) {
  const { t } = useTranslation('circulation-recall');
  const sent = results.filter((r) => r.Outcome === 'sent');
  const none = results.filter((r) => r.Outcome === 'noEmail');
  const failed = results.filter((r) => r.Outcome === 'failed');
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="recall-result-title">
      <DialogTitle id="recall-result-title">{t('result.title')}</DialogTitle>
      <DialogContent data-testid="recall-result">
        <Alert severity={sent.length ? 'success' : 'info'} sx={{ mb: 1 }} data-testid="recall-result-sent">{t('result.sent', { count: sent.length })}</Alert>
        {none.length > 0 && (
          <Alert severity="warning" sx={{ mb: 1 }} data-testid="recall-result-none">
            {t('result.noEmail', { count: none.length })}
            <List dense disablePadding>
              {none.map((r) => <ListItem key={r.UserID} disableGutters><ListItemText primary={`${r.ReaderName} (${r.ReaderID})`} /></ListItem>)}
            </List>
          </Alert>
        )}
        {failed.length > 0 && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid="recall-result-failed">
            {t('result.failed', { count: failed.length })}
            <List dense disablePadding>
              {failed.map((r) => <ListItem key={r.UserID} disableGutters><ListItemText primary={`${r.ReaderName} (${r.ReaderID})`} /></ListItem>)}
            </List>
          </Alert>
        )}
        {sent.length > 0 && (
          <List dense aria-label={t('result.sentList')}>
            {sent.map((r) => <ListItem key={r.UserID} disableGutters><ListItemText primary={`${r.ReaderName} (${r.ReaderID})`} secondary={r.To.join(', ')} /></ListItem>)}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus data-testid="recall-result-close">{t('result.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
