import { sql } from 'kysely';
import { borrowRulesCalls } from '../../shared/api/borrow-rules.ts';
import { DEMO_ACCOUNTS } from '../seed/demo-data.ts';
import type { TestGateway } from '../testing/gateway-fixture.ts';

/**
 * Test data for the circulation desk on the demo seed of school 1: readers with no open loan in a
 * permission group of the test's choosing, copies a desk may lend, staff accounts with given
 * permissions and branches. Each helper hands out rows no earlier call of the same gateway did.
 */

const SCHOOL = 1;
const handedOut = new WeakMap<TestGateway, { readers: Set<number>; copies: Set<number> }>();
const usedBy = (t: TestGateway) => {
  let u = handedOut.get(t);
  if (!u) handedOut.set(t, (u = { readers: new Set(), copies: new Set() }));
  return u;
};

export interface FreeReader {
  id: number;
  reader_id: string;
  name: string;
}

/** `n` active students of school 1 with a valid card and no open loan. */
export async function freeReaders(t: TestGateway, n: number): Promise<FreeReader[]> {
  const used = usedBy(t).readers;
  const demo = DEMO_ACCOUNTS.map((a) => a.account);
  const rows = await t.db.selectFrom('users').select(['id', 'reader_id', 'name'])
    .where('school_id', '=', SCHOOL).where('identity', '=', 'student').where('status', '=', 'active').where('account', 'not in', demo)
    .where((eb) => eb.or([eb('expire_at', 'is', null), eb('expire_at', '>', new Date(Date.now() + 86_400_000).toISOString())]))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('loans').select('id').whereRef('loans.user_id', '=', 'users.id').where('loans.returned_at', 'is', null))))
    .orderBy('id').limit(n + used.size).execute();
  const free = rows.filter((r) => !used.has(r.id)).slice(0, n);
  if (free.length < n) throw new Error(`only ${free.length} free readers, ${n} asked for`);
  for (const r of free) used.add(r.id);
  return free;
}

/** `n` copies of school 1 on the circulation shelves (storage 2, available, no open loan, lent to students), optionally of one branch. */
export async function freeCopies(t: TestGateway, n: number, branchId?: number): Promise<Array<{ id: number; barcode: string; branch_id: number }>> {
  const used = usedBy(t).copies;
  let q = t.db.selectFrom('copies').select(['id', 'barcode', 'branch_id'])
    .where('school_id', '=', SCHOOL).where('storage_area', '=', 2).where('circ_state', '=', 'available')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('loans').select('id').whereRef('loans.copy_id', '=', 'copies.id').where('loans.returned_at', 'is', null))))
    // Lendable to the students the tests lend to: not a type the school keeps for teachers.
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('titles').innerJoin('resource_access as ra', 'ra.resource_type_id', 'titles.resource_type_id')
      .select('titles.id').whereRef('titles.id', '=', 'copies.title_id').where('ra.borrow_student', '=', 0))));
  if (branchId != null) q = q.where('branch_id', '=', branchId);
  const rows = await q.orderBy('id').limit(n + used.size).execute();
  const free = rows.filter((r) => !used.has(r.id)).slice(0, n);
  if (free.length < n) throw new Error(`only ${free.length} free copies, ${n} asked for`);
  for (const r of free) used.add(r.id);
  return free;
}

/** A permission group for `readers` (assigned by reader, which outranks class and identity). Returns its id. */
export async function groupFor(t: TestGateway, readers: readonly FreeReader[], over: Record<string, unknown> = {}): Promise<string> {
  const name = `desk-${Math.random().toString(36).slice(2, 10)}`;
  const g = await t.data(borrowRulesCalls.addGroup, {
    ID: 'new', Name: name, EnName: name, MaxLoans: 5, LoanDays: 14, RenewDays: 7, MaxRenewals: 1, OverdueRenewal: 'allow', ByResourceType: [], IsDefault: false, ...over,
  }, 'admin');
  for (let i = 0; i < readers.length; i += 5000) {
    await t.data(borrowRulesCalls.addAssignments, { GroupID: g.ID, Kind: 'reader', TargetIDs: readers.slice(i, i + 5000).map((r) => r.reader_id) }, 'admin');
  }
  return g.ID as string;
}

/**
 * A staff account of school 1 holding one new role with `perms`, limited to `branchIds` (all
 * branches of the school when omitted). Returns the user's id; sign in with t.tokenFor(account).
 */
export async function addStaff(t: TestGateway, account: string, perms: readonly string[], branchIds?: readonly number[]): Promise<number> {
  const now = new Date().toISOString();
  const user = await t.db.insertInto('users').values({
    school_id: SCHOOL, account, name: `Desk ${account}`, password_hash: null, identity: 'teacher', reader_id: `DESK-${account}`, dept_id: null,
    status: 'active', phone: '', email: '', sex: 'unknown', birthday: null, language: 'zh-CN', expire_at: null, deposit: 0,
    pinyin: '', initials: '', created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const role = await t.db.insertInto('roles').values({
    school_id: SCHOOL, code: `desk-${account}`, name: account, en_name: account, permissions: JSON.stringify(perms), created_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  const branches = branchIds ?? (await t.db.selectFrom('branches').select('id').where('school_id', '=', SCHOOL).execute()).map((b) => b.id);
  for (const b of branches) await t.db.insertInto('role_branches').values({ role_id: role.id, branch_id: b }).execute();
  await t.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  return user.id;
}

export const userIdOf = async (t: TestGateway, account: string): Promise<number> =>
  (await t.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;

/** Open loans of these copies, per copy. */
export async function openLoanCounts(t: TestGateway, copyIds: readonly number[]): Promise<Map<number, number>> {
  const rows = await t.db.selectFrom('loans').select(['copy_id', sql<number>`count(*)`.as('n')])
    .where('copy_id', 'in', [...copyIds]).where('returned_at', 'is', null).groupBy('copy_id').execute();
  return new Map(rows.map((r) => [r.copy_id, Number(r.n)]));
}
