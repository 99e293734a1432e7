import { sql, type Kysely, type SqlBool } from 'kysely';
import type { LoanRecord, LoanState, TransactionRecord } from '../../shared/api/circulation-records.ts';
import { formatOffset, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { SchoolCalendar } from '../../shared/domain/borrowing/schemas.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { inList } from '../access/access-scope.ts';
import { readerFilter } from '../access/user-store.ts';
import { containsText } from '../db/like.ts';
import type { Database } from '../db/schema.ts';
import { toDeskLoan } from './circulation-store.ts';

/**
 * Queries of the circulation records (contract: shared/api/circulation-records.ts). Every query is
 * scoped by the school and, for branch-limited staff, by the branches of the copies. Days in the
 * filters are the school's local days: a day's bounds are its local midnights as UTC instants,
 * the form every loaned_at and transaction time is stored in.
 */

type Db = Kysely<Database>;

/** Who asks and when: the school, its calendar, the caller's branches (null = all) and language. */
export interface RecordScope {
  schoolId: number;
  branchIds: readonly number[] | null;
  calendar: SchoolCalendar;
  now: string;
  lang: Language;
}

/** The local midnight that starts `day`, as a UTC instant like toISOString() writes. */
export function dayStart(day: string, utcOffsetMinutes: number): string {
  return new Date(Date.parse(`${day}T00:00:00${formatOffset(utcOffsetMinutes)}`)).toISOString();
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * "Due on a local day before `day`". Due instants come in two forms: the desk writes the end of the
 * local day in the school's offset (2026-05-15T23:59:59+08:00), older loans a UTC instant
 * (…Z). Each form is compared as text with a bound of its own form.
 */
export function dueBeforeDay(day: string, utcOffsetMinutes: number) {
  return sql<SqlBool>`((l.due_at like '%Z' and l.due_at < ${dayStart(day, utcOffsetMinutes)}) or (l.due_at not like '%Z' and l.due_at < ${day}))`;
}

/** Never throws on a stored value written before the date rules: it is shown as it is. */
export function localDay(value: string, utcOffsetMinutes: number): string {
  try {
    return toLocalDay(value, utcOffsetMinutes);
  } catch {
    return value.slice(0, 10);
  }
}

export interface LoanFilters {
  /** Card number, name, pinyin or initials of the reader. */
  reader?: string;
  /** Barcode or title words. */
  book?: string;
  /** Reader or book (one box). */
  anything?: string;
  loanedFrom?: string;
  loanedTo?: string;
  /** onLoan = every open loan, overdue included. */
  state?: LoanState;
  userId?: number;
  /** Loans of any of these readers (a family's children). */
  userIds?: readonly number[];
  copyId?: number;
  /** Readers whose class or department is one of these. */
  deptIds?: readonly number[];
  /** Due on this local day or earlier. */
  dueBy?: string;
  /** Loans made up to this one only (an export bounds itself by the newest loan at its start). */
  maxId?: number;
}

/** Barcode or title words (the copy is `c`, its title `t`). */
const bookMatch = (key: string) => sql<SqlBool>`(${containsText('c.barcode', key)} or ${containsText('t.title', key)})`;

function loanQuery(db: Db, s: RecordScope, f: LoanFilters) {
  const offset = s.calendar.UtcOffsetMinutes;
  let q = db.selectFrom('loans as l')
    .innerJoin('copies as c', 'c.id', 'l.copy_id')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .innerJoin('users', 'users.id', 'l.user_id')
    .leftJoin('departments as d', 'd.id', 'users.dept_id')
    .where('l.school_id', '=', s.schoolId);
  if (s.branchIds) q = q.where('c.branch_id', 'in', inList(s.branchIds));
  if (f.reader?.trim()) q = q.where(readerFilter(f.reader));
  if (f.book?.trim()) q = q.where(bookMatch(f.book.trim()));
  if (f.anything?.trim()) {
    const key = f.anything.trim();
    q = q.where((eb) => eb.or([readerFilter(key)(eb), bookMatch(key)]));
  }
  if (f.loanedFrom) q = q.where('l.loaned_at', '>=', dayStart(f.loanedFrom, offset));
  if (f.loanedTo) q = q.where('l.loaned_at', '<', dayStart(nextDay(f.loanedTo), offset));
  if (f.userId != null) q = q.where('l.user_id', '=', f.userId);
  if (f.userIds) q = q.where('l.user_id', 'in', inList(f.userIds));
  if (f.copyId != null) q = q.where('l.copy_id', '=', f.copyId);
  if (f.deptIds) q = q.where('users.dept_id', 'in', inList(f.deptIds));
  if (f.dueBy) q = q.where(dueBeforeDay(nextDay(f.dueBy), offset));
  if (f.maxId != null) q = q.where('l.id', '<=', f.maxId);
  if (f.state === 'onLoan' || f.state === 'overdue') q = q.where('l.returned_at', 'is', null);
  if (f.state === 'overdue') q = q.where(dueBeforeDay(localDay(s.now, offset), offset));
  if (f.state === 'returned') q = q.where('l.returned_at', 'is not', null).where('l.cancelled', '=', 0);
  if (f.state === 'cancelled') q = q.where('l.cancelled', '=', 1);
  return q;
}

/** family: grouped by reader (class, card number), each reader's loans newest first. */
export type LoanOrder = 'newest' | 'byClass' | 'family';

/** One page of loans and how many there are in all. */
export async function findLoans(db: Db, s: RecordScope, f: LoanFilters, order: LoanOrder, page: number, rows: number): Promise<{ List: LoanRecord[]; Total: number }> {
  const base = loanQuery(db, s, f);
  let q = base
    // Staff columns have no foreign key (the record outlives the account): joined within the school only.
    .leftJoin('users as lb', (j) => j.onRef('lb.id', '=', 'l.loaned_by').on('lb.school_id', '=', s.schoolId))
    .leftJoin('users as rb', (j) => j.onRef('rb.id', '=', 'l.returned_by').on('rb.school_id', '=', s.schoolId))
    .select([
      'l.id', 'l.copy_id', 'l.user_id', 'l.loaned_at', 'l.due_at', 'l.returned_at', 'l.renew_count', 'l.cancelled',
      'c.barcode', 'c.call_no', 't.title', 'users.reader_id', 'users.name as reader_name', 'd.name as dept_name', 'd.en_name as dept_en_name',
      'lb.name as loaned_by', 'rb.name as returned_by',
    ]);
  q = order === 'newest'
    ? q.orderBy('l.loaned_at', 'desc').orderBy('l.id', 'desc')
    : order === 'family'
      ? q.orderBy(sql`coalesce(d.sort, 0)`).orderBy(sql`coalesce(users.dept_id, 0)`).orderBy('users.reader_id').orderBy('l.loaned_at', 'desc').orderBy('l.id', 'desc')
    // A class's list: classes by stage, grade and their own order, then staff departments, then
    // readers without either; within one, by card number and due day. coalesce: both dialects sort alike.
    : q.leftJoin('departments as g', (j) => j.onRef('g.id', '=', 'd.parent_id').on('d.kind', '=', 'class'))
      .orderBy(sql`case when d.kind = 'class' then 0 when d.id is null then 2 else 1 end`)
      .orderBy(sql`coalesce(g.parent_id, 0)`).orderBy(sql`coalesce(g.sort, 0)`).orderBy(sql`coalesce(g.id, 0)`)
      .orderBy('d.sort').orderBy('d.id').orderBy('users.reader_id').orderBy('l.due_at').orderBy('l.id');
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
      if (!r.cancelled) {
        try {
          const desk = toDeskLoan(r, s.calendar, s.now);
          overdue = desk.Overdue;
          days = desk.OverdueDays;
        } catch {
          // A due date stored before the date rules: not judged, shown as it is.
        }
      }
      const state: LoanState = r.cancelled ? 'cancelled' : r.returned_at ? 'returned' : overdue ? 'overdue' : 'onLoan';
      return {
        LoanID: r.id, CopyID: r.copy_id, Barcode: r.barcode, Title: r.title, CallNo: r.call_no,
        UserID: r.user_id, ReaderID: r.reader_id, ReaderName: r.reader_name,
        ClassName: (s.lang === 'en-US' && r.dept_en_name) || r.dept_name || '',
        LoanedAt: r.loaned_at, DueDay: localDay(r.due_at, offset), ReturnedAt: r.returned_at, RenewCount: r.renew_count,
        State: state, OverdueDays: days, LoanedBy: r.loaned_by ?? '', ReturnedBy: r.returned_by ?? '',
      };
    }),
  };
}

