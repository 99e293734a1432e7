import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_CLASS_RULE, type CornerItem, type CornerLoan } from '../../shared/api/class-corner.ts';
import { daysBetween, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { inList } from '../access/access-scope.ts';
import { readerFilter } from '../access/user-store.ts';
import { containsText } from '../db/like.ts';
import type { Database } from '../db/schema.ts';

/** Queries of the class corner; every one is scoped by the school. */

type Db = Kysely<Database> | Transaction<Database>;

/** The school's local day of an instant; a stored value outside the date rules is shown as it is. */
export function localDay(value: string, utcOffsetMinutes: number): string {
  try {
    return toLocalDay(value, utcOffsetMinutes);
  } catch {
    return value.slice(0, 10);
  }
}

/** The local midnight that starts `day`, as a UTC instant like toISOString() writes. */
export function dayStart(day: string, utcOffsetMinutes: number): string {
  const sign = utcOffsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(utcOffsetMinutes);
  const off = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return new Date(Date.parse(`${day}T00:00:00${off}`)).toISOString();
}

export const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

const deptName = (lang: Language, d: { name: string; en_name: string }) => (lang === 'en-US' && d.en_name) || d.name;

/** A class of the school (kind 'class'), or undefined. */
export async function classById(db: Db, schoolId: number, deptId: number, lang: Language) {
  const d = await db.selectFrom('departments').select(['id', 'name', 'en_name'])
    .where('school_id', '=', schoolId).where('id', '=', deptId).where('kind', '=', 'class').executeTakeFirst();
  return d && { id: d.id, name: deptName(lang, d) };
}

export async function deptNameOf(db: Db, schoolId: number, deptId: number | null, lang: Language): Promise<string> {
  if (deptId == null) return '';
  const d = await db.selectFrom('departments').select(['name', 'en_name']).where('school_id', '=', schoolId).where('id', '=', deptId).executeTakeFirst();
  return d ? deptName(lang, d) : '';
}

/** The enabled classes among `ids` (null: all the school's), in the school's order, with their corner's size. */
export async function classesOf(db: Db, schoolId: number, ids: readonly number[] | null, lang: Language) {
  let q = db.selectFrom('departments as d')
    .leftJoin('departments as g', 'g.id', 'd.parent_id')
    .select(['d.id', 'd.name', 'd.en_name'])
    .select((eb) => [
      eb.selectFrom('class_corner_items as i').innerJoin('copies as c', 'c.id', 'i.copy_id')
        .select(eb.fn.countAll<number>().as('n')).whereRef('i.dept_id', '=', 'd.id').where('i.removed_at', 'is', null).as('items'),
      eb.selectFrom('class_corner_loans as l').select(eb.fn.countAll<number>().as('n'))
        .whereRef('l.dept_id', '=', 'd.id').where('l.returned_at', 'is', null).as('open_loans'),
    ])
    .where('d.school_id', '=', schoolId).where('d.kind', '=', 'class').where('d.state', '=', 1);
  if (ids) q = q.where('d.id', 'in', inList(ids));
  const rows = await q.orderBy(sql`coalesce(g.sort, 0)`).orderBy(sql`coalesce(g.id, 0)`).orderBy('d.sort').orderBy('d.id').execute();
  return rows.map((r) => ({ ID: r.id, Name: deptName(lang, r), Items: Number(r.items ?? 0), OpenLoans: Number(r.open_loans ?? 0) }));
}

export async function ruleOf(db: Db, schoolId: number, deptId: number) {
  const r = await db.selectFrom('class_corner_rules').select(['max_loans', 'loan_days'])
    .where('school_id', '=', schoolId).where('dept_id', '=', deptId).executeTakeFirst();
  return r
    ? { DeptID: deptId, MaxLoans: r.max_loans, LoanDays: r.loan_days, IsDefault: false }
    : { DeptID: deptId, ...DEFAULT_CLASS_RULE, IsDefault: true };
}

/** A copy by barcode with its title, as placing, lending and returning need it. */
export function copyByBarcode(db: Db, schoolId: number, barcode: string) {
  return db.selectFrom('copies as c').innerJoin('titles as t', 't.id', 'c.title_id')
    .select(['c.id', 'c.school_id', 'c.barcode', 'c.storage_area', 'c.circ_state', 'c.area_id', 'c.branch_id', 'c.call_no', 't.title', 't.author'])
    .where('c.school_id', '=', schoolId).where('c.barcode', '=', barcode).executeTakeFirst();
}
export type CornerCopyRow = NonNullable<Awaited<ReturnType<typeof copyByBarcode>>>;

/** The copy's current stay in a corner (at most one: cc_items_open_copy_uq). */
export function openItemOfCopy(db: Db, schoolId: number, copyId: number) {
  return db.selectFrom('class_corner_items').selectAll()
    .where('school_id', '=', schoolId).where('copy_id', '=', copyId).where('removed_at', 'is', null).executeTakeFirst();
}

function loanRows(db: Db, schoolId: number) {
  return db.selectFrom('class_corner_loans as l')
    .innerJoin('copies as c', 'c.id', 'l.copy_id')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.copy_id', 'l.user_id', 'l.dept_id', 'l.item_id', 'l.loaned_at', 'l.due_day', 'l.returned_at', 'c.barcode', 't.title', 'u.reader_id', 'u.name as reader_name'])
    .where('l.school_id', '=', schoolId);
}
export type CornerLoanRow = Awaited<ReturnType<ReturnType<typeof loanRows>['executeTakeFirstOrThrow']>>;

export function openLoanOfCopy(db: Db, schoolId: number, copyId: number): Promise<CornerLoanRow | undefined> {
  return loanRows(db, schoolId).where('l.copy_id', '=', copyId).where('l.returned_at', 'is', null).executeTakeFirst();
}

export function loanById(db: Db, schoolId: number, id: number): Promise<CornerLoanRow | undefined> {
  return loanRows(db, schoolId).where('l.id', '=', id).executeTakeFirst();
}

/** A reader's open corner loans (any class: a student moved mid-year keeps what they borrowed). */
export function openLoansOfReader(db: Db, schoolId: number, userId: number): Promise<CornerLoanRow[]> {
  return loanRows(db, schoolId).where('l.user_id', '=', userId).where('l.returned_at', 'is', null).orderBy('l.due_day').orderBy('l.id').execute();
}

/** A corner loan as the screens show it: overdue from the day after its due day (as of `today`, or its return). */
export function toCornerLoan(r: CornerLoanRow, today: string, utcOffsetMinutes: number): CornerLoan {
  const asOf = r.returned_at ? localDay(r.returned_at, utcOffsetMinutes) : today;
  const late = asOf > r.due_day ? daysBetween(r.due_day, asOf) : 0;
  return {
    LoanID: r.id, CopyID: r.copy_id, Barcode: r.barcode, Title: r.title, UserID: r.user_id, ReaderID: r.reader_id, ReaderName: r.reader_name,
    LoanedAt: r.loaned_at, DueDay: r.due_day, ReturnedAt: r.returned_at, Overdue: late > 0, OverdueDays: late,
  };
}

export interface ListScope {
  schoolId: number;
  deptId: number;
  today: string;
  offset: number;
}

/** The corner's books now, by call number, each with its open loan; filtered by words and state. */
export async function findItems(db: Db, s: ListScope, f: { key?: string; state?: CornerItem['State'] }, page: number, rows: number) {
  let q = db.selectFrom('class_corner_items as i')
    .innerJoin('copies as c', 'c.id', 'i.copy_id')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .leftJoin('class_corner_loans as l', (j) => j.onRef('l.copy_id', '=', 'i.copy_id').on('l.returned_at', 'is', null).on('l.school_id', '=', s.schoolId))
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .where('i.school_id', '=', s.schoolId).where('i.dept_id', '=', s.deptId).where('i.removed_at', 'is', null);
  const key = f.key?.trim();
  if (key) q = q.where((eb) => eb.or([containsText('t.title', key), containsText('t.author', key), containsText('c.barcode', key), containsText('c.call_no', key), containsText('t.pinyin', key)]));
  if (f.state === 'onShelf') q = q.where('l.id', 'is', null);
  if (f.state === 'lent') q = q.where('l.id', 'is not', null);
  if (f.state === 'overdue') q = q.where('l.due_day', '<', s.today);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await q
    .select(['i.id as item_id', 'i.placed_at', 'c.id as copy_id', 'c.barcode', 'c.call_no', 't.title', 't.author',
      'l.id as loan_id', 'l.user_id', 'l.dept_id', 'l.loaned_at', 'l.due_day', 'l.returned_at', 'u.reader_id', 'u.name as reader_name'])
    .orderBy('c.call_no').orderBy('c.barcode').limit(rows).offset((page - 1) * rows).execute();
  return {
    Total: Number(total.n),
    List: list.map((r): CornerItem => {
      const loan = r.loan_id != null
        ? toCornerLoan({
          id: r.loan_id, copy_id: r.copy_id, user_id: r.user_id!, dept_id: r.dept_id!, item_id: r.item_id, loaned_at: r.loaned_at!, due_day: r.due_day!,
          returned_at: null, barcode: r.barcode, title: r.title, reader_id: r.reader_id ?? '', reader_name: r.reader_name ?? '',
        }, s.today, s.offset)
        : null;
      return {
        ItemID: r.item_id, CopyID: r.copy_id, Barcode: r.barcode, Title: r.title, Author: r.author, CallNo: r.call_no, PlacedAt: r.placed_at,
        State: loan ? (loan.Overdue ? 'overdue' : 'lent') : 'onShelf', Loan: loan,
      };
    }),
  };
}

/** The class's open corner loans, most overdue first (earliest due day), then by card number. */
export async function findOpenLoans(db: Db, s: ListScope, overdueOnly: boolean, page: number, rows: number) {
  let q = loanRows(db, s.schoolId).where('l.dept_id', '=', s.deptId).where('l.returned_at', 'is', null);
  if (overdueOnly) q = q.where('l.due_day', '<', s.today);
  const total = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await q.orderBy('l.due_day').orderBy('u.reader_id').orderBy('l.id').limit(rows).offset((page - 1) * rows).execute();
  return { Total: Number(total.n), List: list.map((r) => toCornerLoan(r, s.today, s.offset)) };
}

/** The class's readers (users whose department is the class), by card number, with their open corner loans. */
export async function findRoster(db: Db, s: ListScope, key: string | undefined, page: number, rows: number) {
  const q = db.selectFrom('users').where('users.school_id', '=', s.schoolId).where('users.dept_id', '=', s.deptId).where(readerFilter(key));
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const list = await q.select(['users.id', 'users.reader_id', 'users.name'])
    .select((eb) => [
      eb.selectFrom('class_corner_loans as l').select(eb.fn.countAll<number>().as('n'))
        .whereRef('l.user_id', '=', 'users.id').where('l.returned_at', 'is', null).as('open'),
      eb.selectFrom('class_corner_loans as l').select(eb.fn.countAll<number>().as('n'))
        .whereRef('l.user_id', '=', 'users.id').where('l.returned_at', 'is', null).where('l.due_day', '<', s.today).as('late'),
    ])
    .orderBy('users.reader_id').orderBy('users.id').limit(rows).offset((page - 1) * rows).execute();
  return {
    Total: Number(total.n),
    List: list.map((r) => ({ UserID: r.id, ReaderID: r.reader_id, Name: r.name, OpenLoans: Number(r.open ?? 0), Overdue: Number(r.late ?? 0) })),
  };
}

/** Loans of the class made in a period of local days (either bound optional). */
function loansInPeriod(db: Db, s: ListScope, from?: string, to?: string) {
  let q = db.selectFrom('class_corner_loans as l').where('l.school_id', '=', s.schoolId).where('l.dept_id', '=', s.deptId);
  if (from) q = q.where('l.loaned_at', '>=', dayStart(from, s.offset));
  if (to) q = q.where('l.loaned_at', '<', dayStart(nextDay(to), s.offset));
  return q;
}

/**
 * Per book that was in the corner at some time of the period: how often it was lent in it and
 * when last. Computed in memory: a corner holds tens of books, not thousands.
 */
export async function usageOf(db: Db, s: ListScope, from?: string, to?: string) {
  let items = db.selectFrom('class_corner_items as i')
    .innerJoin('copies as c', 'c.id', 'i.copy_id').innerJoin('titles as t', 't.id', 'c.title_id')
    .select(['i.copy_id', 'i.removed_at', 'c.barcode', 'c.call_no', 't.title', 't.author'])
    .where('i.school_id', '=', s.schoolId).where('i.dept_id', '=', s.deptId);
  if (from) items = items.where((eb) => eb.or([eb('i.removed_at', 'is', null), eb('i.removed_at', '>=', dayStart(from, s.offset))]));
  if (to) items = items.where('i.placed_at', '<', dayStart(nextDay(to), s.offset));
  const [stays, loans] = await Promise.all([
    items.orderBy('c.call_no').orderBy('c.barcode').execute(),
    loansInPeriod(db, s, from, to).select(['l.copy_id', 'l.loaned_at']).execute(),
  ]);
  const byCopy = new Map<number, { times: number; last: string | null }>();
  for (const l of loans) {
    const u = byCopy.get(l.copy_id) ?? { times: 0, last: null };
    u.times++;
    if (!u.last || l.loaned_at > u.last) u.last = l.loaned_at;
    byCopy.set(l.copy_id, u);
  }
  const rows = new Map<number, { CopyID: number; Barcode: string; Title: string; Author: string; Times: number; LastLentAt: string | null; InCorner: boolean }>();
  for (const st of stays) {
    const prev = rows.get(st.copy_id);
    const u = byCopy.get(st.copy_id);
    rows.set(st.copy_id, {
      CopyID: st.copy_id, Barcode: st.barcode, Title: st.title, Author: st.author, Times: u?.times ?? 0, LastLentAt: u?.last ?? null,
      InCorner: (prev?.InCorner ?? false) || st.removed_at == null,
    });
  }
  return [...rows.values()];
}

/** Classmates' corner loans in the period, most first; ties share a rank. Readers who left the class keep their count. */
export async function ranksOf(db: Db, s: ListScope, from?: string, to?: string) {
  const counts = await loansInPeriod(db, s, from, to).innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['u.id', 'u.reader_id', 'u.name', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['u.id', 'u.reader_id', 'u.name']).execute();
  const sorted = counts.map((c) => ({ UserID: c.id, ReaderID: c.reader_id, Name: c.name, Loans: Number(c.n) }))
    .sort((a, b) => b.Loans - a.Loans || a.ReaderID.localeCompare(b.ReaderID) || a.UserID - b.UserID);
  let rank = 0;
  return sorted.map((r, i) => {
    if (i === 0 || sorted[i - 1]!.Loans !== r.Loans) rank = i + 1;
    return { Rank: rank, ...r };
  });
}

/** The class's most lent books in the period (top `limit`). */
export async function topBooksOf(db: Db, s: ListScope, limit: number, from?: string, to?: string) {
  const rows = await loansInPeriod(db, s, from, to)
    .innerJoin('copies as c', 'c.id', 'l.copy_id').innerJoin('titles as t', 't.id', 'c.title_id')
    .select(['c.barcode', 't.title', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['c.barcode', 't.title']).execute();
  return rows.map((r) => ({ Barcode: r.barcode, Title: r.title, Times: Number(r.n) }))
    .sort((a, b) => b.Times - a.Times || a.Barcode.localeCompare(b.Barcode)).slice(0, limit);
}
