import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { PlanDetail } from './rollover-plan.ts';
import type { AssignmentState } from './rollover-groups.ts';

type Trx = Transaction<Database>;

interface DeptState { id: number; parent_id: number | null; name: string; en_name: string }
interface UserState { id: number; status: string; expire_at: string | null }
/**
 * The rows a rollover touched, before or after it. `assignments`: before, the permission-group
 * assignment rows it removed; after, the rows it added (batches older than the group step have none).
 */
export interface RolloverSnapshot { depts: DeptState[]; users: UserState[]; assignments?: AssignmentState[] }

const CHUNK = 500;
const chunks = <T>(list: T[]) => Array.from({ length: Math.ceil(list.length / CHUNK) }, (_, i) => list.slice(i * CHUNK, (i + 1) * CHUNK));

async function snapshot(trx: Trx, schoolId: number, deptIds: number[], userIds: number[]): Promise<RolloverSnapshot> {
  const depts: DeptState[] = [];
  for (const ids of chunks(deptIds)) {
    depts.push(...(await trx.selectFrom('departments').select(['id', 'parent_id', 'name', 'en_name']).where('school_id', '=', schoolId).where('id', 'in', ids).execute()));
  }
  const users: UserState[] = [];
  for (const ids of chunks(userIds)) {
    users.push(...(await trx.selectFrom('users').select(['id', 'status', 'expire_at']).where('school_id', '=', schoolId).where('id', 'in', ids).execute()));
  }
  const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
  return { depts: depts.sort(byId), users: users.sort(byId) };
}

