import { useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { VOLUNTEER_CORRECT, VOLUNTEER_DUTY, volunteerCalls as C, type Duty } from '../../../shared/api/volunteers.ts';
import { call } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { useScannerBursts } from '../../lib/scanner-bursts.ts';
import { playSound } from '../../lib/sounds.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { SearchList } from '../../kit/search-list/search-list.tsx';
import { DutyDialog } from './duty-dialog.tsx';
import { dutyResource } from './volunteers.resources.ts';

/** Sign a duty in or out by scanning the volunteer's card: the first scan starts it, the next ends it. */
function DutyScan() {
  const { t } = useTranslation('volunteers');
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [last, setLast] = useState<{ ok: boolean; text: string } | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const send = async (card: string) => {
    try {
      const r = await call(C.scanDuty, { ReaderID: card }, { toast: false });
      const text = r.Action === 'in' ? t('duty.in', { name: r.Duty.Name, post: r.Duty.PostName }) : t('duty.out', { name: r.Duty.Name, minutes: r.Duty.Minutes ?? 0 });
      setLast({ ok: true, text });
      playSound('success');
      await Promise.all([qc.invalidateQueries({ queryKey: ['volunteer-duty'] }), qc.invalidateQueries({ queryKey: ['volunteer-hours'] })]);
    } catch (err) {
      setLast({ ok: false, text: t('duty.refusedLine', { card, reason: isApiError(err) ? (err.isKey ? t(err.message) : err.message) : String(err) }) });
      playSound('refusal');
    }
  };
  const scan = (raw: string) => {
    const card = raw.trim();
    if (card) queue.current = queue.current.then(() => send(card)).catch(() => undefined);
  };
  useScannerBursts((s) => {
    scan(s);
    box.current?.focus();
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    scan(code);
    setCode('');
    box.current?.focus();
  };
  return (
    <Paper variant="outlined" component="form" onSubmit={submit} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>{t('duty.scanHeading')}</Typography>
      <Stack direction="row" sx={{ gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          inputRef={box} autoFocus value={code} onChange={(e) => setCode(e.target.value)} sx={{ width: 420, maxWidth: '100%' }}
          label={t('duty.scanLabel')} helperText={t('duty.scanHelp')} slotProps={{ htmlInput: { 'data-testid': 'duty-scan', maxLength: 64, autoComplete: 'off' } }}
        />
        <Button type="submit" variant="contained" sx={{ mt: 1 }}>{t('duty.submit')}</Button>
      </Stack>
      {last ? <Alert severity={last.ok ? 'success' : 'error'} sx={{ mt: 1 }} data-testid="duty-result">{last.text}</Alert> : null}
    </Paper>
  );
}

/** The service log: duties by day, term and volunteer, open ones included, with staff corrections. */
export function DutiesPanel() {
  const { t } = useTranslation('volunteers');
  const canScan = useCanOp(VOLUNTEER_DUTY);
  const canCorrect = useCanOp(VOLUNTEER_CORRECT);
  const [editing, setEditing] = useState<Duty | 'new' | null>(null);
  return (
    <Stack spacing={2}>
      {canScan ? <DutyScan /> : null}
      <SearchList
        config={{
          resource: dutyResource,
          filters: ['DateFrom', 'DateTo', 'TermID', 'Reader', 'OpenOnly'],
          columns: ['Day', 'ReaderID', 'Name', 'ClassName', 'PostName', 'StartedAt', 'EndedAt', 'Minutes', 'Note', 'StaffName'],
          columnOverrides: { EndedAt: { valueFormatter: (_v: unknown, row: Duty) => (row.EndedAt ? dayjs(row.EndedAt).format('YYYY-MM-DD HH:mm') : t('duty.open')) } },
          slots: {
            toolbar: canCorrect ? <Button onClick={() => setEditing('new')} data-testid="duty-add">{t('duty.add')}</Button> : null,
            ...(canCorrect ? {
              rowActions: (row: Duty) => <Button size="small" onClick={() => setEditing(row)} data-testid={`duty-correct-${row.ID}`}>{t('duty.correct')}</Button>,
              rowActionLabels: [t('duty.correct')],
            } : {}),
          },
        }}
      />
      {editing ? <DutyDialog duty={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
