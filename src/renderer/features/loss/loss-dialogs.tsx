import { useState, type FormEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lossCalls as L, PAY_WAYS, type LossRecord, type PayWay } from '../../../shared/api/loss.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { call } from '../../lib/api-client.ts';
import { parseAmount, yuan } from './money.ts';
import { useLossActions } from './use-loss-actions.ts';

/** A small form dialog: submit runs `onSubmit`; a refusal stays in the dialog. */
function FormDialog({ open, title, submitLabel, canSubmit, onSubmit, onClose, children, testId }: {
  open: boolean; title: string; submitLabel: string; canSubmit: boolean; testId: string;
  onSubmit: () => Promise<unknown>; onClose: () => void; children: ReactNode;
}) {
  const { t } = useTranslation(['loss', 'common']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit) return;
    setBusy(true);
    setError('');
    try {
      await onSubmit();
      onClose();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth data-testid={testId}>
      <form onSubmit={submit}>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            {error && <Alert severity="error">{error}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>{t('common:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy || !canSubmit} data-testid={`${testId}-ok`}>{submitLabel}</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

const billLine = (t: TFunction, r: LossRecord) =>
  t('dialog.billLine', { bill: r.BillNo, title: r.Title, reader: r.ReaderName || t('dialog.noReader'), amount: yuan(r.Amount) });

/** Records a compensation: paid in cash, by a replacement copy, or waived. */
export function CompensateDialog({ record, onClose }: { record: LossRecord; onClose: () => void }) {
  const { t } = useTranslation('loss');
  const { compensate } = useLossActions();
  const [way, setWay] = useState<PayWay>('cash');
  const [paid, setPaid] = useState(record.Amount.toFixed(2));
  const [note, setNote] = useState('');
  const value = way === 'waived' ? 0 : parseAmount(paid);
  return (
    <FormDialog
      open title={t('dialog.compensateTitle')} submitLabel={t('dialog.compensateSubmit')} testId="loss-compensate" canSubmit={value != null}
      onClose={onClose} onSubmit={() => compensate.mutateAsync({ ID: record.ID, PayWay: way, PaidAmount: value ?? 0, Note: note.trim() })}
    >
      <Typography variant="body2">{billLine(t, record)}</Typography>
      <TextField select label={t('fields.PayWay')} value={way} onChange={(e) => setWay(e.target.value as PayWay)} slotProps={{ htmlInput: { 'data-testid': 'loss-payway' } }}>
        {PAY_WAYS.map((w) => <MenuItem key={w} value={w}>{t(`payWay.${w}`)}</MenuItem>)}
      </TextField>
      {way !== 'waived' && (
        <TextField
          label={t('fields.PaidAmount')} value={paid} onChange={(e) => setPaid(e.target.value)} error={value == null}
          helperText={value == null ? t('register.amountInvalid') : way === 'replacement' ? t('dialog.replacementHint') : ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'loss-paid' } }}
        />
      )}
      <TextField label={t('fields.Note')} value={note} onChange={(e) => setNote(e.target.value)} multiline minRows={2} slotProps={{ htmlInput: { maxLength: 500 } }} />
    </FormDialog>
  );
}

/** Changes the billed amount of an unpaid record, with a reason. */
export function AdjustDialog({ record, onClose }: { record: LossRecord; onClose: () => void }) {
  const { t } = useTranslation('loss');
  const { adjust } = useLossActions();
  const [amount, setAmount] = useState(record.Amount.toFixed(2));
  const [reason, setReason] = useState('');
  const value = parseAmount(amount);
  return (
    <FormDialog
      open title={t('dialog.adjustTitle')} submitLabel={t('dialog.save')} testId="loss-adjust" canSubmit={value != null && reason.trim() !== ''}
      onClose={onClose} onSubmit={() => adjust.mutateAsync({ ID: record.ID, Amount: value ?? 0, AmountReason: reason.trim() })}
    >
      <Typography variant="body2">{billLine(t, record)}</Typography>
      <TextField label={t('fields.Amount')} value={amount} onChange={(e) => setAmount(e.target.value)} error={value == null}
        helperText={t('register.suggested', { amount: yuan(record.SuggestedAmount) })} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField required label={t('fields.AmountReason')} value={reason} onChange={(e) => setReason(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
    </FormDialog>
  );
}

/** Records money paid back for a compensated book that was found again. */
export function RefundDialog({ record, onClose }: { record: LossRecord; onClose: () => void }) {
  const { t } = useTranslation('loss');
  const { refund } = useLossActions();
  const [amount, setAmount] = useState((record.PaidAmount ?? 0).toFixed(2));
  const [note, setNote] = useState('');
  const value = parseAmount(amount);
  return (
    <FormDialog
      open title={t('dialog.refundTitle')} submitLabel={t('dialog.save')} testId="loss-refund" canSubmit={value != null}
      onClose={onClose} onSubmit={() => refund.mutateAsync({ ID: record.ID, RefundAmount: value ?? 0, Note: note.trim() })}
    >
      <Typography variant="body2">{t('dialog.refundLine', { bill: record.BillNo, paid: yuan(record.PaidAmount) })}</Typography>
      <TextField label={t('fields.RefundAmount')} value={amount} onChange={(e) => setAmount(e.target.value)} error={value == null} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField label={t('fields.Note')} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 500 } }} />
    </FormDialog>
  );
}

/** The compensation rule of the school: the copy's price × multiple + processing fee. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('loss');
  const current = useQuery({ queryKey: ['loss-settings'], queryFn: () => call(L.getSettings, {}) });
  const qc = useQueryClient();
  const [multiple, setMultiple] = useState<string | null>(null);
  const [fee, setFee] = useState<string | null>(null);
  const m = multiple ?? String(current.data?.Multiple ?? '');
  const f = fee ?? (current.data ? current.data.ProcessingFee.toFixed(2) : '');
  const mv = parseAmount(m);
  const fv = parseAmount(f);
  return (
    <FormDialog
      open title={t('settings.title')} submitLabel={t('dialog.save')} testId="loss-settings" canSubmit={current.isSuccess && mv != null && mv <= 100 && fv != null}
      onClose={onClose}
      onSubmit={async () => {
        await call(L.saveSettings, { Multiple: mv ?? 1, ProcessingFee: fv ?? 0 });
        await qc.invalidateQueries({ queryKey: ['loss-settings'] });
      }}
    >
      <Typography variant="body2">{t('settings.intro')}</Typography>
      <TextField label={t('fields.Multiple')} value={m} onChange={(e) => setMultiple(e.target.value)} error={mv == null || mv > 100} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
      <TextField label={t('fields.ProcessingFee')} value={f} onChange={(e) => setFee(e.target.value)} error={fv == null} slotProps={{ htmlInput: { inputMode: 'decimal' } }} />
    </FormDialog>
  );
}
