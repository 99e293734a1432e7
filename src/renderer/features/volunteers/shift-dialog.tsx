import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { volunteerCalls as C, type Shift } from '../../../shared/api/volunteers.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';

export const SHIFTS_KEY = ['volunteer-shifts'] as const;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

interface Option { ID: number; Label: string }

/** Adds or edits one weekly shift: day, hours, post and the volunteers on it (active ones of any term). */
export function ShiftDialog({ shift, onClose }: { shift: Shift | 'new'; onClose: () => void }) {
  const { t } = useTranslation('volunteers');
  const qc = useQueryClient();
  const s = shift === 'new' ? null : shift;
  const [weekday, setWeekday] = useState(s?.Weekday ?? 1);
  const [start, setStart] = useState(s?.StartTime ?? '12:00');
  const [end, setEnd] = useState(s?.EndTime ?? '12:40');
  const [postId, setPostId] = useState<number | ''>(s?.PostID ?? '');
  const [note, setNote] = useState(s?.Note ?? '');
  const [people, setPeople] = useState<Option[]>(s?.Volunteers.map((v) => ({ ID: v.ID, Label: `${v.Name} (${v.ReaderID})` })) ?? []);
  const posts = useQuery({ queryKey: ['volunteer-post', 'options'], queryFn: () => call(C.getPostList, { Page: 1, Rows: 200 }) });
  const vols = useQuery({ queryKey: ['volunteer', 'options'], queryFn: () => call(C.getVolunteerList, { Page: 1, Rows: 1000, State: 'active' }) });
  const options: Option[] = (vols.data?.List ?? []).map((v) => ({ ID: v.ID, Label: `${v.Name} (${v.ReaderID})${v.ClassName ? ` ${v.ClassName}` : ''}` }));
  const save = useMutation({
    mutationFn: () => {
      const input = { Weekday: weekday, StartTime: start, EndTime: end, PostID: Number(postId), Note: note, VolunteerIDs: people.map((p) => p.ID) };
      return s ? call(C.updateShift, { ID: s.ID, ...input }) : call(C.addShift, input);
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: SHIFTS_KEY });
      toast.key('volunteers:schedule.saved', 'success');
      onClose();
    },
  });
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{t(s ? 'schedule.edit' : 'schedule.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction="row" spacing={2}>
            <TextField select label={t('schedule.weekday')} value={weekday} onChange={(e) => setWeekday(Number(e.target.value))} sx={{ width: 140 }} slotProps={{ htmlInput: { 'data-testid': 'shift-weekday' } }}>
              {WEEKDAYS.map((d) => <MenuItem key={d} value={d}>{t(`schedule.weekdays.${d}`)}</MenuItem>)}
            </TextField>
            <TextField type="time" label={t('schedule.start')} value={start} onChange={(e) => setStart(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'shift-start' } }} />
            <TextField type="time" label={t('schedule.end')} value={end} onChange={(e) => setEnd(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'shift-end' } }} />
          </Stack>
          <TextField select required label={t('schedule.post')} value={postId} onChange={(e) => setPostId(Number(e.target.value))} slotProps={{ htmlInput: { 'data-testid': 'shift-post' } }}>
            {(posts.data?.List ?? []).filter((p) => p.State === 1 || p.ID === postId).map((p) => <MenuItem key={p.ID} value={p.ID}>{p.Name}</MenuItem>)}
          </TextField>
          <Autocomplete
            multiple options={options} value={people} getOptionLabel={(o) => o.Label} isOptionEqualToValue={(a, b) => a.ID === b.ID}
            onChange={(_e, v) => setPeople(v)} loading={vols.isPending}
            renderInput={(p) => <TextField {...p} label={t('schedule.volunteers')} slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'shift-volunteers' } }} />}
          />
          <TextField label={t('schedule.note')} value={note} onChange={(e) => setNote(e.target.value)} slotProps={{ htmlInput: { maxLength: 200 } }} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('schedule.cancel')}</Button>
        <Button variant="contained" disabled={save.isPending || postId === '' || !start || !end} onClick={() => save.mutate()} data-testid="shift-save">{t('schedule.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
