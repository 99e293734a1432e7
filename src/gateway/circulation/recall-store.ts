import { sql, type Kysely, type SqlBool } from 'kysely';
import type { OverdueLoan, RecallChannel } from '../../shared/api/circulation-recall.ts';
import type { Identity } from '../../shared/domain/identities.ts';
import { addDays, daysBetween } from '../../shared/domain/borrowing/local-days.ts';
import { inList } from '../access/access-scope.ts';
import { readerFilter } from '../access/user-store.ts';
import { containsText } from '../db/like.ts';
import type { Database } from '../db/schema.ts';
import { dueBeforeDay, localDay, type RecordScope } from './records-store.ts';

/**
 * Queries of the overdue reminders (contract: shared/api/circulation-recall.ts). An overdue loan
 * is an open loan due on a local day before today, as at the desk; every query is scoped by the
 * school and, for branch-limited staff, by the branches of the copies.
 */

type Db = Kysely<Database>;

export interface OverdueFilters {
  /** Reader (card, name, pinyin) or book (barcode, title words). */
  anything?: string;
  deptIds?: readonly number[];
  /** The classes a class-scoped holder of the menu (a head teacher) looks after; null/undefined = all. */
  scopeDeptIds?: readonly number[] | null;
  identity?: Identity;
  branchId?: number;
  /** At least this many days overdue (default 1: every overdue loan). */
  minDays?: number;
  reminded?: 'all' | 'yes' | 'no';
  loanIds?: readonly number[];
}

export type OverdueSort = 'class' | 'days' | 'reader';

const today = (s: RecordScope) => localDay(s.now, s.calendar.UtcOffsetMinutes);

function overdueQuery(db: Db, s: RecordScope, f: OverdueFilters) {
  const offset = s.calendar.UtcOffsetMinutes;
  // Overdue by N days or more: due on a local day on or before today − N.
  const bound = addDays(today(s), 1 - Math.max(1, f.minDays ?? 1));
  let q = db.selectFrom('loans as l')
    .innerJoin('copies as c', 'c.id', 'l.copy_id')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .innerJoin('users', 'users.id', 'l.user_id')
    .leftJoin('departments as d', 'd.id', 'users.dept_id')
    .leftJoin('branches as b', 'b.id', 'c.branch_id')
    .where('l.school_id', '=', s.schoolId)
    .where('l.returned_at', 'is', null)
    .where(dueBeforeDay(bound, offset));
  if (s.branchIds) q = q.where('c.branch_id', 'in', inList(s.branchIds));
  if (f.anything?.trim()) {
    const key = f.anything.trim();
    q = q.where((eb) => eb.or([readerFilter(key)(eb), sql<SqlBool>`(${containsText('c.barcode', key)} or ${containsText('t.title', key)})`]));
  }
  if (f.deptIds) q = q.where('users.dept_id', 'in', inList(f.deptIds));
  if (f.scopeDeptIds) q = q.where('users.dept_id', 'in', inList(f.scopeDeptIds));
  if (f.identity) q = q.where('users.identity', '=', f.identity);
  if (f.branchId != null) q = q.where('c.branch_id', '=', f.branchId);
  if (f.loanIds) q = q.where('l.id', 'in', inList(f.loanIds));
  const reminded = sql<SqlBool>`exists (select 1 from recall_notices rn where rn.loan_id = l.id and rn.school_id = ${s.schoolId})`;
  if (f.reminded === 'yes') q = q.where(reminded);
  if (f.reminded === 'no') q = q.where(sql<SqlBool>`not ${reminded}`);
  return q;
}

