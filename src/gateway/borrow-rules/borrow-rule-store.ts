import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { BorrowingSettingsTable } from '../db/schema-borrow-rules.ts';
import type { VerifyMode } from '../../shared/api/circulation-verify.ts';
import { verifyModeFrom } from '../circulation/verify-store.ts';
import { prepared } from '../db/prepared.ts';
import {
  borrowingRulesSchema,
  CARD_STATUSES,
  localDaySchema,
  DEFAULT_UTC_OFFSET_MINUTES,
  type BorrowingRules,
  type CardStatus,
  type GroupAssignment,
  type OpenLoan,
  type PermissionGroup,
  type ReaderContext,
  type SchoolCalendar,
} from '../../shared/domain/borrowing/schemas.ts';

/**
 * Reads a school's borrowing rules and a reader's context from the database into the shapes of the
 * shared rules module (string IDs, PascalCase), so the gateway computes exactly what the desk would.
 */

type Db = Kysely<Database> | Transaction<Database>;

export async function loadGroups(db: Db, schoolId: number): Promise<PermissionGroup[]> {
  const [groups, rules] = await Promise.all([
    db.selectFrom('permission_groups').selectAll().where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute(),
    db.selectFrom('permission_group_type_rules').selectAll().where('school_id', '=', schoolId).orderBy('resource_type_id').execute(),
  ]);
  return groups.map((g) => ({
    ID: String(g.id),
    Name: g.name,
    EnName: g.en_name,
    MaxLoans: g.max_loans,
    LoanDays: g.loan_days,
    RenewDays: g.renew_days,
    MaxRenewals: g.max_renewals,
    OverdueRenewal: g.overdue_renewal,
    IsDefault: g.is_default === 1,
    ByResourceType: rules
      .filter((r) => r.group_id === g.id)
      .map((r) => ({ ResourceTypeID: String(r.resource_type_id), MaxLoans: r.max_loans, LoanDays: r.loan_days, RenewDays: r.renew_days, MaxRenewals: r.max_renewals })),
  }));
}

/** Assignment rows folded into the rules module's shape: one entry per group and kind. */
export async function loadAssignments(db: Db, schoolId: number): Promise<GroupAssignment[]> {
  const rows = await db.selectFrom('group_assignments').select(['group_id', 'kind', 'target_id']).where('school_id', '=', schoolId).orderBy('id').execute();
  return foldAssignments(rows);
}

export function foldAssignments(rows: ReadonlyArray<{ group_id: number; kind: GroupAssignment['Kind']; target_id: string }>): GroupAssignment[] {
  const byKey = new Map<string, GroupAssignment>();
  for (const r of rows) {
    const key = `${r.group_id}/${r.kind}`;
    const a = byKey.get(key);
    if (a) a.TargetIDs.push(r.target_id);
    else byKey.set(key, { GroupID: String(r.group_id), Kind: r.kind, TargetIDs: [r.target_id] });
  }
  return [...byKey.values()];
}

export async function loadCalendar(db: Db, schoolId: number): Promise<{ calendar: SchoolCalendar; combined: boolean; reasons: Map<string, string> }> {
  const [settings, rows] = await Promise.all([settingsRow(db, schoolId), calendarRows(db, schoolId)]);
  return calendarOf(settings, rows);
}

/** The school's offset from UTC in minutes: its days, and the local days of every filter, follow it. */
export async function utcOffsetOf(db: Db, schoolId: number): Promise<number> {
  return (await loadCalendar(db, schoolId)).calendar.UtcOffsetMinutes;
}

type SettingsRow = Selectable<BorrowingSettingsTable>;

const settingsRow = (db: Db, schoolId: number): Promise<SettingsRow | undefined> =>
  db.selectFrom('borrowing_settings').selectAll().where('school_id', '=', schoolId).executeTakeFirst();

const calendarRows = (db: Db, schoolId: number) => db.selectFrom('calendar_days').selectAll().where('school_id', '=', schoolId).orderBy('day').execute();

