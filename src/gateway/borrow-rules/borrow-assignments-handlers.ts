import type { Kysely, Transaction } from 'kysely';
import { borrowRulesCalls, type AssignmentConflictRow, type AssignmentRow } from '../../shared/api/borrow-rules.ts';
import { ASSIGNMENT_CONFLICT_KEY, findAssignmentConflicts } from '../../shared/domain/borrowing/group-resolution.ts';
import type { AssignmentKind, GroupAssignment } from '../../shared/domain/borrowing/schemas.ts';
import type { Database } from '../db/schema.ts';
import { isUniqueViolation } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { ensureSettings, loadAssignments } from './borrow-rule-store.ts';
import { writeRulesTx } from './rules-cache.ts';
import { requireSchool } from '../access/call-context.ts';
import { toId } from './borrow-groups-handlers.ts';

/** Who belongs to which group (/borrow-range-mana) and the combined-borrowing switch. */

type Db = Kysely<Database> | Transaction<Database>;

type DeptKind = Database['departments']['kind'];
const DEPT_KINDS: Record<Exclude<AssignmentKind, 'reader' | 'identity'>, DeptKind[]> = {
  class: ['class'],
  grade: ['grade'],
  department: ['dept', 'org'],
};

/** Display names of targets: readers by reader ID (with the reader ID), departments by id. */
async function targetNames(db: Db, schoolId: number, kind: AssignmentKind, targets: readonly string[]): Promise<Map<string, { name: string; readerId: string }>> {
  const out = new Map<string, { name: string; readerId: string }>();
  if (targets.length === 0) return out;
  if (kind === 'identity') {
    for (const t of targets) out.set(t, { name: t, readerId: '' });
  } else if (kind === 'reader') {
    for (let i = 0; i < targets.length; i += 500) {
      const rows = await db.selectFrom('users').select(['name', 'reader_id']).where('school_id', '=', schoolId).where('reader_id', 'in', targets.slice(i, i + 500)).execute();
      for (const r of rows) out.set(r.reader_id, { name: r.name, readerId: r.reader_id });
    }
  } else {
    const ids = targets.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
    if (ids.length) {
      const rows = await db.selectFrom('departments').select(['id', 'name']).where('school_id', '=', schoolId).where('kind', 'in', DEPT_KINDS[kind]).where('id', 'in', ids).execute();
      for (const r of rows) out.set(String(r.id), { name: r.name, readerId: '' });
    }
  }
  return out;
}

async function conflictsOf(db: Db, schoolId: number, candidate: GroupAssignment): Promise<AssignmentConflictRow[]> {
  const found = findAssignmentConflicts(candidate, await loadAssignments(db, schoolId));
  if (found.length === 0) return [];
  const names = await targetNames(db, schoolId, candidate.Kind, found.map((c) => c.targetId));
  const groups = await db.selectFrom('permission_groups').select(['id', 'name']).where('school_id', '=', schoolId).execute();
  const groupName = new Map(groups.map((g) => [String(g.id), g.name]));
  return found.map((c) => ({
    TargetID: c.targetId,
    Name: names.get(c.targetId)?.name ?? c.targetId,
    ReaderID: names.get(c.targetId)?.readerId ?? '',
    GroupID: c.groupId,
    GroupName: groupName.get(c.groupId) ?? c.groupId,
  }));
}

async function requireGroup(db: Db, schoolId: number, groupId: string): Promise<number> {
  const id = toId(groupId);
  const g = await db.selectFrom('permission_groups').select('id').where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
  if (!g) throw AppError.notFound();
  return id;
}

