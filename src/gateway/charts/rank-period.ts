import { addDays, daysBetween, toLocalDay, weekdayOf } from '../../shared/domain/borrowing/local-days.ts';
import { MAX_RANK_DAYS, type RankQuery } from '../../shared/api/charts.ts';
import { AppError } from '../http/app-error.ts';

/** A ranking's period: its local days (both included) and the UTC instants loans are compared with (end exclusive). */
export interface RankPeriodRange {
  from: string;
  to: string;
  startUtc: string;
  endUtc: string;
}

/** The UTC instant at which a school-local day begins. */
export function localDayStartUtc(day: string, utcOffsetMinutes: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - utcOffsetMinutes * 60_000).toISOString();
}

/**
 * The local days of a preset or custom period in the school's offset: a week from its Monday, a
 * month or year from its first day, each up to today; the last whole week, month or year; today or yesterday. Loans are stored as UTC ISO instants
 * (toISOString), so comparing the strings compares the instants.
 */
export function rankPeriod(q: Pick<RankQuery, 'Period' | 'From' | 'To'>, utcOffsetMinutes: number, now: Date = new Date()): RankPeriodRange {
  const today = toLocalDay(now.toISOString(), utcOffsetMinutes);
  let from: string;
  let to = today;
  switch (q.Period) {
    case 'week': from = addDays(today, -((weekdayOf(today) + 6) % 7)); break;
    case 'month': from = `${today.slice(0, 7)}-01`; break;
    case 'year': from = `${today.slice(0, 4)}-01-01`; break;
    case 'today': from = today; break;
    case 'yesterday': from = to = addDays(today, -1); break;
    // The last whole week (Monday to Sunday), month and year before the current one.
    case 'lastWeek': to = addDays(today, -((weekdayOf(today) + 6) % 7) - 1); from = addDays(to, -6); break;
    case 'lastMonth': to = addDays(`${today.slice(0, 7)}-01`, -1); from = `${to.slice(0, 7)}-01`; break;
    case 'lastYear': from = `${Number(today.slice(0, 4)) - 1}-01-01`; to = `${Number(today.slice(0, 4)) - 1}-12-31`; break;
    default:
      from = q.From!;
      to = q.To!;
      if (daysBetween(from, to) + 1 > MAX_RANK_DAYS) throw AppError.badRequest('validation:charts.periodTooLong', { max: MAX_RANK_DAYS });
  }
  return { from, to, startUtc: localDayStartUtc(from, utcOffsetMinutes), endUtc: localDayStartUtc(addDays(to, 1), utcOffsetMinutes) };
}