function calendarOf(settings: SettingsRow | undefined, rows: ReadonlyArray<{ day: string; state: string; reason: string }>) {
  // A stored day the contract would refuse today (written before the 1900–2199 range existed, or
  // by hand) is skipped, never thrown on: one bad row must not take the school's calendar down.
  const days = rows.filter((d) => isUsableDay(d.day));
  const weekdays = parseWeekdays(settings?.closed_weekdays ?? '[]');
  return {
    combined: settings?.combined_borrowing === 1,
    calendar: {
      ClosedDates: days.filter((d) => d.state === 'closed').map((d) => d.day),
      OpenDates: days.filter((d) => d.state === 'open').map((d) => d.day),
      ClosedWeekdays: weekdays,
      UtcOffsetMinutes: settings?.utc_offset_minutes ?? DEFAULT_UTC_OFFSET_MINUTES,
    },
    reasons: new Map(days.map((d) => [d.day, d.reason])),
  };
}

function isUsableDay(day: string): boolean {
  return localDaySchema.safeParse(day).success;
}

function parseWeekdays(json: string): number[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? [...new Set(v.filter((n): n is number => Number.isInteger(n) && n >= 0 && n <= 6))].slice(0, 6) : [];
  } catch {
    return [];
  }
}

/** Everything effectiveLimits()/checkBorrow() need besides the reader. */
export async function loadRules(db: Db, schoolId: number): Promise<BorrowingRules> {
  return (await loadSchoolRules(db, schoolId)).rules;
}

/** What the desk needs of a school's configuration: the rules and the borrow verification mode (rules-cache.ts keeps it). */
export interface SchoolRules {
  rules: BorrowingRules;
  verifyMode: VerifyMode;
}

/** The rules and the verification mode in one go: the verify mode is a column of the settings row the calendar reads anyway. */
export async function loadSchoolRules(db: Db, schoolId: number): Promise<SchoolRules> {
  const [Groups, Assignments, settings, days] = await Promise.all([loadGroups(db, schoolId), loadAssignments(db, schoolId), settingsRow(db, schoolId), calendarRows(db, schoolId)]);
  const cal = calendarOf(settings, days);
  return {
    rules: borrowingRulesSchema.parse({ Groups, Assignments, Settings: { CombinedBorrowing: cal.combined }, Calendar: cal.calendar }),
    verifyMode: verifyModeFrom(settings?.borrow_verify),
  };
}

/** Creates the settings row on first write (schools seeded before 0008 have none). */
export async function ensureSettings(trx: Transaction<Database>, schoolId: number): Promise<void> {
  const row = await trx.selectFrom('borrowing_settings').select('school_id').where('school_id', '=', schoolId).executeTakeFirst();
  if (!row) {
    await trx.insertInto('borrowing_settings').values({ school_id: schoolId, combined_borrowing: 0, closed_weekdays: '[]', utc_offset_minutes: DEFAULT_UTC_OFFSET_MINUTES, updated_at: new Date().toISOString() }).execute();
  }
}

export type ReaderRow = { id: number; name: string; reader_id: string; identity: ReaderContext['Identity']; dept_id: number | null; status: string; expire_at: string | null };

/** A department on the way up from a reader's own (readerContext walks the tree through it). */
export interface DeptLink {
  id: number;
  parent_id: number | null;
  kind: string;
  name: string;
  en_name: string;
}

/** Deeper than any real tree; a cycle written by hand ends here. */
const MAX_DEPT_DEPTH = 20;

/**
 * The department `deptId` and its ancestors, nearest first: one recursive query rather than one
 * per level (the desk walks it on every loan).
 */
export async function departmentChain(db: Db, schoolId: number, deptId: number | null): Promise<DeptLink[]> {
  if (deptId == null) return [];
  return departmentChainQuery.all(db, { schoolId, deptId });
}

