import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Reader } from '../../../shared/api/readers.ts';
import { readerCardCalls } from '../../../shared/api/reader-cards.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import type { CardAction } from './card-actions.ts';

/** One desk action with its few inputs; a refusal stays in the dialog with the server's reason. */
export function CardActionDialog({ action, reader, onDone, onClose }: { action: CardAction; reader: Reader; onDone: (r: Reader) => void; onClose: () => void }) {
  const { t } = useTranslation(['readers', 'common', 'errors', 'validation']);
  const [cardNo, setCardNo] = useState(action === 'issue' ? reader.ReaderID : '');
  const [deposit, setDeposit] = useState('0');
  const [expireAt, setExpireAt] = useState(reader.ExpireAt ?? '');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      const opts = { toast: false };
      const next =
        action === 'issue' ? await call(readerCardCalls.issue, { ID: reader.ID, CardNo: cardNo, Deposit: Number(deposit) || 0, ExpireAt: expireAt || null }, opts)
        : action === 'replace' ? await call(readerCardCalls.replace, { ID: reader.ID, CardNo: cardNo, Note: note }, opts)
        : action === 'lost' ? await call(readerCardCalls.reportLost, { ID: reader.ID, Note: note }, opts)
        : await call(readerCardCalls.returnDeposit, { ID: reader.ID, Note: note }, opts);
      onDone(next);
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" data-testid="card-dialog">
      <form noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
        <DialogTitle>{t(`readers:desk.actions.${action}`)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error" data-testid="card-dialog-error">{error}</Alert>}
            <Typography>{t(`readers:desk.confirm.${action}`, { name: reader.Name, card: reader.ReaderID, deposit: reader.Deposit.toFixed(2) })}</Typography>
            {(action === 'issue' || action === 'replace') && (
              <TextField autoFocus required label={t(action === 'issue' ? 'readers:desk.cardNo' : 'readers:desk.newCardNo')} value={cardNo} onChange={(e) => setCardNo(e.target.value)} slotProps={{ htmlInput: { 'data-testid': 'card-no' } }} />
            )}
            {action === 'issue' && (
              <>
                <TextField type="number" label={t('readers:desk.depositTaken')} value={deposit} onChange={(e) => setDeposit(e.target.value)} slotProps={{ htmlInput: { min: 0, step: 0.01, 'data-testid': 'card-deposit' } }} />
                <TextField type="date" label={t('readers:resources.reader.fields.ExpireAt')} value={expireAt} onChange={(e) => setExpireAt(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'card-expire' } }} />
              </>
            )}
            {action !== 'issue' && <TextField label={t('readers:desk.note')} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'card-note' } }} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" color={action === 'lost' || action === 'refund' ? 'warning' : 'primary'} disabled={busy} data-testid="card-dialog-submit">
            {t(`readers:desk.actions.${action}`)}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
