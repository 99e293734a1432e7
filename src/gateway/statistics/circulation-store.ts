import type { CirculationRow } from '../../shared/api/statistics.ts';
import { addDays } from '../../shared/domain/borrowing/local-days.ts';
import { localDayStartUtc } from '../charts/rank-period.ts';
import type { Db } from '../catalogue/catalogue-store.ts';
import type { StatFilter } from './holdings.ts';

/**
 * Loans, returns, renewals and loans fallen overdue per local day or month of the period. Only
 * the instants are read (from the loans' period indexes) and bucketed here in the school's
 * offset, which works the same on both databases. Every day or month of the period has a row,
 * one without circulation too. Overdue: loans due in the bucket (by now) that were not back by
 * their due time.
 */
export async function circulationReport(db: Db, f: StatFilter, from: string, to: string, step: 'day' | 'month', offset: number): Promise<CirculationRow[]> {
  const loans = () => {
    let q = db.selectFrom('loans as l').where('l.school_id', '=', f.schoolId).where('l.cancelled', '=', 0);
    if (f.branchId != null || f.resourceTypeId != null) {
      q = q.where((e) => e.exists(e.selectFrom('copies as c').innerJoin('titles as t', 't.id', 'c.title_id').select('c.id').whereRef('c.id', '=', 'l.copy_id')
        .$if(f.branchId != null, (s) => s.where('c.branch_id', '=', f.branchId!))
        .$if(f.resourceTypeId != null, (s) => s.where('t.resource_type_id', '=', f.resourceTypeId!))));
    }
    return q;
  };
  const now = new Date().toISOString();
  const dueEnd = f.endUtc < now ? f.endUtc : now;
  const [lent, back, renewed, due] = await Promise.all([
    loans().select('l.loaned_at as at').where('l.loaned_at', '>=', f.startUtc).where('l.loaned_at', '<', f.endUtc).execute(),
    loans().select('l.returned_at as at').where('l.returned_at', '>=', f.startUtc).where('l.returned_at', '<', f.endUtc).execute(),
    db.selectFrom('circ_transactions as x').innerJoin('loans as l', 'l.id', 'x.loan_id').select('x.at')
      .where('x.school_id', '=', f.schoolId).where('x.kind', '=', 'renew').where('x.undone_by', 'is', null).where('l.cancelled', '=', 0)
      .where('x.at', '>=', f.startUtc).where('x.at', '<', f.endUtc)
      .$if(f.branchId != null || f.resourceTypeId != null, (q) => q.where((e) => e.exists(e.selectFrom('copies as c').innerJoin('titles as t', 't.id', 'c.title_id').select('c.id').whereRef('c.id', '=', 'x.copy_id')
        .$if(f.branchId != null, (s) => s.where('c.branch_id', '=', f.branchId!))
        .$if(f.resourceTypeId != null, (s) => s.where('t.resource_type_id', '=', f.resourceTypeId!)))))
      .execute(),
    loans().select('l.due_at as at').where('l.due_at', '>=', f.startUtc).where('l.due_at', '<', dueEnd)
      .where((e) => e.or([e('l.returned_at', 'is', null), e('l.returned_at', '>', e.ref('l.due_at'))])).execute(),
  ]);
  // Each local day's first UTC instant, in order: an instant's day is found by comparing ISO
  // strings (binary search), far cheaper than parsing tens of thousands of dates.
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  const starts = days.map((d) => localDayStartUtc(d, offset));
  const dayOf = (instant: string): string | undefined => {
    let lo = 0;
    let hi = starts.length - 1;
    if (instant < starts[0]!) return undefined;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= instant) lo = mid;
      else hi = mid - 1;
    }
    return days[lo];
  };
  const key = (instant: string) => {
    const day = dayOf(instant);
    return day && (step === 'day' ? day : day.slice(0, 7));
  };
  const rows = new Map<string, CirculationRow>();
  for (const d of days) {
    const k = step === 'day' ? d : d.slice(0, 7);
    if (!rows.has(k)) rows.set(k, { Period: k, Loans: 0, Returns: 0, Renewals: 0, Overdue: 0 });
  }
  const count = (list: Array<{ at: string | null }>, field: 'Loans' | 'Returns' | 'Renewals' | 'Overdue') => {
    for (const r of list) {
      const k = r.at ? key(r.at) : undefined;
      const row = k ? rows.get(k) : undefined;
      if (row) row[field] += 1;
    }
  };
  count(lent, 'Loans');
  count(back, 'Returns');
  count(renewed, 'Renewals');
  count(due, 'Overdue');
  return [...rows.values()];
}
