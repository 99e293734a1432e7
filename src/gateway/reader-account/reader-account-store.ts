import { sql, type Kysely } from 'kysely';
import { MAX_OPEN_LOANS, READING_LINE_MONTHS, type MyHold, type MyLoan } from '../../shared/api/reader-account.ts';
import type { Hold } from '../../shared/api/holds.ts';
import { checkRenew } from '../../shared/domain/borrowing/circulation-checks.ts';
import { isOverdue } from '../../shared/domain/borrowing/due-dates.ts';
import { daysBetween, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { BorrowingRules, ReaderContext } from '../../shared/domain/borrowing/schemas.ts';
import type { Database } from '../db/schema.ts';

/** Queries of the reader's own account; every one is scoped by the school and the reader. */

type Db = Kysely<Database>;
type Translate = (key: string, params?: Record<string, unknown>) => string;

function myLoanRows(db: Db, schoolId: number, userId: number) {
  return db.selectFrom('loans as l')
    .innerJoin('copies as c', 'c.id', 'l.copy_id')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .select(['l.id', 'l.loaned_at', 'l.due_at', 'l.renew_count', 'l.returned_at', 'c.barcode', 'c.call_no', 't.id as title_id', 't.title', 't.author'])
    .where('l.school_id', '=', schoolId).where('l.user_id', '=', userId);
}
type MyLoanRow = Awaited<ReturnType<ReturnType<typeof myLoanRows>['executeTakeFirstOrThrow']>>;

/** My open loans, soonest due first. */
export function openLoans(db: Db, schoolId: number, userId: number): Promise<MyLoanRow[]> {
  return myLoanRows(db, schoolId, userId).where('l.returned_at', 'is', null).orderBy('l.due_at').orderBy('l.id').limit(MAX_OPEN_LOANS).execute();
}

export function openLoan(db: Db, schoolId: number, userId: number, loanId: number): Promise<MyLoanRow | undefined> {
  return myLoanRows(db, schoolId, userId).where('l.id', '=', loanId).executeTakeFirst();
}

/** Returned loans (an undone lend is not reading), newest return first. */
export function returnedLoans(db: Db, schoolId: number, userId: number) {
  return myLoanRows(db, schoolId, userId).where('l.returned_at', 'is not', null).where('l.cancelled', '=', 0);
}

/**
 * A loan as the reader sees it: overdue by the school's calendar (at its return for a returned
 * one), and, while open, whether the desk's rules (checkRenew) would renew it now and why not.
 */
export function toMyLoan(r: MyLoanRow, reader: ReaderContext | null, rules: BorrowingRules, now: string, t: Translate): MyLoan {
  const cal = rules.Calendar;
  const at = r.returned_at ?? now;
  const overdue = isOverdue(r.due_at, at, cal);
  const days = overdue ? daysBetween(toLocalDay(r.due_at, cal.UtcOffsetMinutes), toLocalDay(at, cal.UtcOffsetMinutes)) : 0;
  let blockers: string[] = [];
  if (r.returned_at == null && reader) {
    const open = reader.Loans.find((l) => l.LoanID === String(r.id))
      ?? { LoanID: String(r.id), ResourceTypeID: '', LoanedAt: r.loaned_at, DueAt: r.due_at, RenewCount: r.renew_count };
    const check = checkRenew(reader, open, now, rules);
    blockers = check.ok ? [] : check.reasons.map((x) => t(x.key, x.params));
  }
  return {
    LoanID: r.id, TitleID: r.title_id, Title: r.title, Author: r.author, Barcode: r.barcode, CallNo: r.call_no,
    LoanedAt: r.loaned_at, DueAt: r.due_at, RenewCount: r.renew_count, Overdue: overdue, OverdueDays: days, ReturnedAt: r.returned_at,
    LoanedDay: toLocalDay(r.loaned_at, cal.UtcOffsetMinutes), DueDay: toLocalDay(r.due_at, cal.UtcOffsetMinutes),
    ReturnedDay: r.returned_at ? toLocalDay(r.returned_at, cal.UtcOffsetMinutes) : '',
    CanRenew: r.returned_at == null && reader != null && blockers.length === 0, RenewBlockers: blockers,
  };
}

/**
 * A hold as its reader sees it. A copy whose pickup day has passed shows as expired even before
 * staff's next list closes it (a reader's look never writes the queue).
 */
export function toMyHold(h: Hold, expiresAt: string | null, now: string, utcOffsetMinutes: number): MyHold {
  const lapsed = h.State === 'found' && expiresAt != null && expiresAt < now;
  return {
    ID: h.ID, TitleID: h.TitleID, Title: h.Title, State: lapsed ? 'expired' : h.State, QueuePosition: h.QueuePosition,
    Location: h.State === 'found' && !lapsed ? h.Location : '', PlacedAt: h.PlacedAt, PlacedDay: toLocalDay(h.PlacedAt, utcOffsetMinutes), ExpiresDay: lapsed ? '' : h.ExpiresDay, ClosedAt: h.ClosedAt,
  };
}

/** The first day of each of the last READING_LINE_MONTHS months (school time), oldest first, as YYYY-MM. */
export function lastMonths(now: string, utcOffsetMinutes: number): string[] {
  const local = new Date(Date.parse(now) + utcOffsetMinutes * 60_000);
  const out: string[] = [];
  for (let i = READING_LINE_MONTHS - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

/** Loans begun in each of the last months (school time), by the reader. */
export async function loansPerMonth(db: Db, schoolId: number, userId: number, now: string, utcOffsetMinutes: number) {
  const months = lastMonths(now, utcOffsetMinutes);
  const start = new Date(Date.parse(`${months[0]}-01T00:00:00Z`) - utcOffsetMinutes * 60_000).toISOString();
  // Counted here on the instant shifted to school time (bounded: a year of one reader's loans).
  const rows = await db.selectFrom('loans').select('loaned_at')
    .where('school_id', '=', schoolId).where('user_id', '=', userId).where('cancelled', '=', 0).where('loaned_at', '>=', start)
    .limit(20_000).execute();
  const counts = new Map(months.map((m) => [m, 0]));
  for (const r of rows) {
    const m = new Date(Date.parse(r.loaned_at) + utcOffsetMinutes * 60_000).toISOString().slice(0, 7);
    if (counts.has(m)) counts.set(m, counts.get(m)! + 1);
  }
  return months.map((Month) => ({ Month, Count: counts.get(Month)! }));
}

/** Whether the school takes card deposits or bills compensation at all (else no balance is shown). */
export async function schoolUsesBalance(db: Db, schoolId: number): Promise<boolean> {
  const [deposit, bill] = await Promise.all([
    db.selectFrom('users').select('id').where('school_id', '=', schoolId).where('deposit', '>', 0).limit(1).executeTakeFirst(),
    db.selectFrom('loss_records').select('id').where('school_id', '=', schoolId).where('amount_cents', '>', 0).limit(1).executeTakeFirst(),
  ]);
  return deposit != null || bill != null;
}

/** Compensation billed to the reader and not settled, in cents. */
export async function owedCents(db: Db, schoolId: number, userId: number): Promise<number> {
  const r = await db.selectFrom('loss_records').select(sql<number | string | null>`sum(amount_cents)`.as('n'))
    .where('school_id', '=', schoolId).where('reader_id', '=', userId).where('state', '=', 'notCompensated').executeTakeFirst();
  return Number(r?.n ?? 0);
}
