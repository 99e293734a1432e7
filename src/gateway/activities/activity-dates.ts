import type { ActivityState } from '../../shared/api/activities.ts';
import { addDays, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';

/**
 * An activity's state on a school-local day: its dates are inclusive local days, so an activity
 * ending today is still running until the school's midnight, wherever the gateway runs.
 */
export function activityState(startDate: string, endDate: string, today: string): ActivityState {
  if (today < startDate) return 'notStarted';
  if (today > endDate) return 'ended';
  return 'doing';
}

/** The school's local day of an instant (now, by default). */
export const localToday = (utcOffsetMinutes: number, now: Date = new Date()) => toLocalDay(now.toISOString(), utcOffsetMinutes);

/** The instant a school-local day begins, as an ISO string comparable with stored instants (UTC, ms). */
export function dayStartInstant(day: string, utcOffsetMinutes: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) - utcOffsetMinutes * 60_000).toISOString();
}

export const nextDay = (day: string) => addDays(day, 1);
