import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useDesk, type DeskMode } from './use-desk.ts';
import { useScannerBursts } from '../../lib/scanner-bursts.ts';
import { usePad } from './use-pad.ts';
import { ReaderPanel } from './reader-panel.tsx';
import { LoansTable } from './loans-table.tsx';
import { DeskLog } from './desk-log.tsx';
import { useBorrowVerify } from './use-borrow-verify.ts';
import { VerifyChip } from './verify-chip.tsx';
import { VerifyPrompt } from './verify-prompt.tsx';

/**
 * The circulation desk (/surrency/borrow, /return, /renew): one box, scanner first, no mouse. A
 * reader card opens the reader; a book is then lent (returned, renewed) at once, with a sound for
 * done and one for refused; the box clears and keeps the focus after every scan. At a desktop with
 * an RFID board, books laid on the pad are handled the same way and their AFI switched. F4 undoes the
 * desk's last transaction; Esc closes the reader for the next one in the queue.
 */
export function DeskScreen({ mode }: { mode: DeskMode }) {
  const { t } = useTranslation(['circulation', 'screens']);
  // Borrow verification (lending only): a reader opened is asked to confirm before the first loan.
  const verify = useBorrowVerify(mode === 'borrow');
  const desk = useDesk(mode, { onVerifyRequired: verify.ask });
  const [code, setCode] = useState('');
  const [padCard, setPadCard] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const path = `/surrency/${mode}`;
  const readerId = desk.reader?.UserID;
  useEffect(() => {
    if (desk.reader && verify.required && verify.untilOf(desk.reader.UserID) == null) verify.ask(desk.reader);
  }, [readerId, verify.required]);
  const verifyDone = () => requestAnimationFrame(() => box.current?.focus());

  useScannerBursts((scanned) => {
    desk.scan(scanned);
    box.current?.focus();
  });
  // While the reader confirms, a card laid on the pad is their card.
  const pad = usePad((code, uid) => (verify.asking ? setPadCard(code) : desk.scan(code, uid)), desk.padUnreadable);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F4') {
        e.preventDefault();
        desk.undoLast();
        box.current?.focus();
      } else if (e.key === 'Escape' && desk.reader && !verify.asking) {
        desk.closeReader();
        box.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    desk.scan(code);
    setCode('');
    box.current?.focus();
  };

  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 1280 }}>
      <Typography variant="h5" component="h1">{t(`screens:titles.${path}`)}</Typography>
      <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            inputRef={box} autoFocus size="medium" sx={{ width: 420, maxWidth: '100%' }} value={code} onChange={(e) => setCode(e.target.value)}
            label={t(`desk.box.${mode}`)} helperText={t(`desk.hint.${mode}`)}
            slotProps={{ htmlInput: { 'data-testid': 'desk-scan', maxLength: 64, autoComplete: 'off' } }}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }}>{t(`desk.submit.${mode}`)}</Button>
          <Button variant="outlined" sx={{ mt: 1 }} onClick={() => { desk.undoLast(); box.current?.focus(); }} data-testid="desk-undo">{t('desk.undo')}</Button>
          {desk.reader && (
            <Button sx={{ mt: 1 }} onClick={() => { desk.closeReader(); box.current?.focus(); }} data-testid="desk-close-reader">{t('desk.closeReader')}</Button>
          )}
          {pad !== 'none' && (
            <Chip sx={{ mt: 1.5 }} color={pad === 'ready' ? 'success' : 'warning'} variant="outlined" label={t(`desk.pad.${pad}`)} data-testid="desk-pad" />
          )}
        </Stack>
      </Paper>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ flex: 3, minWidth: 0, width: '100%' }}>
          {desk.reader ? (
            <>
              <ReaderPanel reader={desk.reader} extra={verify.required && <VerifyChip until={verify.untilOf(desk.reader.UserID)} onAsk={() => desk.reader && verify.ask(desk.reader)} />} />
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
                  <Typography variant="subtitle1" component="h2">{t('desk.loansHeading')}</Typography>
                  {mode === 'renew' && desk.reader.Loans.length > 0 && (
                    <Button size="small" variant="contained" onClick={desk.renewAll} data-testid="desk-renew-all">{t('desk.renewAll')}</Button>
                  )}
                </Stack>
                <LoansTable loans={desk.reader.Loans} onRenew={mode === 'borrow' ? undefined : desk.renewOne} />
              </Paper>
            </>
          ) : (
            <Alert severity="info" data-testid="desk-idle">{t(`desk.idle.${mode}`)}</Alert>
          )}
        </Stack>
        <Paper variant="outlined" sx={{ p: 2, flex: 2, minWidth: 0, width: '100%' }}>
          <Typography variant="subtitle1" component="h2">{t('desk.logHeading')}</Typography>
          {desk.log.length ? <DeskLog entries={desk.log} /> : <Typography variant="body2" color="text.secondary">{t('desk.logEmpty')}</Typography>}
        </Paper>
      </Stack>
      {verify.asking && (
        <VerifyPrompt
          target={verify.asking} mode={verify.mode} padCode={padCard}
          onDone={(r) => { verify.confirmed(verify.asking!.UserID, r.VerifiedUntil); setPadCard(null); verifyDone(); }}
          onCancel={() => { verify.cancel(); setPadCard(null); verifyDone(); }}
        />
      )}
    </Stack>
  );
}
