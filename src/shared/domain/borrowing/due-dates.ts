import type { SchoolCalendar } from './schemas.ts';
import { addDays, endOfLocalDay, toLocalDay, weekdayOf } from './local-days.ts';

/**
 * Due dates on the school calendar.
 *
 * Mode: count calendar days, then move a due date that falls on a closed day forward to the next open
 * day (Koha's useDaysMode "Datedue", Evergreen's Closed Dates). Closed days inside the loan period are
 * not skipped while counting: a 14-day loan stays 14 days unless it would end while the library is shut.
 *
 * A due date is a whole local day: the loan is due through its end, returned as that day's 23:59:59
 * in the school's offset. A loan is overdue from the next local day on.
 */

/** Longest run of closed days we look past (a year covers any holiday, even a school listing its summer break). */
export const MAX_CLOSED_RUN_DAYS = 366;

export function isClosedDay(day: string, calendar: SchoolCalendar): boolean {
  if (calendar.ClosedDates.includes(day)) return true;
  return calendar.ClosedWeekdays.includes(weekdayOf(day)) && !calendar.OpenDates.includes(day);
}

/** The day itself when open, else the first open day after it; null if none within MAX_CLOSED_RUN_DAYS. */
export function nextOpenDay(day: string, calendar: SchoolCalendar): string | null {
  let d = day;
  for (let i = 0; i <= MAX_CLOSED_RUN_DAYS; i++) {
    if (!isClosedDay(d, calendar)) return d;
    d = addDays(d, 1);
  }
  return null;
}

// A calendar with no open day in a year is misconfigured; keeping the counted day beats blocking the desk.
function shiftOffClosed(day: string, calendar: SchoolCalendar): string {
  return nextOpenDay(day, calendar) ?? day;
}

/** The local due day of a loan made at `loanedAt` for `loanDays` days, moved off closed days. */
export function dueDay(loanedAt: string, loanDays: number, calendar: SchoolCalendar): string {
  return shiftOffClosed(addDays(toLocalDay(loanedAt, calendar.UtcOffsetMinutes), loanDays), calendar);
}

/** Due date (ISO instant, end of the school day) of a loan made at `loanedAt` for `loanDays` days. */
export function dueDate(loanedAt: string, loanDays: number, calendar: SchoolCalendar): string {
  return endOfLocalDay(dueDay(loanedAt, loanDays, calendar), calendar.UtcOffsetMinutes);
}

/**
 * The local due day after a renewal. The period counts from the current due day, or from today when
 * the loan is already overdue (Koha's RenewalPeriodBase, resolved per loan): renewing early never
 * loses the days still left, and renewing late never yields a due date in the past.
 */
export function renewDueDay(currentDue: string, now: string, renewDays: number, calendar: SchoolCalendar): string {
  const due = toLocalDay(currentDue, calendar.UtcOffsetMinutes);
  const today = toLocalDay(now, calendar.UtcOffsetMinutes);
  const base = today > due ? today : due;
  return shiftOffClosed(addDays(base, renewDays), calendar);
}

/** Due date (ISO instant, end of the school day) after renewing a loan due at `currentDue`, at `now`. */
export function renewDueDate(currentDue: string, now: string, renewDays: number, calendar: SchoolCalendar): string {
  return endOfLocalDay(renewDueDay(currentDue, now, renewDays, calendar), calendar.UtcOffsetMinutes);
}

/** Whether a loan due at `due` (instant or local day) is overdue at `now`: only from the next local day on. */
export function isOverdue(due: string, now: string, calendar: SchoolCalendar): boolean {
  return toLocalDay(now, calendar.UtcOffsetMinutes) > toLocalDay(due, calendar.UtcOffsetMinutes);
}
