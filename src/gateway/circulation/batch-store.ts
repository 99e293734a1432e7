import { sql, type Kysely, type SqlBool } from 'kysely';
import type { ClassReader, Condition } from '../../shared/api/circulation-batch.ts';
import type { LoanRecord } from '../../shared/api/circulation-records.ts';
import { addDays, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { BorrowingRules, SchoolCalendar } from '../../shared/domain/borrowing/schemas.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { inList } from '../access/access-scope.ts';
import type { Database } from '../db/schema.ts';
import { deskReaderOf, toDeskLoan } from './circulation-store.ts';
import { dayStart } from './records-store.ts';

/**
 * Queries of batch circulation (contract: shared/api/circulation-batch.ts): a class's readers with
 * their quota, the open loans a condition takes, and what an offline upload needs to tell a line
 * already applied. Every query is scoped by the school and, for open loans, by the caller's
 * branches (the copy's branch).
 */

type Db = Kysely<Database>;

export interface LoanScope {
  schoolId: number;
  branchIds: readonly number[] | null;
  calendar: SchoolCalendar;
  now: string;
  lang: Language;
}

/**
 * "Due on a local day before `day`". The desk writes due instants as the end of the local day in
 * the school's offset (…+08:00), older loans as UTC (…Z): each form is compared with a bound of its own form.
 */
function dueBeforeDay(day: string, offset: number) {
  return sql<SqlBool>`((l.due_at like '%Z' and l.due_at < ${dayStart(day, offset)}) or (l.due_at not like '%Z' and l.due_at < ${day}))`;
}

export interface LoanFilters extends Partial<Condition> {
  deptIds?: readonly number[];
}

function openLoanQuery(db: Db, s: LoanScope, f: LoanFilters) {
  const offset = s.calendar.UtcOffsetMinutes;
  let q = db.selectFrom('loans as l')
    .innerJoin('copies as c', 'c.id', 'l.copy_id')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .innerJoin('users', 'users.id', 'l.user_id')
    .leftJoin('departments as d', 'd.id', 'users.dept_id')
    .where('l.school_id', '=', s.schoolId)
    .where('l.returned_at', 'is', null);
  if (s.branchIds) q = q.where('c.branch_id', 'in', inList(s.branchIds));
  if (f.deptIds) q = q.where('users.dept_id', 'in', inList(f.deptIds));
  if (f.Identity) q = q.where('users.identity', '=', f.Identity);
  if (f.BranchID != null) q = q.where('c.branch_id', '=', f.BranchID);
  if (f.DueFrom) q = q.where((eb) => eb.not(dueBeforeDay(f.DueFrom!, offset)));
  if (f.DueTo) q = q.where(dueBeforeDay(addDays(f.DueTo, 1), offset));
  if (f.OverdueOnly) q = q.where(dueBeforeDay(toLocalDay(s.now, offset), offset));
  return q;
}

/** Never throws on a stored value written before the date rules: it is shown as it is. */
function localDay(value: string, offset: number): string {
  try {
    return toLocalDay(value, offset);
  } catch {
    return value.slice(0, 10);
  }
}

/**
 * Open loans matching `f`, by class (stage, grade, class order), card number and due day: one page
 * and how many in all. `rows` null: every match up to `limit` (what an action takes).
 */
export async function findOpenLoans(db: Db, s: LoanScope, f: LoanFilters, page: number, rows: number): Promise<{ List: LoanRecord[]; Total: number }> {
  const base = openLoanQuery(db, s, f);
  const q = base
    .leftJoin('users as lb', (j) => j.onRef('lb.id', '=', 'l.loaned_by').on('lb.school_id', '=', s.schoolId))
    .leftJoin('departments as g', (j) => j.onRef('g.id', '=', 'd.parent_id').on('d.kind', '=', 'class'))
    .select([
      'l.id', 'l.copy_id', 'l.user_id', 'l.loaned_at', 'l.due_at', 'l.returned_at', 'l.renew_count',
      'c.barcode', 'c.call_no', 't.title', 'users.reader_id', 'users.name as reader_name', 'd.name as dept_name', 'd.en_name as dept_en_name',
      'lb.name as loaned_by',
    ])
    .orderBy(sql`case when d.kind = 'class' then 0 when d.id is null then 2 else 1 end`)
    .orderBy(sql`coalesce(g.parent_id, 0)`).orderBy(sql`coalesce(g.sort, 0)`).orderBy(sql`coalesce(g.id, 0)`)
    .orderBy(sql`coalesce(d.sort, 0)`).orderBy(sql`coalesce(d.id, 0)`).orderBy('users.reader_id').orderBy('l.due_at').orderBy('l.id');
  const [count, list] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    q.limit(rows).offset((page - 1) * rows).execute(),
  ]);
  const offset = s.calendar.UtcOffsetMinutes;
  return {
    Total: Number(count.n),
    List: list.map((r): LoanRecord => {
      let overdue = false;
      let days = 0;
      try {
        const desk = toDeskLoan(r, s.calendar, s.now);
        overdue = desk.Overdue;
        days = desk.OverdueDays;
      } catch {
        // A due date stored before the date rules: not judged.
      }
      return {
        LoanID: r.id, CopyID: r.copy_id, Barcode: r.barcode, Title: r.title, CallNo: r.call_no,
        UserID: r.user_id, ReaderID: r.reader_id, ReaderName: r.reader_name,
        ClassName: (s.lang === 'en-US' && r.dept_en_name) || r.dept_name || '',
        LoanedAt: r.loaned_at, DueDay: localDay(r.due_at, offset), ReturnedAt: null, RenewCount: r.renew_count,
        State: overdue ? 'overdue' : 'onLoan', OverdueDays: days, LoanedBy: r.loaned_by ?? '', ReturnedBy: '',
      };
    }),
  };
}

