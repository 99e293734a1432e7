import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { circulationVerifyCalls as V, type CheckVerifyResult, type VerifyMode } from '../../../shared/api/circulation-verify.ts';
import { call } from '../../lib/api-client.ts';
import { errorText } from '../../kit/data/error-text.ts';
import { playSound } from '../../lib/sounds.ts';
import { scannedCode, type Keystroke } from '../../lib/scanner-bursts.ts';
import type { VerifyTarget } from './use-borrow-verify.ts';

const time = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * Asks the reader at the lending desk to confirm who they are, keyboard only: one field that takes
 * the focus. Typed keys are the borrowing PIN (Enter checks); a scanner burst into it, or a card on
 * the RFID pad (`padCode`), is the card. A card number typed by hand is refused: the card itself
 * must be there. Esc cancels.
 */
export function VerifyPrompt({ target, mode, padCode, onDone, onCancel }: {
  target: VerifyTarget;
  mode: VerifyMode;
  padCode: string | null;
  onDone: (r: CheckVerifyResult) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('circulation');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const keys = useRef<Keystroke[]>([]);
  const field = useRef<HTMLInputElement>(null);

  const check = async (input: { Password?: string; CardNo?: string }) => {
    setBusy(true);
    try {
      const r = await call(V.checkVerify, { UserID: target.UserID, ...input }, { toast: false });
      if (r.Verified) {
        playSound('success');
        onDone(r);
        return;
      }
      playSound('refusal');
      setProblem(t(`verify.fail.${r.Reason || 'nothingGiven'}`, { name: target.Name, left: r.TriesLeft, time: r.LockedUntil ? time(r.LockedUntil) : '' }));
    } catch (err) {
      playSound('refusal');
      setProblem(errorText(t, err));
    } finally {
      setBusy(false);
      setValue('');
      keys.current = [];
      field.current?.focus();
    }
  };

  useEffect(() => {
    if (padCode && mode !== 'password') void check({ CardNo: padCode });
    // Only a new card on the pad checks again.
  }, [padCode]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const scanned = scannedCode(keys.current);
    if (scanned) {
      if (mode === 'password') return setProblem(t('verify.fail.methodNotAllowed'));
      return void check({ CardNo: scanned });
    }
    if (!value) return setProblem(t('verify.fail.nothingGiven'));
    if (mode === 'card') {
      setValue('');
      keys.current = [];
      return setProblem(t('verify.typedCard'));
    }
    void check({ Password: value });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key.length === 1) keys.current.push({ key: e.key, at: e.timeStamp || performance.now() });
    else if (e.key === 'Backspace' || e.key === 'Delete') keys.current = [];
  };

  return (
    <Dialog open onClose={onCancel} maxWidth="xs" fullWidth data-testid="verify-prompt" aria-labelledby="verify-title">
      <DialogTitle id="verify-title">{t('verify.title')}</DialogTitle>
      <form onSubmit={submit}>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>{t(`verify.intro.${mode === 'off' ? 'either' : mode}`, { name: target.Name })}</Typography>
        <TextField
          inputRef={field} autoFocus fullWidth type="password" label={t(`verify.field.${mode === 'off' ? 'either' : mode}`)} value={value}
          onChange={(e) => { setValue(e.target.value); setProblem(null); }} onKeyDown={onKeyDown}
          slotProps={{ htmlInput: { 'data-testid': 'verify-pin', maxLength: 64, autoComplete: 'off' } }}
        />
        {problem && <Alert severity="error" sx={{ mt: 2 }} data-testid="verify-problem" role="alert">{problem}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('verify.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={busy} data-testid="verify-check">{busy ? t('verify.checking') : t('verify.check')}</Button>
      </DialogActions>
      </form>
    </Dialog>
  );
}
