import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { VOLUNTEER_EDIT, volunteerCalls as C, type Shift } from '../../../shared/api/volunteers.ts';
import { call } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast-store.ts';
import { useCanOp } from '../../lib/use-can-op.ts';
import { SHIFTS_KEY, ShiftDialog } from './shift-dialog.tsx';

/** The weekly duty schedule: one row per shift, by weekday and time, with the volunteers on it. */
export function SchedulePanel() {
  const { t, i18n } = useTranslation('volunteers');
  const qc = useQueryClient();
  const canEdit = useCanOp(VOLUNTEER_EDIT);
  const [editing, setEditing] = useState<Shift | 'new' | null>(null);
  const shifts = useQuery({ queryKey: [...SHIFTS_KEY, i18n.language], queryFn: () => call(C.getShiftList, {}) });
  const del = useMutation({
    mutationFn: (id: number) => call(C.deleteShift, { ID: id }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: SHIFTS_KEY });
      toast.key('volunteers:schedule.deleted', 'success');
    },
  });
  return (
    <Stack spacing={1.5} sx={{ maxWidth: 1200 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="subtitle1" component="h2">{t('schedule.heading')}</Typography>
        {canEdit ? <Button variant="contained" onClick={() => setEditing('new')} data-testid="shift-add">{t('schedule.add')}</Button> : null}
      </Stack>
      <Paper variant="outlined">
        <Table size="small" data-testid="shift-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('schedule.weekday')}</TableCell>
              <TableCell>{t('schedule.time')}</TableCell>
              <TableCell>{t('schedule.post')}</TableCell>
              <TableCell>{t('schedule.volunteers')}</TableCell>
              <TableCell>{t('schedule.note')}</TableCell>
              {canEdit ? <TableCell>{t('kit:actions')}</TableCell> : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {(shifts.data ?? []).map((s) => (
              <TableRow key={s.ID} data-testid={`shift-${s.ID}`}>
                <TableCell>{t(`schedule.weekdays.${s.Weekday}`)}</TableCell>
                <TableCell>{s.StartTime}–{s.EndTime}</TableCell>
                <TableCell>{s.PostName}</TableCell>
                <TableCell><Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap' }}>{s.Volunteers.map((v) => <Chip key={v.ID} size="small" label={v.Name} />)}</Stack></TableCell>
                <TableCell>{s.Note}</TableCell>
                {canEdit ? (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button size="small" onClick={() => setEditing(s)}>{t('common:actions.edit')}</Button>
                    <Button size="small" color="error" disabled={del.isPending} onClick={() => { if (window.confirm(t('schedule.deleteConfirm'))) del.mutate(s.ID); }}>{t('schedule.delete')}</Button>
                  </TableCell>
                ) : null}
              </TableRow>
            ))}
            {shifts.data && !shifts.data.length ? (
              <TableRow><TableCell colSpan={canEdit ? 6 : 5}><Typography variant="body2" color="text.secondary">{t('schedule.empty')}</Typography></TableCell></TableRow>
            ) : null}
          </TableBody>
        </Table>
      </Paper>
      {editing ? <ShiftDialog shift={editing} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