/** Applies a plan (inside the caller's transaction) and records the batch; returns its id. */
export async function applyRollover(trx: Trx, schoolId: number, userId: number | null, plan: PlanDetail, now: Date): Promise<number> {
  const at = now.toISOString();
  const deptIds = [...plan.moves.map((m) => m.id), ...plan.graduating];
  const before = await snapshot(trx, schoolId, deptIds, plan.expiring);
  let cohortId: number | null = null;
  if (plan.graduating.length) {
    const cohort = await trx.insertInto('departments')
      .values({ school_id: schoolId, parent_id: null, name: plan.dto.CohortName, en_name: plan.dto.CohortEnName, kind: 'dept', learning_stage: null, sort: 900 })
      .returning('id').executeTakeFirstOrThrow();
    cohortId = cohort.id;
    for (const ids of chunks(plan.graduating)) {
      await trx.updateTable('departments').set({ parent_id: cohortId }).where('school_id', '=', schoolId).where('id', 'in', ids).execute();
    }
  }
  for (const m of plan.moves) {
    await trx.updateTable('departments').set({ parent_id: m.parent_id, name: m.name, en_name: m.en_name }).where('school_id', '=', schoolId).where('id', '=', m.id).execute();
  }
  for (const ids of chunks(plan.expiring)) {
    await trx.updateTable('users').set({ status: 'expired', expire_at: at, updated_at: at }).where('school_id', '=', schoolId).where('id', 'in', ids).execute();
  }
  const removed = plan.groups.remove;
  for (const ids of chunks(removed.map((r) => r.id))) {
    await trx.deleteFrom('group_assignments').where('school_id', '=', schoolId).where('id', 'in', ids).execute();
  }
  const added: AssignmentState[] = [];
  for (const a of plan.groups.add) {
    added.push(await trx.insertInto('group_assignments').values({ school_id: schoolId, ...a, created_at: at })
      .returning(['id', 'group_id', 'kind', 'target_id', 'created_at']).executeTakeFirstOrThrow());
  }
  const after = { ...(await snapshot(trx, schoolId, deptIds, plan.expiring)), assignments: added };
  before.assignments = removed;
  const summary = { promoted: plan.moves.length, graduated: plan.graduating.length, expired: plan.expiring.length, moved: plan.dto.GroupMoves.length };
  const row = await trx.insertInto('rollover_batches').values({
    school_id: schoolId, created_by: userId, created_at: at, state: 'applied', summary: JSON.stringify(summary),
    before_state: JSON.stringify(before), after_state: JSON.stringify(after), cohort_dept_id: cohortId, undone_at: null, undone_by: null,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Restores exactly the state before the batch, refusing (with the list of conflicts) when any
 * row it touched changed since or the cohort department gained members.
 */
export async function undoRollover(trx: Trx, schoolId: number, userId: number, batchId: number, now: Date): Promise<void> {
  const batch = await trx.selectFrom('rollover_batches').selectAll().where('school_id', '=', schoolId).where('id', '=', batchId).executeTakeFirst();
  if (!batch) throw AppError.notFound();
  const latest = await trx.selectFrom('rollover_batches').select('id').where('school_id', '=', schoolId).where('state', '=', 'applied').orderBy('id', 'desc').executeTakeFirst();
  if (batch.state !== 'applied' || latest?.id !== batch.id) throw AppError.conflict('errors:rolloverNotLatest');

  const before = JSON.parse(batch.before_state) as RolloverSnapshot;
  const after = JSON.parse(batch.after_state) as RolloverSnapshot;
  const now_ = await snapshot(trx, schoolId, after.depts.map((d) => d.id), after.users.map((u) => u.id));
  const conflicts: string[] = [];
  const curDept = new Map(now_.depts.map((d) => [d.id, d]));
  for (const d of after.depts) {
    const c = curDept.get(d.id);
    if (!c || c.parent_id !== d.parent_id || c.name !== d.name || c.en_name !== d.en_name) conflicts.push(c?.name ?? d.name);
  }
  const curUser = new Map(now_.users.map((u) => [u.id, u]));
  const userNames = new Map((after.users.length ? await trx.selectFrom('users').select(['id', 'name']).where('school_id', '=', schoolId).where('id', 'in', after.users.map((u) => u.id).slice(0, CHUNK)).execute() : []).map((u) => [u.id, u.name]));
  for (const u of after.users) {
    const c = curUser.get(u.id);
    if (!c || c.status !== u.status || c.expire_at !== u.expire_at) conflicts.push(userNames.get(u.id) ?? `#${u.id}`);
  }
  if (batch.cohort_dept_id != null) {
    const moved = new Set(after.depts.map((d) => d.id));
    const extra = await trx.selectFrom('departments').select(['id', 'name']).where('school_id', '=', schoolId).where('parent_id', '=', batch.cohort_dept_id).execute();
    for (const d of extra) if (!moved.has(d.id)) conflicts.push(d.name);
    const direct = await trx.selectFrom('users').select('name').where('school_id', '=', schoolId).where('dept_id', '=', batch.cohort_dept_id).limit(10).execute();
    conflicts.push(...direct.map((u) => u.name));
  }
  // Assignments: the rows it added are still as added, and nobody re-assigned a target it freed.
  const added = after.assignments ?? [];
  const removed = before.assignments ?? [];
  const touched = [...added, ...removed];
  const current: Array<{ id: number; group_id: number; kind: string; target_id: string }> = [];
  for (const targets of chunks([...new Set(touched.map((r) => r.target_id))])) {
    const rows = await trx.selectFrom('group_assignments').select(['id', 'group_id', 'kind', 'target_id'])
      .where('school_id', '=', schoolId).where('target_id', 'in', targets).execute();
    current.push(...rows);
  }
  const addedIds = new Set(added.map((r) => r.id));
  const badTargets: AssignmentState[] = [];
  for (const a of added) {
    if (!current.some((c) => c.id === a.id && c.group_id === a.group_id && c.kind === a.kind && c.target_id === a.target_id)) badTargets.push(a);
  }
  for (const r of removed) {
    if (current.some((c) => c.kind === r.kind && c.target_id === r.target_id && !addedIds.has(c.id))) badTargets.push(r);
  }
  conflicts.push(...(await targetNames(trx, schoolId, badTargets)));
  if (conflicts.length) {
    throw AppError.conflict('errors:rolloverUndoConflicts', { count: conflicts.length, names: conflicts.slice(0, 10).join(', ') }, { Conflicts: conflicts });
  }

  const at = now.toISOString();
  for (const d of before.depts) {
    await trx.updateTable('departments').set({ parent_id: d.parent_id, name: d.name, en_name: d.en_name }).where('school_id', '=', schoolId).where('id', '=', d.id).execute();
  }
  for (const u of before.users) {
    await trx.updateTable('users').set({ status: u.status, expire_at: u.expire_at, updated_at: at }).where('school_id', '=', schoolId).where('id', '=', u.id).execute();
  }
  for (const ids of chunks(added.map((r) => r.id))) {
    await trx.deleteFrom('group_assignments').where('school_id', '=', schoolId).where('id', 'in', ids).execute();
  }
  for (const r of removed) {
    // Back with its own id unless that id was taken since (then only the id differs).
    const taken = await trx.selectFrom('group_assignments').select('id').where('id', '=', r.id).executeTakeFirst();
    const row = { school_id: schoolId, group_id: r.group_id, kind: r.kind, target_id: r.target_id, created_at: r.created_at };
    await trx.insertInto('group_assignments').values(taken ? row : { id: r.id, ...row }).execute();
  }
  if (batch.cohort_dept_id != null) {
    await trx.deleteFrom('departments').where('school_id', '=', schoolId).where('id', '=', batch.cohort_dept_id).execute();
  }
  await trx.updateTable('rollover_batches').set({ state: 'undone', undone_at: at, undone_by: userId }).where('id', '=', batch.id).execute();
}

/** Display names of assignment targets for the undo's conflict list: readers by reader ID, classes and grades by id. */
async function targetNames(trx: Trx, schoolId: number, rows: readonly AssignmentState[]): Promise<string[]> {
  const out: string[] = [];
  for (const r of rows.slice(0, 50)) {
    if (r.kind === 'reader') {
      const u = await trx.selectFrom('users').select('name').where('school_id', '=', schoolId).where('reader_id', '=', r.target_id).executeTakeFirst();
      out.push(u?.name ?? r.target_id);
    } else if (r.kind === 'identity') {
      out.push(r.target_id);
    } else {
      const d = await trx.selectFrom('departments').select('name').where('school_id', '=', schoolId).where('id', '=', Number(r.target_id)).executeTakeFirst();
      out.push(d?.name ?? r.target_id);
    }
  }
  return out;
}
