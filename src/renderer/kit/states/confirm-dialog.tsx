import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorText } from '../data/error-text.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  /** Rejecting keeps the dialog open and shows the reason (e.g. the server refused: "in use"). */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/** Asks before a destructive action; the focus starts on Cancel so Enter never deletes by accident. */
export function ConfirmDialog({ open, title, body, confirmLabel, danger = true, onConfirm, onClose }: ConfirmDialogProps) {
  const { t } = useTranslation(['kit', 'common', 'errors']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      close();
    } catch (e) {
      setError(errorText(t, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : close} maxWidth="xs" fullWidth data-testid="kit-confirm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{body}</DialogContentText>
        {error && <Alert severity="error" sx={{ mt: 2 }} data-testid="kit-confirm-error">{error}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} autoFocus disabled={busy} data-testid="kit-confirm-cancel">{t('common:actions.cancel')}</Button>
        <Button onClick={() => void confirm()} color={danger ? 'error' : 'primary'} variant="contained" disabled={busy} data-testid="kit-confirm-ok">
          {confirmLabel ?? t('kit:delete.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
