import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { SchoolCalendar } from '../../../shared/domain/borrowing/schemas.ts';
import { isClosedDay } from '../../../shared/domain/borrowing/due-dates.ts';
import { addDays, weekdayOf } from '../../../shared/domain/borrowing/local-days.ts';
import { visuallyHidden } from '../../lib/visually-hidden.ts';

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

/** The rows of a month grid: weeks of seven cells. */
export function monthWeeks(month: string): Array<Array<string | null>> {
  const cells = monthGrid(month);
  return Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7));
}

/**
 * Where a grid key moves the focus from `day` (arrows by day and week, Home/End to the week's
 * ends), kept inside the month; null for keys the grid does not handle.
 */
export function dayAfterKey(day: string, key: string, month: string): string | null {
  const mondayOffset = (weekdayOf(day) + 6) % 7;
  const by: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7, Home: -mondayOffset, End: 6 - mondayOffset };
  if (!(key in by)) return null;
  let next = addDays(day, by[key]!);
  // Home/End stop at the month's first or last day when the week crosses its edge.
  if (key === 'Home' || key === 'End') while (!next.startsWith(month)) next = addDays(next, key === 'Home' ? 1 : -1);
  return next.startsWith(month) ? next : day;
}

interface Props {
  month: string;
  calendar: SchoolCalendar;
  reasons: ReadonlyMap<string, string>;
  today: string;
  disabled: boolean;
  onToggle: (day: string) => void;
}

/**
 * A month of the school calendar as an ARIA grid (table > rows > cells) whose cells hold a toggle
 * button: pressed = closed. One button is in the tab order; arrows, Home and End move between
 * days, Enter or Space toggles. Each button is named by its full date, weekday and state; the
 * short visible texts are hidden from assistive technology so the name is not said twice.
 */
export function MonthCalendar({ month, calendar, reasons, today, disabled, onToggle }: Props) {
  const { t } = useTranslation('borrow-rules');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [focused, setFocused] = useState<string | null>(null);
  const active = focused?.startsWith(month) ? focused : today.startsWith(month) ? today : `${month}-01`;

  const onKeyDown = (day: string) => (e: KeyboardEvent) => {
    const next = dayAfterKey(day, e.key, month);
    if (next == null) return;
    e.preventDefault();
    setFocused(next);
    buttons.current.get(next)?.focus();
  };

  return (
    <Box
      component="table"
      role="grid"
      aria-label={month}
      data-testid="holiday-month"
      // The 4 px spacing also surrounds the outer cells; the negative margin keeps the edges flush.
      sx={{ width: 'calc(100% + 8px)', tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 4, mx: -0.5 }}
    >
      {/* Explicit roles: not every tool maps td inside a grid table to gridcell. */}
      <thead>
        <tr role="row">
          {WEEK_ORDER.map((w) => (
            <Box component="th" role="columnheader" scope="col" key={w} sx={{ typography: 'caption', fontWeight: 400, color: 'text.secondary', textAlign: 'center' }}>
              {t(`holiday.weekdays.${w}`)}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr role="row" key={week.find(Boolean) ?? ''}>
            {week.map((day, i) => {
              if (!day) return <td role="gridcell" key={`pad-${i}`} />;
              const closed = isClosedDay(day, calendar);
              const reason = reasons.get(day) ?? '';
              const state = t(closed ? 'holiday.closed' : 'holiday.open');
              const label = `${day} ${t(`holiday.weekdays.${weekdayOf(day)}`)} ${state}${reason ? ` ${reason}` : ''}`;
              return (
                <td role="gridcell" key={day}>
                  <ButtonBase
                    ref={(el: HTMLButtonElement | null) => { if (el) buttons.current.set(day, el); else buttons.current.delete(day); }}
                    aria-pressed={closed}
                    title={label}
                    tabIndex={day === active ? 0 : -1}
                    disabled={disabled}
                    onClick={() => onToggle(day)}
                    onFocus={() => setFocused(day)}
                    onKeyDown={onKeyDown(day)}
                    data-testid={`day-${day}`}
                    data-state={closed ? 'closed' : 'open'}
                    sx={{
                      width: '100%', flexDirection: 'column', minHeight: 56, borderRadius: 1, border: 1,
                      borderColor: day === today ? 'primary.main' : 'divider',
                      bgcolor: closed ? 'action.selected' : 'background.paper',
                      color: closed ? 'text.secondary' : 'text.primary',
                      '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 1 },
                    }}
                  >
                    <Box component="span" sx={visuallyHidden}>{label}</Box>
                    <Typography aria-hidden variant="body2" component="span" sx={{ fontWeight: day === today ? 700 : 400 }}>{Number(day.slice(8))}</Typography>
                    <Typography
                      aria-hidden
                      variant="caption"
                      component="span"
                      noWrap
                      // error.main on the closed-day grey is 4.2:1; the darker red (lighter in dark mode) passes AA.
                      sx={{ maxWidth: '100%', px: 0.5, color: (th) => (!closed ? th.palette.success[th.palette.mode === 'dark' ? 'light' : 'dark'] : th.palette.error[th.palette.mode === 'dark' ? 'light' : 'dark']) }}
                    >
                      {reason || (closed ? t('holiday.closed') : '')}
                    </Typography>
                  </ButtonBase>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}