/** Every open loan matching `f` (id, copy, reader, due), at most `limit`, in the list's order; and how many match. */
export async function openLoansToAct(db: Db, s: LoanScope, f: LoanFilters, limit: number) {
  const { List, Total } = await findOpenLoans(db, s, f, 1, limit);
  return { loans: List, total: Total };
}

/**
 * The readers of the departments `deptIds` in roster order (class order, then card number), at
 * most `limit`, each with the quota left now, open loans and blocks; and how many there are.
 */
export async function classReaders(
  db: Db, o: { schoolId: number; deptIds: readonly number[]; lang: Language; dataDir: string; now: string; rules: BorrowingRules; limit: number },
): Promise<{ List: ClassReader[]; Total: number }> {
  const base = db.selectFrom('users').innerJoin('departments as d', 'd.id', 'users.dept_id')
    .where('users.school_id', '=', o.schoolId).where('users.dept_id', 'in', inList(o.deptIds)).where('users.reader_id', '!=', '');
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base.select(['users.id', 'users.name', 'users.reader_id', 'users.identity', 'users.dept_id', 'users.status', 'users.expire_at', 'users.photo'])
      .orderBy('d.sort').orderBy('d.id').orderBy('users.reader_id').orderBy('users.id').limit(o.limit).execute(),
  ]);
  const list: ClassReader[] = [];
  // One after another: a class is some forty readers, and each view runs a few small queries.
  for (const user of rows) {
    const r = await deskReaderOf(db, o.schoolId, user, { lang: o.lang, dataDir: o.dataDir, now: o.now, rules: o.rules });
    list.push({
      UserID: r.UserID, ReaderID: r.ReaderID, Name: r.Name, ClassName: r.ClassName,
      Left: r.Blocks.length ? 0 : Math.max(0, r.Limits.Left), MaxLoans: r.Limits.MaxLoans, OnLoan: r.Loans.length, Blocks: r.Blocks,
      Loans: r.Loans.map((l) => ({ Barcode: l.Barcode, Title: l.Title, DueAt: l.DueAt, Overdue: l.Overdue })),
    });
  }
  return { List: list, Total: Number(count.n) };
}

/** A loan of this copy to this reader that began at exactly `at` (an offline borrow already uploaded), undone ones too. */
export async function loanStartedAt(db: Db, schoolId: number, copyId: number, userId: number, at: string) {
  return db.selectFrom('loans').select(['id', 'due_at']).where('school_id', '=', schoolId)
    .where('copy_id', '=', copyId).where('user_id', '=', userId).where('loaned_at', '=', at).executeTakeFirst();
}

/** The copy's latest loan (not undone) that began at or before `at`. */
export async function loanAsOf(db: Db, schoolId: number, copyId: number, at: string) {
  return db.selectFrom('loans').select(['id', 'user_id', 'loaned_at', 'returned_at']).where('school_id', '=', schoolId)
    .where('copy_id', '=', copyId).where('cancelled', '=', 0).where('loaned_at', '<=', at)
    .orderBy('loaned_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}
