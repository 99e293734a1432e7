import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LOSS_KINDS, LOSS_OPS, lossCalls as L, type LossCopy, type LossKind, type LossRecord } from '../../../shared/api/loss.ts';
import type { CallData } from '../../../shared/api/contract.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { call } from '../../lib/api-client.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { parseAmount, yuan } from './money.ts';
import { useLossActions } from './use-loss-actions.ts';

type ReaderLoans = CallData<typeof L.getReaderLoans>;

/** Kinds a copy may be registered as: lost by its borrower needs a loan, missing from the shelf needs none. */
export function kindAllowed(kind: LossKind, onLoan: boolean): boolean {
  return kind === 'damaged' || (kind === 'borrower') === onLoan;
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" sx={{ gap: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 96 }}>{label}</Typography>
      <Typography variant="body2">{value || '—'}</Typography>
    </Stack>
  );
}

/**
 * /loss-register 丢失登记: scan the lost book (or type a reader's card and pick one of their
 * loans), see the copy, its loan and reader and the suggested compensation, then register. Enter
 * after the scan moves to the Register button, so a second Enter registers; the box then clears
 * for the next book.
 */
export default function LossRegisterScreen() {
  const { t } = useTranslation(['loss', 'screens']);
  const canRegister = useCanOp(LOSS_OPS.register);
  const actions = useLossActions();
  const [barcode, setBarcode] = useState('');
  const [card, setCard] = useState('');
  const [copy, setCopy] = useState<LossCopy | null>(null);
  const [reader, setReader] = useState<ReaderLoans | null>(null);
  const [kind, setKind] = useState<LossKind>('shelf');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [done, setDone] = useState<LossRecord | null>(null);
  const [error, setError] = useState('');
  const box = useRef<HTMLInputElement>(null);
  const registerButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (copy && !copy.OpenRecord) registerButton.current?.focus();
  }, [copy]);

  const lookUp = async (code: string) => {
    setDone(null);
    setError('');
    setCopy(null);
    if (!code.trim()) return;
    try {
      const c = await call(L.getCopy, { Barcode: code.trim() }, { toast: false });
      setCopy(c);
      setKind(c.Loan ? 'borrower' : 'shelf');
      setAmount(c.SuggestedAmount.toFixed(2));
      setReason('');
      setNote('');
    } catch (e) {
      setError(errorText(t, e));
      box.current?.select();
    }
  };

  const submitBarcode = (e: FormEvent) => {
    e.preventDefault();
    void lookUp(barcode);
  };

  const submitCard = async (e: FormEvent) => {
    e.preventDefault();
    setReader(null);
    setError('');
    if (!card.trim()) return;
    try {
      setReader(await call(L.getReaderLoans, { ReaderID: card.trim() }, { toast: false }));
    } catch (err) {
      setError(errorText(t, err));
    }
  };

  const pick = (code: string) => {
    setBarcode(code);
    void lookUp(code);
  };

  const amountValue = parseAmount(amount);
  const changed = copy != null && amountValue != null && Math.round(amountValue * 100) !== Math.round(copy.SuggestedAmount * 100);
  const canSubmit = copy != null && !copy.OpenRecord && amountValue != null && (!changed || reason.trim() !== '') && kindAllowed(kind, !!copy.Loan);

  const register = async (e: FormEvent) => {
    e.preventDefault();
    if (!copy || !canSubmit) return;
    try {
      const rec = await actions.register.mutateAsync({
        Barcode: copy.Barcode, Kind: kind, Amount: amountValue ?? undefined, AmountReason: changed ? reason.trim() : '', Note: note.trim(),
      });
      setDone(rec);
      setCopy(null);
      setBarcode('');
      if (reader) setReader({ ...reader, Loans: reader.Loans.filter((l) => l.Barcode !== rec.Barcode) });
      box.current?.focus();
    } catch (err) {
      setError(errorText(t, err));
    }
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1280 }}>
      <Typography variant="h5" component="h1">{t('screens:titles./loss-register')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Stack component="form" direction="row" onSubmit={submitBarcode} sx={{ gap: 1, alignItems: 'flex-start' }}>
            <TextField
              inputRef={box} autoFocus value={barcode} onChange={(e) => setBarcode(e.target.value)} sx={{ width: 320 }}
              label={t('register.barcode')} helperText={t('register.barcodeHint')}
              slotProps={{ htmlInput: { 'data-testid': 'loss-barcode', maxLength: 64, autoComplete: 'off' } }}
            />
            <Button type="submit" variant="outlined" sx={{ mt: 1 }}>{t('register.lookUp')}</Button>
          </Stack>
          <Stack component="form" direction="row" onSubmit={submitCard} sx={{ gap: 1, alignItems: 'flex-start' }}>
            <TextField
              value={card} onChange={(e) => setCard(e.target.value)} sx={{ width: 260 }}
              label={t('register.card')} helperText={t('register.cardHint')}
              slotProps={{ htmlInput: { 'data-testid': 'loss-card', maxLength: 64, autoComplete: 'off' } }}
            />
            <Button type="submit" variant="outlined" sx={{ mt: 1 }}>{t('register.showLoans')}</Button>
          </Stack>
        </Stack>
      </Paper>

      {error && <Alert severity="error" data-testid="loss-error">{error}</Alert>}
      {done && (
        <Alert severity="success" data-testid="loss-registered">
          {t('register.done', { bill: done.BillNo, barcode: done.Barcode, amount: yuan(done.Amount) })}
        </Alert>
      )}

      {reader && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h2">{t('register.loansOf', { name: reader.Name, card: reader.ReaderID, className: reader.ClassName || '—' })}</Typography>
          {reader.Loans.length ? (
            <Table size="small" aria-label={t('register.loansOf', { name: reader.Name, card: reader.ReaderID, className: reader.ClassName || '—' })}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('fields.Barcode')}</TableCell>
                  <TableCell>{t('fields.Title')}</TableCell>
                  <TableCell>{t('fields.LoanedAt')}</TableCell>
                  <TableCell>{t('fields.DueAt')}</TableCell>
                  <TableCell align="right">{t('fields.Price')}</TableCell>
                  <TableCell>{t('fields.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {reader.Loans.map((l) => (
                  <TableRow key={l.LoanID}>
                    <TableCell>{l.Barcode}</TableCell>
                    <TableCell>{l.Title}</TableCell>
                    <TableCell>{dayjs(l.LoanedAt).format('YYYY-MM-DD')}</TableCell>
                    <TableCell>{dayjs(l.DueAt).format('YYYY-MM-DD')}</TableCell>
                    <TableCell align="right">{yuan(l.Price)}</TableCell>
                    <TableCell><Button size="small" onClick={() => pick(l.Barcode)}>{t('register.pick')}</Button></TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : <Typography variant="body2" color="text.secondary">{t('register.noLoans')}</Typography>}
        </Paper>
      )}

      {copy && (
        <Paper variant="outlined" sx={{ p: 2 }} component="form" onSubmit={register} data-testid="loss-copy">
          <Stack spacing={2}>
            <Typography variant="subtitle1" component="h2">{copy.Title}</Typography>
            <Stack direction="row" sx={{ gap: 6, flexWrap: 'wrap' }}>
              <Stack spacing={0.5}>
                <Fact label={t('fields.Barcode')} value={copy.Barcode} />
                <Fact label={t('fields.CallNo')} value={copy.CallNo} />
                <Fact label={t('fields.Place')} value={[copy.BranchName, copy.AreaName].filter(Boolean).join(' · ')} />
                <Fact label={t('fields.CopyState')} value={t(`catalogue:circ.${copy.State}`)} />
                <Fact label={t('fields.Price')} value={yuan(copy.Price)} />
              </Stack>
              <Stack spacing={0.5}>
                {copy.Loan ? (
                  <>
                    <Fact label={t('fields.ReaderName')} value={`${copy.Loan.ReaderName} (${copy.Loan.ReaderID})`} />
                    <Fact label={t('fields.ClassName')} value={copy.Loan.ClassName} />
                    <Fact label={t('fields.LoanedAt')} value={dayjs(copy.Loan.LoanedAt).format('YYYY-MM-DD')} />
                    <Fact label={t('fields.DueAt')} value={dayjs(copy.Loan.DueAt).format('YYYY-MM-DD')} />
                  </>
                ) : <Typography variant="body2">{t('register.notOnLoan')}</Typography>}
              </Stack>
            </Stack>
            {copy.OpenRecord ? (
              <Alert severity="warning">{t('register.already', { bill: copy.OpenRecord.BillNo, state: t(`state.${copy.OpenRecord.State}`) })}</Alert>
            ) : (
              <>
                <div>
                  <FormLabel id="loss-kind-label">{t('fields.Kind')}</FormLabel>
                  <RadioGroup row aria-labelledby="loss-kind-label" value={kind} onChange={(e) => setKind(e.target.value as LossKind)}>
                    {LOSS_KINDS.map((k) => (
                      <FormControlLabel key={k} value={k} control={<Radio />} label={t(`kind.${k}`)} disabled={!kindAllowed(k, !!copy.Loan)} />
                    ))}
                  </RadioGroup>
                </div>
                <Stack direction="row" sx={{ gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
                  <TextField
                    label={t('fields.Amount')} value={amount} onChange={(e) => setAmount(e.target.value)} sx={{ width: 200 }}
                    error={amountValue == null} helperText={amountValue == null ? t('register.amountInvalid') : t('register.suggested', { amount: yuan(copy.SuggestedAmount) })}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'loss-amount' } }}
                  />
                  {changed && (
                    <TextField
                      required label={t('fields.AmountReason')} value={reason} onChange={(e) => setReason(e.target.value)} sx={{ width: 320 }}
                      error={!reason.trim()} helperText={t('register.reasonHint')} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'loss-reason' } }}
                    />
                  )}
                  <TextField label={t('fields.Note')} value={note} onChange={(e) => setNote(e.target.value)} sx={{ width: 360 }} slotProps={{ htmlInput: { maxLength: 500 } }} />
                </Stack>
                {canRegister && (
                  <div>
                    <Button ref={registerButton} type="submit" variant="contained" color="warning" disabled={!canSubmit || actions.register.isPending} data-testid="loss-register">
                      {t('register.submit')}
                    </Button>
                  </div>
                )}
              </>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