const departmentChainQuery = prepared((db, p: { schoolId: number; deptId: number }) => db
  .withRecursive('chain(id, parent_id, kind, name, en_name, depth)', (qb) => qb
    .selectFrom('departments')
    .select(['id', 'parent_id', 'kind', 'name', 'en_name', sql<number>`0`.as('depth')])
    .where('school_id', '=', p.schoolId)
    .where('id', '=', p.deptId)
    .unionAll((u) => u
      .selectFrom('departments as d')
      .innerJoin('chain as c', 'c.parent_id', 'd.id')
      .select(['d.id', 'd.parent_id', 'd.kind', 'd.name', 'd.en_name', sql<number>`c.depth + 1`.as('depth')])
      .where('d.school_id', '=', p.schoolId)
      .where('c.depth', '<', MAX_DEPT_DEPTH - 1)))
  .selectFrom('chain')
  .select(['id', 'parent_id', 'kind', 'name', 'en_name'])
  .orderBy('depth'));

/**
 * The open loans as readerContextOf counts them. Copies carry no resource type (0011 typed titles,
 * not copies), so every loan counts as untyped (""), like the book being lent; a copy's type would
 * be selected here.
 */
export function openLoanCopies(db: Db, schoolId: number, userId: number) {
  return db
    .selectFrom('loans')
    .innerJoin('copies', 'copies.id', 'loans.copy_id')
    .innerJoin('titles', 'titles.id', 'copies.title_id')
    .select(['loans.id', 'loans.loaned_at', 'loans.due_at', 'loans.renew_count', 'titles.resource_type_id'])
    .where('loans.school_id', '=', schoolId)
    .where('loans.user_id', '=', userId)
    .where('loans.returned_at', 'is', null);
}
type OpenLoanCopyRow = { id: number; loaned_at: string; due_at: string; renew_count: number; resource_type_id: number | null };

/** A title's resource type as the rules module names it: its id, or "" for an untyped title. */
export const resourceTypeKey = (id: number | null | undefined): string => (id == null ? '' : String(id));

const ACCESS_COLUMN = { teacher: 'borrow_teacher', student: 'borrow_student', parent: 'borrow_parent', other: 'borrow_other' } as const;

/**
 * Whether the school's resource access (/resource-access) lends resource type `typeId` to readers
 * of `identity`. An untyped title, a type without an access row or an unknown identity: yes.
 */
export async function identityMayBorrow(db: Db, schoolId: number, typeId: number | null, identity: string): Promise<boolean> {
  const column = ACCESS_COLUMN[identity as keyof typeof ACCESS_COLUMN];
  if (typeId == null || !column) return true;
  const row = await db.selectFrom('resource_access').select(column).where('school_id', '=', schoolId).where('resource_type_id', '=', typeId).executeTakeFirst();
  return row == null || Number((row as Record<string, number>)[column]) !== 0;
}

/**
 * The reader as the rules module sees it: class and grade from the teaching tree, staff departments
 * with their ancestors (a group assigned to a parent department covers its sub-departments), and the
 * open loans with each copy's resource type.
 */
export async function readerContext(db: Db, schoolId: number, reader: ReaderRow): Promise<ReaderContext> {
  const chain = await departmentChain(db, schoolId, reader.dept_id);
  return readerContextOf(reader, chain, await openLoanCopies(db, schoolId, reader.id).execute());
}

/** readerContext from rows already read: the reader's departmentChain and openLoanCopies. */
export function readerContextOf(reader: ReaderRow, chain: readonly DeptLink[], loans: readonly OpenLoanCopyRow[]): ReaderContext {
  let ClassID: string | null = null;
  let GradeID: string | null = null;
  const DepartmentIDs: string[] = [];
  for (const d of chain) {
    if (d.kind === 'class' && ClassID == null) ClassID = String(d.id);
    else if (d.kind === 'grade' && GradeID == null) GradeID = String(d.id);
    else if (d.kind === 'dept' || d.kind === 'org') DepartmentIDs.push(String(d.id));
  }
  const Loans: OpenLoan[] = loans.map((l) => ({ LoanID: String(l.id), ResourceTypeID: resourceTypeKey(l.resource_type_id), LoanedAt: l.loaned_at, DueAt: l.due_at, RenewCount: l.renew_count }));
  const status = (CARD_STATUSES as readonly string[]).includes(reader.status) ? (reader.status as CardStatus) : 'active';
  return { ReaderID: reader.reader_id, Identity: reader.identity, ClassID, GradeID, DepartmentIDs, CardStatus: status, CardExpiresAt: reader.expire_at, Loans };
}