export const borrowAssignmentsHandlers = {
  'borrowRules.getAssignments': handler(borrowRulesCalls.getAssignments, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db
      .selectFrom('group_assignments')
      .innerJoin('permission_groups', 'permission_groups.id', 'group_assignments.group_id')
      .where('group_assignments.school_id', '=', schoolId);
    if (input.GroupID) q = q.where('group_assignments.group_id', '=', toId(input.GroupID));
    if (input.Kind) q = q.where('group_assignments.kind', '=', input.Kind);
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.select(['group_assignments.id', 'group_assignments.group_id', 'group_assignments.kind', 'group_assignments.target_id', 'permission_groups.name as group_name'])
        .orderBy('group_assignments.kind').orderBy('group_assignments.id')
        .limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    const list: AssignmentRow[] = [];
    for (const kind of new Set(rows.map((r) => r.kind))) {
      const ofKind = rows.filter((r) => r.kind === kind);
      const names = await targetNames(ctx.app.db, schoolId, kind, ofKind.map((r) => r.target_id));
      for (const r of ofKind) {
        const nm = names.get(r.target_id);
        list.push({
          ID: String(r.id), GroupID: String(r.group_id), GroupName: r.group_name, Kind: r.kind, TargetID: r.target_id,
          TargetName: nm ? (kind === 'reader' ? `${nm.name}（${nm.readerId}）` : nm.name) : r.target_id,
        });
      }
    }
    return { Total: Number(n), List: list };
  }),
  'borrowRules.getTargetOptions': handler(borrowRulesCalls.getTargetOptions, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const rows = await ctx.app.db.selectFrom('departments').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).where('kind', 'in', DEPT_KINDS[input.Kind]).orderBy('parent_id').orderBy('sort').orderBy('id').execute();
    return rows.map((r) => ({ ID: String(r.id), Name: r.name, EnName: r.en_name }));
  }),
  'borrowRules.checkAssignments': handler(borrowRulesCalls.checkAssignments, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await requireGroup(ctx.app.db, schoolId, input.GroupID);
    return { Conflicts: await conflictsOf(ctx.app.db, schoolId, input) };
  }),
  'borrowRules.addAssignments': handler(borrowRulesCalls.addAssignments, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const targets = [...new Set(input.TargetIDs)];
    const run = () => writeRulesTx(ctx.app, schoolId, async (trx) => {
      const groupId = await requireGroup(trx, schoolId, input.GroupID);
      const names = await targetNames(trx, schoolId, input.Kind, targets);
      const unknown = targets.filter((t) => !names.has(t));
      if (unknown.length) {
        const key = input.Kind === 'reader' ? 'borrowing:assignment.invalidUsers' : 'borrowing:assignment.targetNotFound';
        throw AppError.refused(key, { targets: unknown.slice(0, 20).join(', ') }, { Added: 0, Skipped: 0, Unknown: unknown });
      }
      const conflicts = await conflictsOf(trx, schoolId, { ...input, TargetIDs: targets });
      // The spec's "Failed to add!": nothing is added, and the reply lists who is in which group.
      if (conflicts.length) throw AppError.refused(ASSIGNMENT_CONFLICT_KEY, {}, { Added: 0, Skipped: 0, Conflicts: conflicts });
      const already = new Set(
        (await trx.selectFrom('group_assignments').select('target_id').where('school_id', '=', schoolId).where('group_id', '=', groupId).where('kind', '=', input.Kind).execute()).map((r) => r.target_id),
      );
      const fresh = targets.filter((t) => !already.has(t));
      const now = new Date().toISOString();
      for (let i = 0; i < fresh.length; i += 500) {
        await trx.insertInto('group_assignments').values(fresh.slice(i, i + 500).map((t) => ({ school_id: schoolId, group_id: groupId, kind: input.Kind, target_id: t, created_at: now }))).execute();
      }
      return { Added: fresh.length, Skipped: targets.length - fresh.length };
    });
    try {
      return await run();
    } catch (err) {
      // Another librarian added one of these targets to another group at the same moment.
      if (isUniqueViolation(err)) throw AppError.refused(ASSIGNMENT_CONFLICT_KEY, {}, { Added: 0, Skipped: 0, Conflicts: await conflictsOf(ctx.app.db, schoolId, { ...input, TargetIDs: targets }) });
      throw err;
    }
  }),
  'borrowRules.deleteAssignments': handler(borrowRulesCalls.deleteAssignments, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const ids = input.IDs.map(toId);
    const r = await writeRulesTx(ctx.app, schoolId, (trx) => trx.deleteFrom('group_assignments').where('school_id', '=', schoolId).where('id', 'in', ids).executeTakeFirst());
    return { Deleted: Number(r.numDeletedRows) };
  }),
  'borrowRules.getSettings': handler(borrowRulesCalls.getSettings, async (_input, ctx) => {
    const schoolId = requireSchool(ctx);
    const row = await ctx.app.db.selectFrom('borrowing_settings').select('combined_borrowing').where('school_id', '=', schoolId).executeTakeFirst();
    return { CombinedBorrowing: row?.combined_borrowing === 1 };
  }),
  'borrowRules.saveSettings': handler(borrowRulesCalls.saveSettings, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await writeRulesTx(ctx.app, schoolId, async (trx) => {
      await ensureSettings(trx, schoolId);
      await trx.updateTable('borrowing_settings').set({ combined_borrowing: input.CombinedBorrowing ? 1 : 0, updated_at: new Date().toISOString() }).where('school_id', '=', schoolId).execute();
    });
    return { CombinedBorrowing: input.CombinedBorrowing };
  }),
} satisfies HandlerMapFor<typeof borrowRulesCalls>;