/** The department `deptId` and every node under it (a grade's classes, a stage's grades and classes); null when it is not the school's. */
export async function deptSubtree(db: Db, schoolId: number, deptId: number): Promise<number[] | null> {
  const all = await db.selectFrom('departments').select(['id', 'parent_id']).where('school_id', '=', schoolId).execute();
  if (!all.some((d) => d.id === deptId)) return null;
  const children = new Map<number, number[]>();
  for (const d of all) if (d.parent_id != null) children.set(d.parent_id, [...(children.get(d.parent_id) ?? []), d.id]);
  const out = new Set<number>();
  for (const queue = [deptId]; queue.length;) {
    const id = queue.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    queue.push(...(children.get(id) ?? []));
  }
  return [...out];
}

/** Stages, grades, classes and reader departments in tree order (each level by its sort), names in `lang`. */
export async function deptOptions(db: Db, schoolId: number, lang: Language): Promise<Array<{ ID: number; Name: string }>> {
  const all = await db.selectFrom('departments').select(['id', 'parent_id', 'name', 'en_name', 'kind'])
    .where('school_id', '=', schoolId).where('kind', '!=', 'org').orderBy('sort').orderBy('id').execute();
  const ids = new Set(all.map((d) => d.id));
  // A node whose parent is not listed (an org node) starts a tree of its own; the teaching structure comes before staff departments.
  const parentOf = (d: (typeof all)[number]) => (d.parent_id != null && ids.has(d.parent_id) ? d.parent_id : null);
  const roots = all.filter((d) => parentOf(d) == null).sort((a, b) => Number(a.kind === 'dept') - Number(b.kind === 'dept'));
  const out: Array<{ ID: number; Name: string }> = [];
  const seen = new Set<number>();
  const visit = (d: (typeof all)[number]) => {
    if (seen.has(d.id)) return;
    seen.add(d.id);
    out.push({ ID: d.id, Name: (lang === 'en-US' && d.en_name) || d.name });
    for (const c of all) if (parentOf(c) === d.id) visit(c);
  };
  roots.forEach(visit);
  return out;
}

