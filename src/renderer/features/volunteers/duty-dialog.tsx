import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { volunteerCalls as C, type Duty } from '../../../shared/api/volunteers.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';

const LOCAL = 'YYYY-MM-DDTHH:mm';

/**
 * A staff correction of a duty (a forgotten sign-out, a wrong time) or a duty added by hand (the
 * volunteer forgot to scan): start, end and a required note saying why; hours follow.
 */
export function DutyDialog({ duty, onClose }: { duty: Duty | 'new'; onClose: () => void }) {
  const { t } = useTranslation('volunteers');
  const qc = useQueryClient();
  const d = duty === 'new' ? null : duty;
  const [volunteerId, setVolunteerId] = useState<number | ''>('');
  const [start, setStart] = useState(d ? dayjs(d.StartedAt).format(LOCAL) : dayjs().startOf('hour').subtract(1, 'hour').format(LOCAL));
  const [end, setEnd] = useState(d?.EndedAt ? dayjs(d.EndedAt).format(LOCAL) : dayjs(d?.StartedAt).add(1, 'hour').format(LOCAL));
  const [note, setNote] = useState(d?.Corrected ? d.Note : '');
  const vols = useQuery({ queryKey: ['volunteer', 'options'], queryFn: () => call(C.getVolunteerList, { Page: 1, Rows: 1000, State: 'active' }), enabled: !d });
  const save = useMutation({
    mutationFn: () => {
      const span = { StartedAt: dayjs(start).toISOString(), EndedAt: dayjs(end).toISOString(), Note: note };
      return d ? call(C.correctDuty, { ID: d.ID, ...span }) : call(C.addDuty, { VolunteerID: Number(volunteerId), ...span });
    },
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: ['volunteer-duty'] }), qc.invalidateQueries({ queryKey: ['volunteer-hours'] })]);
      toast.key('volunteers:duty.saved', 'success');
      onClose();
    },
  });
  const ready = (d || volunteerId !== '') && start && end && note.trim();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{d ? t('duty.correctTitle', { name: d.Name }) : t('duty.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {d ? null : (
            <TextField select required label={t('duty.volunteer')} value={volunteerId} onChange={(e) => setVolunteerId(Number(e.target.value))} slotProps={{ htmlInput: { 'data-testid': 'duty-volunteer' } }}>
              {(vols.data?.List ?? []).map((v) => <MenuItem key={v.ID} value={v.ID}>{`${v.Name} (${v.ReaderID}) ${v.TermName}`}</MenuItem>)}
            </TextField>
          )}
          <Stack direction="row" spacing={2}>
            <TextField type="datetime-local" required label={t('duty.startedAt')} value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'duty-start' } }} />
            <TextField type="datetime-local" required label={t('duty.endedAt')} value={end} onChange={(e) => setEnd(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'duty-end' } }} />
          </Stack>
          <TextField required label={t('duty.note')} helperText={t('duty.noteHelp')} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'duty-note' } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('duty.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending || !ready} onClick={() => save.mutate()} data-testid="duty-save">{t('duty.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
