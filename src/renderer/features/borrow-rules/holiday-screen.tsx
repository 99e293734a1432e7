import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { borrowRulesCalls as c, type CalendarData, type ClosedPeriod } from '../../../shared/api/borrow-rules.ts';
import { isClosedDay } from '../../../shared/domain/borrowing/due-dates.ts';
import { addDays, weekdayOf } from '../../../shared/domain/borrowing/local-days.ts';
import { call } from '../../lib/api-client.ts';
import { MonthCalendar } from './month-calendar.tsx';
import { DuePreview } from './due-preview.tsx';
import { useCanOp } from '../../lib/use-can-op.ts';

const CAL_KEY = ['borrow-rules', 'calendar'] as const;

function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

function daysOf(p: ClosedPeriod): string[] {
  const out: string[] = [];
  for (let d = p.From; d <= p.To; d = addDays(d, 1)) out.push(d);
  return out;
}

/** /holiday-management: closed weekdays, closed dates with reasons, make-up days; due dates move off them. */
export default function HolidayScreen() {
  const { t } = useTranslation('borrow-rules');
  const qc = useQueryClient();
  const canEdit = useCanOp('rules.holidays.edit');
  const cal = useQuery({ queryKey: CAL_KEY, queryFn: () => call(c.getCalendar, {}) });
  const [month, setMonth] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const onSaved = (data: CalendarData) => {
    qc.setQueryData(CAL_KEY, data);
    void qc.invalidateQueries({ queryKey: ['borrow-rules', 'due'] });
  };
  const setDays = useMutation({ mutationFn: (input: { Days: string[]; State: 'closed' | 'open' | 'default'; Reason?: string }) => call(c.setDays, input), onSuccess: onSaved });
  const setWeekdays = useMutation({ mutationFn: (ws: number[]) => call(c.setClosedWeekdays, { ClosedWeekdays: ws }), onSuccess: onSaved });

  const data = cal.data;
  const shown = month ?? data?.Today.slice(0, 7) ?? null;
  const reasons = new Map((data?.Days ?? []).map((d) => [d.Day, d.Reason]));
  const busy = !canEdit || setDays.isPending || setWeekdays.isPending;

  const toggle = (day: string) => {
    if (!data) return;
    const weekdayClosed = data.Calendar.ClosedWeekdays.includes(weekdayOf(day));
    const closed = isClosedDay(day, data.Calendar);
    // Open ↔ closed: a date override where the weekly rule says otherwise, else back to the rule.
    const state = closed ? (weekdayClosed ? 'open' : 'default') : weekdayClosed ? 'default' : 'closed';
    setDays.mutate({ Days: [day], State: state, Reason: state === 'closed' ? reason : state === 'open' ? t('holiday.makeUpDay') : '' });
  };
  const toggleWeekday = (w: number) => {
    if (!data) return;
    const ws = data.Calendar.ClosedWeekdays;
    setWeekdays.mutate(ws.includes(w) ? ws.filter((x) => x !== w) : [...ws, w]);
  };

  return (
    <>
      <Stack spacing={2} sx={{ p: 2, maxWidth: 1200 }}>
        <Typography variant="h6" component="h1">{t('holiday.title')}</Typography>
        {cal.isError && <Alert severity="error">{t('holiday.loadFailed')}</Alert>}
        {!canEdit && <Alert severity="info" data-testid="holiday-readonly">{t('holiday.readOnly')}</Alert>}
        {data && shown && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Paper variant="outlined" sx={{ p: 2, flex: 2, width: '100%' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                <IconButton aria-label={t('holiday.prevMonth')} onClick={() => setMonth(shiftMonth(shown, -1))} data-testid="holiday-prev"><ChevronLeft /></IconButton>
                <Typography sx={{ minWidth: 96, textAlign: 'center' }} data-testid="holiday-month-label">{shown}</Typography>
                <IconButton aria-label={t('holiday.nextMonth')} onClick={() => setMonth(shiftMonth(shown, 1))} data-testid="holiday-next"><ChevronRight /></IconButton>
                <Button size="small" onClick={() => setMonth(null)}>{t('holiday.thisMonth')}</Button>
                <TextField
                  size="small" label={t('holiday.reason')} value={reason} onChange={(e) => setReason(e.target.value)}
                  slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'holiday-reason' } }} sx={{ ml: 'auto' }}
                />
              </Stack>
              <Typography variant="caption" color="text.secondary">{t('holiday.clickHint')}</Typography>
              <MonthCalendar month={shown} calendar={data.Calendar} reasons={reasons} today={data.Today} disabled={busy} onToggle={toggle} />
              <Typography sx={{ mt: 2 }} variant="subtitle2">{t('holiday.weeklyClosed')}</Typography>
              <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
                {[1, 2, 3, 4, 5, 6, 0].map((w) => (
                  <FormControlLabel
                    key={w}
                    label={t(`holiday.weekdays.${w}`)}
                    control={<Checkbox checked={data.Calendar.ClosedWeekdays.includes(w)} disabled={busy} onChange={() => toggleWeekday(w)} slotProps={{ input: { 'data-testid': `weekday-${w}` } as object }} />}
                  />
                ))}
              </Stack>
            </Paper>
            <Stack spacing={2} sx={{ flex: 1, width: '100%' }}>
              <DuePreview />
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="subtitle2">{t('holiday.periods')}</Typography>
                <List dense data-testid="holiday-periods" sx={{ maxHeight: 360, overflow: 'auto' }}>
                  {data.Periods.length === 0 && <ListItem><ListItemText primary={t('holiday.noPeriods')} /></ListItem>}
                  {[...data.Periods].reverse().map((p) => (
                    <ListItem
                      key={p.From}
                      data-testid={`period-${p.From}`}
                      secondaryAction={canEdit && (
                        <IconButton edge="end" aria-label={t('holiday.reopen')} disabled={busy} onClick={() => setDays.mutate({ Days: daysOf(p), State: 'default' })}>
                          <DeleteOutlined />
                        </IconButton>
                      )}
                    >
                      <ListItemText primary={p.Reason || t('holiday.closed')} secondary={p.From === p.To ? p.From : t('holiday.range', { from: p.From, to: p.To, days: p.Days })} />
                    </ListItem>
                  ))}
                </List>
              </Paper>
            </Stack>
          </Stack>
        )}
      </Stack>
    </>
  );
}