export interface TransactionFilters {
  from?: string;
  to?: string;
  kind?: TransactionRecord['Kind'];
  staff?: string;
  reader?: string;
  book?: string;
  /** Only transactions older than this one (an export reads the log in chunks, newest first). */
  beforeId?: number;
}

function transactionQuery(db: Db, s: RecordScope, f: TransactionFilters) {
  const offset = s.calendar.UtcOffsetMinutes;
  let q = db.selectFrom('circ_transactions as x')
    .innerJoin('copies as c', 'c.id', 'x.copy_id')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .innerJoin('users', 'users.id', 'x.reader_id')
    .leftJoin('departments as d', 'd.id', 'users.dept_id')
    .leftJoin('users as st', (j) => j.onRef('st.id', '=', 'x.staff_id').on('st.school_id', '=', s.schoolId))
    .where('x.school_id', '=', s.schoolId);
  if (s.branchIds) q = q.where('c.branch_id', 'in', inList(s.branchIds));
  if (f.from) q = q.where('x.at', '>=', dayStart(f.from, offset));
  if (f.to) q = q.where('x.at', '<', dayStart(nextDay(f.to), offset));
  if (f.kind) q = q.where('x.kind', '=', f.kind);
  if (f.staff?.trim()) {
    const key = f.staff.trim();
    q = q.where(sql<SqlBool>`(${containsText('st.name', key)} or ${containsText('st.account', key)})`);
  }
  if (f.reader?.trim()) q = q.where(readerFilter(f.reader));
  if (f.book?.trim()) q = q.where(bookMatch(f.book.trim()));
  if (f.beforeId != null) q = q.where('x.id', '<', f.beforeId);
  return q;
}

/** One page of the desk's transactions, newest first, with a note in the caller's language. */
export async function findTransactions(
  db: Db, s: RecordScope, f: TransactionFilters, page: number, rows: number, t: (key: string, params?: Record<string, unknown>) => string,
  opts: { total?: boolean } = {},
): Promise<{ List: TransactionRecord[]; Total: number }> {
  const base = transactionQuery(db, s, f);
  const [count, list] = await Promise.all([
    opts.total === false ? { n: 0 } : base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    base
      .leftJoin('circ_transactions as u', (j) => j.onRef('u.id', '=', 'x.undo_of').on('u.school_id', '=', s.schoolId))
      .select([
        'x.id', 'x.at', 'x.kind', 'x.loan_id', 'x.due_before', 'x.due_after', 'x.undone_by', 'u.kind as undid_kind',
        'c.barcode', 't.title', 'users.reader_id', 'users.name as reader_name', 'd.name as dept_name', 'd.en_name as dept_en_name',
        'st.name as staff_name', 'st.account as staff_account',
      ])
      .orderBy('x.id', 'desc').limit(rows).offset((page - 1) * rows).execute(),
  ]);
  const offset = s.calendar.UtcOffsetMinutes;
  const day = (v: string | null) => (v ? localDay(v, offset) : '');
  return {
    Total: Number(count.n),
    List: list.map((r): TransactionRecord => {
      const notes: string[] = [];
      if (r.kind === 'renew' || (r.kind === 'undo' && r.undid_kind === 'renew')) notes.push(t('circulation:records.note.due', { before: day(r.due_before), after: day(r.due_after) }));
      if (r.kind === 'undo' && r.undid_kind) notes.unshift(t(`circulation:records.note.undid.${r.undid_kind}`));
      if (r.undone_by != null) notes.push(t('circulation:records.note.undone'));
      return {
        ID: r.id, At: r.at, Kind: r.kind, LoanID: r.loan_id, Barcode: r.barcode, Title: r.title,
        ReaderID: r.reader_id, ReaderName: r.reader_name, ClassName: (s.lang === 'en-US' && r.dept_en_name) || r.dept_name || '',
        StaffName: r.staff_name ?? '', StaffAccount: r.staff_account ?? '',
        Note: notes.join(t('circulation:records.note.separator')), Undone: r.undone_by != null,
      };
    }),
  };
}