/** One page of overdue loans with their reminders, and how many there are in all. */
export async function findOverdue(db: Db, s: RecordScope, f: OverdueFilters, sort: OverdueSort, page: number, rows: number): Promise<{ List: OverdueLoan[]; Total: number }> {
  const base = overdueQuery(db, s, f);
  let q = base
    .leftJoin('departments as g', (j) => j.onRef('g.id', '=', 'd.parent_id').on('d.kind', '=', 'class'))
    .select([
      'l.id', 'l.user_id', 'l.loaned_at', 'l.due_at', 'c.barcode', 't.title', 'users.reader_id', 'users.name as reader_name', 'users.identity',
      'users.dept_id', 'd.name as dept_name', 'd.en_name as dept_en_name', 'b.name as branch_name',
      sql<number>`(select count(*) from recall_notices rn where rn.loan_id = l.id and rn.school_id = ${s.schoolId})`.as('notices'),
      sql<string | null>`(select max(rn.at) from recall_notices rn where rn.loan_id = l.id and rn.school_id = ${s.schoolId})`.as('last_at'),
      sql<string | null>`(select rn.channel from recall_notices rn where rn.loan_id = l.id and rn.school_id = ${s.schoolId} order by rn.at desc, rn.id desc limit 1)`.as('last_channel'),
      sql<number>`(case when users.email <> '' or exists (select 1 from student_parents sp inner join users p on p.id = sp.parent_id where sp.student_id = l.user_id and sp.school_id = ${s.schoolId} and p.email <> '') then 1 else 0 end)`.as('has_email'),
    ]);
  // A class's list as the open-loans screen sorts it: classes by stage, grade and their own order,
  // then staff departments, then readers without either. coalesce: both dialects sort alike.
  const byClass = <T extends typeof q>(x: T) => x
    .orderBy(sql`case when d.kind = 'class' then 0 when d.id is null then 2 else 1 end`)
    .orderBy(sql`coalesce(g.parent_id, 0)`).orderBy(sql`coalesce(g.sort, 0)`).orderBy(sql`coalesce(g.id, 0)`)
    .orderBy(sql`coalesce(d.sort, 0)`).orderBy(sql`coalesce(d.id, 0)`);
  if (sort === 'class') q = byClass(q).orderBy('users.reader_id').orderBy('l.due_at').orderBy('l.id');
  else if (sort === 'days') q = q.orderBy('l.due_at').orderBy('users.reader_id').orderBy('l.id');
  else q = q.orderBy('users.reader_id').orderBy('l.due_at').orderBy('l.id');
  const [count, list] = await Promise.all([
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    q.limit(rows).offset((page - 1) * rows).execute(),
  ]);
  const offset = s.calendar.UtcOffsetMinutes;
  const now = today(s);
  return {
    Total: Number(count.n),
    List: list.map((r): OverdueLoan => {
      const due = localDay(r.due_at, offset);
      let days = 0;
      try {
        days = Math.max(0, daysBetween(due, now));
      } catch {
        // A due date stored before the date rules: shown as it is, not counted.
      }
      return {
        LoanID: r.id, Barcode: r.barcode, Title: r.title, UserID: r.user_id, ReaderID: r.reader_id, ReaderName: r.reader_name,
        Identity: r.identity, ClassID: r.dept_id, ClassName: (s.lang === 'en-US' && r.dept_en_name) || r.dept_name || '',
        BranchName: r.branch_name ?? '', LoanedAt: r.loaned_at, DueDay: due, OverdueDays: days,
        LastRemindedAt: r.last_at ?? null, LastChannel: (r.last_channel as RecallChannel | null) ?? null,
        ReminderCount: Number(r.notices), HasEmail: Number(r.has_email) === 1,
      };
    }),
  };
}

/**
 * The classes a user may remind when every role that gives them the /recall menu is limited to
 * classes or departments (a head teacher's class, a reviewer's departments), each with everything
 * under it; null when one of those roles is not limited (a librarian) or holds everything.
 */
export async function recallScopeOf(db: Db, schoolId: number, userId: number, menu: string): Promise<number[] | null> {
  const roles = await db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.permissions', 'roles.scope_kind'])
    .where('user_roles.user_id', '=', userId).where('roles.school_id', '=', schoolId).execute();
  const grants = (r: (typeof roles)[number]) => {
    try {
      const p: unknown = JSON.parse(r.permissions);
      return Array.isArray(p) && (p.includes('*') || p.includes(menu));
    } catch {
      return false;
    }
  };
  const granting = roles.filter(grants);
  if (!granting.length || granting.some((r) => r.scope_kind === 'none' || r.permissions.includes('"*"'))) return null;
  const scopes = await db.selectFrom('user_role_scopes').select('dept_id')
    .where('user_id', '=', userId).where('role_id', 'in', granting.map((r) => r.id)).execute();
  const all = await db.selectFrom('departments').select(['id', 'parent_id']).where('school_id', '=', schoolId).execute();
  const out = new Set<number>();
  for (const queue = scopes.map((s) => s.dept_id); queue.length;) {
    const id = queue.pop()!;
    if (out.has(id) || !all.some((d) => d.id === id)) continue;
    out.add(id);
    queue.push(...all.filter((d) => d.parent_id === id).map((d) => d.id));
  }
  return [...out];
}

/** The e-mail addresses of readers and of the parents linked to them (students), per reader. */
export async function addressesOf(db: Db, schoolId: number, userIds: readonly number[]): Promise<Map<number, string[]>> {
  const [own, parents] = await Promise.all([
    db.selectFrom('users').select(['id', 'email']).where('school_id', '=', schoolId).where('id', 'in', inList(userIds)).execute(),
    db.selectFrom('student_parents as sp').innerJoin('users as p', 'p.id', 'sp.parent_id')
      .select(['sp.student_id', 'p.email']).where('sp.school_id', '=', schoolId).where('p.school_id', '=', schoolId)
      .where('sp.student_id', 'in', inList(userIds)).orderBy('p.id').execute(),
  ]);
  const out = new Map<number, string[]>();
  const add = (id: number, email: string) => {
    const e = email.trim();
    if (!e) return;
    const list = out.get(id) ?? [];
    if (!list.some((x) => x.toLowerCase() === e.toLowerCase())) list.push(e);
    out.set(id, list);
  };
  for (const u of own) add(u.id, u.email);
  for (const p of parents) add(p.student_id, p.email);
  return out;
}

/** Records that these loans' readers were reminded. */
export async function recordNotices(db: Db, schoolId: number, rows: ReadonlyArray<{ loanId: number; userId: number }>, channel: RecallChannel, staffId: number, at: string): Promise<void> {
  if (!rows.length) return;
  await db.insertInto('recall_notices')
    .values(rows.map((r) => ({ school_id: schoolId, loan_id: r.loanId, user_id: r.userId, channel, at, staff_id: staffId })))
    .execute();
}
