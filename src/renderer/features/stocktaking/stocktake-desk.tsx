import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { STOCKTAKE_OPS, stocktakingCalls as C, type Stocktake } from '../../../shared/api/stocktaking.ts';
import { call } from '../../lib/api-client.ts';
import { BROWSER_UNSUPPORTED } from '../../lib/bridge.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { useScannerBursts } from '../../lib/scanner-bursts.ts';
import { toast } from '../../lib/toast-store.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { CloseDialog } from './close-dialog.tsx';
import { CountsStrip } from './counts-strip.tsx';
import { PlacePicker } from './place-picker.tsx';
import { ScanLog } from './scan-log.tsx';
import { stateChip } from './stocktake-list.tsx';
import { useRfidInventory } from './use-rfid-inventory.ts';
import { useStocktakeScans, type ScanPlace } from './use-stocktake-scans.ts';

/** Other desks scan the same stocktake: their counts arrive within this time. */
const POLL_MS = 5000;

function Toolbar({ s, onCloseClick }: { s: Stocktake; onCloseClick: () => void }) {
  const { t } = useTranslation('stocktaking');
  const qc = useQueryClient();
  const canRun = useCanOp(STOCKTAKE_OPS.run);
  const canClose = useCanOp(STOCKTAKE_OPS.close);
  const done = (next: Stocktake) => {
    qc.setQueryData(['stocktaking', 'one', s.ID], next);
    void qc.invalidateQueries({ queryKey: ['stocktaking', 'list'] });
  };
  const setState = useMutation({ mutationFn: (State: 'open' | 'paused') => call(C.setState, { ID: s.ID, State }), onSuccess: done });
  const undo = useMutation({
    mutationFn: () => call(C.undoClose, { ID: s.ID }),
    onSuccess: (r) => {
      toast.text([t('desk.undoDone', { count: r.Restored }), r.Skipped.length ? t('desk.undoSkipped', { list: r.Skipped.join(', ') }) : ''].filter(Boolean).join(' '), 'success');
      done(r.Stocktake);
    },
  });
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
      {canRun && s.State === 'open' && <Button variant="outlined" onClick={() => setState.mutate('paused')} data-testid="stocktake-pause">{t('desk.pause')}</Button>}
      {canRun && s.State === 'paused' && <Button variant="contained" onClick={() => setState.mutate('open')} data-testid="stocktake-resume">{t('desk.resume')}</Button>}
      {canClose && s.State !== 'closed' && <Button variant="outlined" color="error" onClick={onCloseClick} data-testid="stocktake-close">{t('desk.close')}</Button>}
      {canClose && s.State === 'closed' && <Button variant="outlined" disabled={undo.isPending} onClick={() => undo.mutate()} data-testid="stocktake-undo">{t('desk.undo')}</Button>}
      <Button onClick={() => navigateTo(`/inventory-report?id=${s.ID}`)}>{t('desk.report')}</Button>
    </Stack>
  );
}

/**
 * One stocktake at a desk: live counts, where the desk is scanning, the scan box (it keeps the
 * focus; a scanner's burst reaches it from anywhere on the screen), the RFID pad on the desktop,
 * and the last scans with their sound. Pause, resume, close (with its preview) and undo.
 */
export function StocktakeDesk({ id, onBack }: { id: number; onBack: () => void }) {
  const { t, i18n } = useTranslation(['stocktaking', 'errors', 'rfid']);
  const one = useQuery({ queryKey: ['stocktaking', 'one', id, i18n.language], queryFn: () => call(C.get, { ID: id }), refetchInterval: POLL_MS });
  const [place, setPlace] = useState<ScanPlace>({ AreaID: null, ShelfID: null });
  const [code, setCode] = useState('');
  const [closing, setClosing] = useState(false);
  const box = useRef<HTMLInputElement>(null);
  const scans = useStocktakeScans(id);
  const canRun = useCanOp(STOCKTAKE_OPS.run);
  const rfid = useRfidInventory((c, uid) => scans.scan(c, place, uid), () => toast.key('stocktaking:desk.unreadableTag', 'warning'));
  const s = one.data;
  const scanning = s?.State === 'open' && canRun;
  useScannerBursts((scanned) => {
    scans.scan(scanned, place);
    box.current?.focus();
  }, scanning);
  if (!s) {
    return one.isError
      ? <Alert severity="warning" action={<Button onClick={onBack}>{t('desk.back')}</Button>}>{t('refused.notFound')}</Alert>
      : <Typography>…</Typography>;
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    scans.scan(code, place);
    setCode('');
    box.current?.focus();
  };
  return (
    <Stack spacing={2} data-testid="stocktake-desk">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button onClick={onBack}>{t('desk.back')}</Button>
        <Typography variant="h6" component="h2" data-testid="stocktake-title">{s.Name}</Typography>
        <Chip size="small" {...stateChip(s.State)} label={t(`states.${s.State}`)} data-testid="stocktake-state" />
        <Typography variant="body2" color="text.secondary">{s.Areas.map((a) => a.Name).join('、')}</Typography>
        <Typography variant="body2" color="text.secondary">{t('desk.startedBy', { time: dayjs(s.StartedAt).format('YYYY-MM-DD HH:mm'), name: s.StartedBy })}</Typography>
      </Stack>
      <Toolbar s={s} onCloseClick={() => setClosing(true)} />
      <CountsStrip counts={s.Counts} />
      {s.State === 'paused' && <Alert severity="info">{s.Undone ? t('desk.undoneNote') : t('desk.pausedNote')}</Alert>}
      {s.State === 'closed' && <Alert severity="info" data-testid="stocktake-closed-note">{t('desk.closedNote', { time: dayjs(s.ClosedAt).format('YYYY-MM-DD HH:mm'), count: s.Marked })}</Alert>}
      {scanning && (
        <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
          <Stack spacing={2}>
            <PlacePicker stocktake={s} place={place} onChange={(p) => { setPlace(p); box.current?.focus(); }} />
            <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
              <TextField inputRef={box} autoFocus value={code} onChange={(e) => setCode(e.target.value)} sx={{ width: 420, maxWidth: '100%' }}
                label={t('desk.scanLabel')} helperText={t('desk.scanHelp')} onBlur={() => setTimeout(() => { if (document.activeElement === document.body) box.current?.focus(); }, 0)}
                slotProps={{ htmlInput: { 'data-testid': 'stocktake-scan', maxLength: 64, autoComplete: 'off' } }} />
              <Button type="submit" variant="contained" sx={{ mt: 1 }}>{t('desk.scan')}</Button>
              {rfid.state === 'reading' && <Button sx={{ mt: 1 }} onClick={rfid.stop}>{t('desk.rfidOff')}</Button>}
              {(rfid.state === 'idle' || rfid.state === 'unavailable') && <Button sx={{ mt: 1 }} onClick={rfid.start} data-testid="stocktake-rfid">{t('desk.rfidStart')}</Button>}
            </Stack>
            {rfid.state === 'reading' && <Alert severity="info">{t('desk.rfidOn')}</Alert>}
            {rfid.state === 'unsupported' && <Typography variant="body2" color="text.secondary" data-testid="stocktake-rfid-unsupported">{t('desk.rfid')}: {t(BROWSER_UNSUPPORTED)}</Typography>}
            {rfid.state === 'unavailable' && <Alert severity="warning">{t('rfid:errors.unavailable')}</Alert>}
          </Stack>
        </Paper>
      )}
      <ScanLog log={scans.log} />
      {closing && <CloseDialog id={s.ID} onClose={() => setClosing(false)} />}
    </Stack>
  );
}
