import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { SchoolCalendar } from '../../../shared/domain/borrowing/schemas.ts';
import { isClosedDay } from '../../../shared/domain/borrowing/due-dates.ts';
import { addDays, weekdayOf } from '../../../shared/domain/borrowing/local-days.ts';

/** The days of a month (yyyy-mm) padded to whole weeks starting on Monday, as the Chinese calendar does. */
export function monthGrid(month: string): Array<string | null> {
  const first = `${month}-01`;
  const lead = (weekdayOf(first) + 6) % 7;
  const cells: Array<string | null> = Array.from({ length: lead }, () => null);
  for (let d = first; d.startsWith(month); d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7) cells.push(null);
  return cells;
}

const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

interface Props {
  month: string;
  calendar: SchoolCalendar;
  reasons: ReadonlyMap<string, string>;
  today: string;
  disabled: boolean;
  onToggle: (day: string) => void;
}

/** A month of the school calendar; a click toggles the day between open and closed. */
export function MonthCalendar({ month, calendar, reasons, today, disabled, onToggle }: Props) {
  const { t } = useTranslation('borrow-rules');
  return (
    <Box role="grid" aria-label={month} data-testid="holiday-month" sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: 0.5 }}>
      {WEEK_ORDER.map((w) => (
        <Typography key={w} role="columnheader" variant="caption" sx={{ textAlign: 'center', color: 'text.secondary' }}>{t(`holiday.weekdays.${w}`)}</Typography>
      ))}
      {monthGrid(month).map((day, i) => {
        if (!day) return <Box key={`pad-${i}`} />;
        const closed = isClosedDay(day, calendar);
        const reason = reasons.get(day) ?? '';
        const label = `${day} ${t(closed ? 'holiday.closed' : 'holiday.open')}${reason ? ` ${reason}` : ''}`;
        return (
          <ButtonBase
            key={day}
            role="gridcell"
            aria-label={label}
            aria-pressed={closed}
            title={label}
            disabled={disabled}
            onClick={() => onToggle(day)}
            data-testid={`day-${day}`}
            data-state={closed ? 'closed' : 'open'}
            sx={{
              flexDirection: 'column', minHeight: 56, borderRadius: 1, border: 1,
              borderColor: day === today ? 'primary.main' : 'divider',
              bgcolor: closed ? 'action.selected' : 'background.paper',
              color: closed ? 'text.secondary' : 'text.primary',
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: day === today ? 700 : 400 }}>{Number(day.slice(8))}</Typography>
            <Typography variant="caption" noWrap sx={{ maxWidth: '100%', px: 0.5, color: closed ? 'error.main' : 'success.main' }}>
              {reason || (closed ? t('holiday.closed') : '')}
            </Typography>
          </ButtonBase>
        );
      })}
    </Box>
  );
}
