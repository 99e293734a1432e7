import { describe, expect, it } from 'vitest';
import { dueDate, isOverdue, MAX_CLOSED_RUN_DAYS, nextOpenDay, renewDueDate } from './due-dates.ts';
import { addDays } from './local-days.ts';
import { schoolCalendarSchema } from './schemas.ts';
import { calendar } from './test-fixtures.ts';

const weekends = calendar();
/** Spring Festival 2025: Tue 28 Jan to Tue 4 Feb shut; Sun 26 Jan and Sat 8 Feb are make-up working days. */
const springFestival = calendar({
  ClosedDates: ['2025-01-28', '2025-01-29', '2025-01-30', '2025-01-31', '2025-02-01', '2025-02-02', '2025-02-03', '2025-02-04'],
  OpenDates: ['2025-01-26', '2025-02-08'],
});

describe('dueDate', () => {
  it('keeps a due date that falls on an open day, as the end of that school day', () => {
    expect(dueDate('2025-03-03T09:00:00+08:00', 14, weekends)).toBe('2025-03-17T23:59:59+08:00');
  });

  it('moves a due date on a closed Saturday or Sunday to Monday', () => {
    expect(dueDate('2025-03-01T09:00:00+08:00', 14, weekends)).toBe('2025-03-17T23:59:59+08:00');
    expect(dueDate('2025-03-02T09:00:00+08:00', 14, weekends)).toBe('2025-03-17T23:59:59+08:00');
  });

  it('counts closed days inside the period and only moves the end (Datedue mode)', () => {
    // 14 days from Monday spans two weekends and still ends on Monday, not 18 open days later.
    expect(dueDate('2025-03-03T09:00:00+08:00', 14, weekends)).toBe('2025-03-17T23:59:59+08:00');
    expect(dueDate('2025-03-03T09:00:00+08:00', 5, weekends)).toBe('2025-03-10T23:59:59+08:00');
  });

  it('moves past a whole run of closed dates such as the Spring Festival week', () => {
    expect(dueDate('2025-01-14T09:00:00+08:00', 14, springFestival)).toBe('2025-02-05T23:59:59+08:00');
    expect(dueDate('2025-01-21T09:00:00+08:00', 14, springFestival)).toBe('2025-02-05T23:59:59+08:00');
  });

  it('keeps a due date on a make-up working day even though its weekday is closed', () => {
    expect(dueDate('2025-01-12T09:00:00+08:00', 14, springFestival)).toBe('2025-01-26T23:59:59+08:00');
    expect(dueDate('2025-01-25T09:00:00+08:00', 14, springFestival)).toBe('2025-02-08T23:59:59+08:00');
  });

  it('lets a closed date win over the same date listed as open', () => {
    const cal = calendar({ ClosedDates: ['2025-02-08'], OpenDates: ['2025-02-08'] });
    expect(dueDate('2025-01-25T09:00:00+08:00', 14, cal)).toBe('2025-02-10T23:59:59+08:00');
  });

  it('crosses the year boundary and skips New Year’s Day', () => {
    const cal = calendar({ ClosedDates: ['2025-01-01'] });
    expect(dueDate('2024-12-18T09:00:00+08:00', 14, cal)).toBe('2025-01-02T23:59:59+08:00');
    expect(dueDate('2024-12-20T09:00:00+08:00', 12, weekends)).toBe('2025-01-01T23:59:59+08:00');
  });

  it('lands on a leap day, or moves off it when it is closed', () => {
    expect(dueDate('2024-02-15T09:00:00+08:00', 14, weekends)).toBe('2024-02-29T23:59:59+08:00');
    expect(dueDate('2024-02-15T09:00:00+08:00', 14, calendar({ ClosedDates: ['2024-02-29'] }))).toBe('2024-03-01T23:59:59+08:00');
    expect(dueDate('2023-02-15T09:00:00+08:00', 14, calendar({ ClosedWeekdays: [] }))).toBe('2023-03-01T23:59:59+08:00');
  });

  it('counts from the school-local day of the loan, not the UTC day', () => {
    // 17:00 UTC on Sunday is 01:00 on Monday in Shanghai.
    expect(dueDate('2025-03-02T17:00:00Z', 14, weekends)).toBe('2025-03-17T23:59:59+08:00');
    expect(dueDate('2025-03-02T15:00:00Z', 15, weekends)).toBe('2025-03-17T23:59:59+08:00');
  });

  it('writes the result in the calendar offset', () => {
    expect(dueDate('2025-03-03T09:00:00Z', 14, calendar({ UtcOffsetMinutes: 0 }))).toBe('2025-03-17T23:59:59+00:00');
  });
});

