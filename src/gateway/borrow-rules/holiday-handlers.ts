import type { Kysely } from 'kysely';
import { borrowRulesCalls, type CalendarData, type ClosedPeriod } from '../../shared/api/borrow-rules.ts';
import { dueDay } from '../../shared/domain/borrowing/due-dates.ts';
import { addDays, endOfLocalDay, formatOffset, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { Database } from '../db/schema.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { ensureSettings, loadCalendar, loadGroups } from './borrow-rule-store.ts';
import { writeRulesTx } from './rules-cache.ts';
import { requireSchool } from '../access/call-context.ts';

/** The school calendar (/holiday-management): closed weekdays, closed dates with reasons, make-up days. */

/** Consecutive closed dates with the same reason, as one period (the winter break is one line, not 30). */
export function closedPeriods(days: ReadonlyArray<{ Day: string; State: 'closed' | 'open'; Reason: string }>): ClosedPeriod[] {
  const out: ClosedPeriod[] = [];
  for (const d of days.filter((x) => x.State === 'closed').sort((a, b) => a.Day.localeCompare(b.Day))) {
    const last = out[out.length - 1];
    if (last && last.Reason === d.Reason && addDays(last.To, 1) === d.Day) {
      last.To = d.Day;
      last.Days++;
    } else out.push({ From: d.Day, To: d.Day, Days: 1, Reason: d.Reason });
  }
  return out;
}

async function calendarData(db: Kysely<Database>, schoolId: number): Promise<CalendarData> {
  const { calendar, reasons } = await loadCalendar(db, schoolId);
  const days = [
    ...calendar.ClosedDates.map((d) => ({ Day: d, State: 'closed' as const, Reason: reasons.get(d) ?? '' })),
    ...calendar.OpenDates.map((d) => ({ Day: d, State: 'open' as const, Reason: reasons.get(d) ?? '' })),
  ].sort((a, b) => a.Day.localeCompare(b.Day));
  return { Calendar: calendar, Days: days, Periods: closedPeriods(days), Today: toLocalDay(new Date().toISOString(), calendar.UtcOffsetMinutes) };
}

export const holidayHandlers = {
  'borrowRules.getCalendar': handler(borrowRulesCalls.getCalendar, async (_input, ctx) => calendarData(ctx.app.db, requireSchool(ctx))),
  'borrowRules.setDays': handler(borrowRulesCalls.setDays, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const days = [...new Set(input.Days)];
    await writeRulesTx(ctx.app, schoolId, async (trx) => {
      await trx.deleteFrom('calendar_days').where('school_id', '=', schoolId).where('day', 'in', days).execute();
      if (input.State !== 'default') {
        const state = input.State;
        await trx.insertInto('calendar_days').values(days.map((day) => ({ school_id: schoolId, day, state, reason: input.Reason }))).execute();
      }
    });
    return calendarData(ctx.app.db, schoolId);
  }),
  'borrowRules.setClosedWeekdays': handler(borrowRulesCalls.setClosedWeekdays, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await writeRulesTx(ctx.app, schoolId, async (trx) => {
      await ensureSettings(trx, schoolId);
      const weekdays = JSON.stringify([...input.ClosedWeekdays].sort((a, b) => a - b));
      await trx.updateTable('borrowing_settings').set({ closed_weekdays: weekdays, updated_at: new Date().toISOString() }).where('school_id', '=', schoolId).execute();
    });
    return calendarData(ctx.app.db, schoolId);
  }),
  'borrowRules.getDueDates': handler(borrowRulesCalls.getDueDates, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const [{ calendar }, groups] = await Promise.all([loadCalendar(ctx.app.db, schoolId), loadGroups(ctx.app.db, schoolId)]);
    const loanDay = input.LoanDay ?? toLocalDay(new Date().toISOString(), calendar.UtcOffsetMinutes);
    // Noon of the loan day in the school's zone: any instant of that local day gives the same due day.
    const loanedAt = `${loanDay}T12:00:00${formatOffset(calendar.UtcOffsetMinutes)}`;
    return {
      LoanDay: loanDay,
      List: groups.map((g) => {
        const due = dueDay(loanedAt, g.LoanDays, calendar);
        const counted = addDays(loanDay, g.LoanDays);
        return { GroupID: g.ID, GroupName: g.Name, LoanDays: g.LoanDays, CountedDay: counted, DueDay: due, DueAt: endOfLocalDay(due, calendar.UtcOffsetMinutes), Moved: due !== counted };
      }),
    };
  }),
} satisfies HandlerMapFor<typeof borrowRulesCalls>;