describe('nextOpenDay is bounded', () => {
  const closedRun = (start: string, n: number): string[] => Array.from({ length: n }, (_, i) => addDays(start, i));

  it('finds the open day right after a run of exactly MAX_CLOSED_RUN_DAYS closed days', () => {
    const cal = calendar({ ClosedWeekdays: [], ClosedDates: closedRun('2025-01-01', MAX_CLOSED_RUN_DAYS) });
    expect(nextOpenDay('2025-01-01', cal)).toBe(addDays('2025-01-01', MAX_CLOSED_RUN_DAYS));
  });

  it('gives up after the bound and dueDate keeps the counted day instead of looping', () => {
    const cal = calendar({ ClosedWeekdays: [], ClosedDates: closedRun('2025-01-01', MAX_CLOSED_RUN_DAYS + 1) });
    expect(nextOpenDay('2025-01-01', cal)).toBeNull();
    expect(dueDate('2024-12-18T09:00:00+08:00', 14, cal)).toBe('2025-01-01T23:59:59+08:00');
  });

  it('refuses a calendar with every weekday closed', () => {
    expect(schoolCalendarSchema.safeParse({ ClosedWeekdays: [0, 1, 2, 3, 4, 5, 6] }).success).toBe(false);
    expect(schoolCalendarSchema.safeParse({ ClosedDates: ['2025-02-30'] }).success).toBe(false);
    expect(schoolCalendarSchema.parse({}).UtcOffsetMinutes).toBe(480);
  });
});

describe('renewDueDate', () => {
  it('counts from the current due date when renewing early, so no days are lost', () => {
    expect(renewDueDate('2025-03-17T23:59:59+08:00', '2025-03-10T10:00:00+08:00', 14, weekends)).toBe('2025-03-31T23:59:59+08:00');
  });

  it('counts from the current due date when renewing on the due day itself', () => {
    expect(renewDueDate('2025-03-17T23:59:59+08:00', '2025-03-17T22:00:00+08:00', 14, weekends)).toBe('2025-03-31T23:59:59+08:00');
  });

  it('counts from today when the loan is already overdue, so the result is never in the past', () => {
    expect(renewDueDate('2025-03-17T23:59:59+08:00', '2025-03-20T10:00:00+08:00', 14, weekends)).toBe('2025-04-03T23:59:59+08:00');
  });

  it('moves a renewed due date off closed days too', () => {
    expect(renewDueDate('2025-03-17T23:59:59+08:00', '2025-03-10T10:00:00+08:00', 12, weekends)).toBe('2025-03-31T23:59:59+08:00');
    expect(renewDueDate('2025-01-20', '2025-01-15T10:00:00+08:00', 10, springFestival)).toBe('2025-02-05T23:59:59+08:00');
  });
});

describe('isOverdue', () => {
  it('is not overdue during the due day, and is from the next school-local day on', () => {
    expect(isOverdue('2025-03-17T23:59:59+08:00', '2025-03-17T23:30:00+08:00', weekends)).toBe(false);
    expect(isOverdue('2025-03-17T23:59:59+08:00', '2025-03-18T00:05:00+08:00', weekends)).toBe(true);
    // 16:30 UTC is already the next day in Shanghai.
    expect(isOverdue('2025-03-17', '2025-03-17T16:30:00Z', weekends)).toBe(true);
    expect(isOverdue('2025-03-17', '2025-03-17T15:30:00Z', weekends)).toBe(false);
  });
});
