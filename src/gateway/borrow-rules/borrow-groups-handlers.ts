import type { Transaction } from 'kysely';
import { borrowRulesCalls, type GroupRow } from '../../shared/api/borrow-rules.ts';
import type { PermissionGroup } from '../../shared/domain/borrowing/schemas.ts';
import type { Database } from '../db/schema.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../db/connect.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { loadGroups } from './borrow-rule-store.ts';
import { writeRulesTx } from './rules-cache.ts';
import { requireSchool } from '../access/call-context.ts';
import { inList, typeFilter } from '../access/access-scope.ts';

/** Permission groups (/borrow-permission): the limits, per resource type where set. */

export const toId = (id: string): number => {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw AppError.notFound();
  return n;
};

async function groupRows(db: Parameters<typeof loadGroups>[0], schoolId: number): Promise<GroupRow[]> {
  const [groups, counts] = await Promise.all([
    loadGroups(db, schoolId),
    db.selectFrom('group_assignments').select(['group_id', (eb) => eb.fn.countAll().as('n')]).where('school_id', '=', schoolId).groupBy('group_id').execute(),
  ]);
  const n = new Map(counts.map((c) => [String(c.group_id), Number(c.n)]));
  return groups.map((g) => ({ ...g, AssignmentCount: n.get(g.ID) ?? 0, InUse: (n.get(g.ID) ?? 0) > 0 || g.IsDefault }));
}

/** Per-type rules must name this school's resource types: another school's id is "not found". */
async function checkResourceTypes(trx: Transaction<Database>, schoolId: number, g: PermissionGroup): Promise<number[]> {
  const ids = g.ByResourceType.map((r) => toId(r.ResourceTypeID));
  if (ids.length === 0) return ids;
  const found = await trx.selectFrom('resource_types').select('id').where('school_id', '=', schoolId).where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size) throw AppError.notFound();
  return ids;
}

/**
 * `types`: the caller's resource-type scope (null = all). A caller limited to some types may set
 * rules for those only (else 403) and leaves the group's rules for the other types as they are.
 */
async function writeGroup(trx: Transaction<Database>, schoolId: number, g: PermissionGroup, existingId: number | null, types: number[] | null): Promise<number> {
  const now = new Date().toISOString();
  const values = {
    name: g.Name, en_name: g.EnName, max_loans: g.MaxLoans, loan_days: g.LoanDays, renew_days: g.RenewDays,
    max_renewals: g.MaxRenewals, overdue_renewal: g.OverdueRenewal, is_default: g.IsDefault ? 1 : 0, updated_at: now,
  };
  // At most one default per school: making this one the default hands the role over.
  if (g.IsDefault) await trx.updateTable('permission_groups').set({ is_default: 0 }).where('school_id', '=', schoolId).where('is_default', '=', 1).execute();
  let id: number;
  if (existingId == null) {
    const max = await trx.selectFrom('permission_groups').select((eb) => eb.fn.max('sort').as('m')).where('school_id', '=', schoolId).executeTakeFirst();
    const row = await trx.insertInto('permission_groups').values({ school_id: schoolId, ...values, sort: Number(max?.m ?? 0) + 1 }).returning('id').executeTakeFirstOrThrow();
    id = row.id;
  } else {
    const r = await trx.updateTable('permission_groups').set(values).where('school_id', '=', schoolId).where('id', '=', existingId).executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) throw AppError.notFound();
    id = existingId;
  }
  const ruleTypes = await checkResourceTypes(trx, schoolId, g);
  if (types && ruleTypes.some((t) => !types.includes(t))) throw AppError.forbidden();
  let del = trx.deleteFrom('permission_group_type_rules').where('group_id', '=', id);
  if (types) del = del.where('resource_type_id', 'in', inList(types));
  await del.execute();
  if (g.ByResourceType.length) {
    await trx.insertInto('permission_group_type_rules').values(g.ByResourceType.map((r) => ({
      school_id: schoolId, group_id: id, resource_type_id: Number(r.ResourceTypeID),
      max_loans: r.MaxLoans, loan_days: r.LoanDays, renew_days: r.RenewDays, max_renewals: r.MaxRenewals,
    }))).execute();
  }
  return id;
}

async function saveGroup(ctx: CallContext, g: PermissionGroup, existingId: number | null): Promise<GroupRow> {
  const schoolId = requireSchool(ctx);
  let id: number;
  try {
    const types = await typeFilter(ctx);
    id = await writeRulesTx(ctx.app, schoolId, (trx) => writeGroup(trx, schoolId, g, existingId, types));
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict('borrowing:rules.groupNameExists', { name: g.Name });
    throw err;
  }
  const row = (await groupRows(ctx.app.db, schoolId)).find((r) => r.ID === String(id));
  if (!row) throw AppError.notFound();
  return row;
}

export const borrowGroupsHandlers = {
  'borrowRules.getGroups': handler(borrowRulesCalls.getGroups, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    let rows = await groupRows(ctx.app.db, schoolId);
    const key = input.SearchKey?.trim().toLowerCase();
    if (key) rows = rows.filter((r) => r.Name.toLowerCase().includes(key) || r.EnName.toLowerCase().includes(key));
    // Groups are few per school (a handful), so paging in memory is fine.
    return { Total: rows.length, List: rows.slice((input.Page - 1) * input.Rows, input.Page * input.Rows) };
  }),
  'borrowRules.addGroup': handler(borrowRulesCalls.addGroup, (input, ctx) => saveGroup(ctx, input, null)),
  'borrowRules.updateGroup': handler(borrowRulesCalls.updateGroup, (input, ctx) => saveGroup(ctx, input, toId(input.ID))),
  'borrowRules.deleteGroup': handler(borrowRulesCalls.deleteGroup, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const id = toId(input.ID);
    try {
      await writeRulesTx(ctx.app, schoolId, async (trx) => {
        const g = await trx.selectFrom('permission_groups').select('is_default').where('school_id', '=', schoolId).where('id', '=', id).executeTakeFirst();
        if (!g) throw AppError.notFound();
        const used = await trx.selectFrom('group_assignments').select('id').where('group_id', '=', id).limit(1).executeTakeFirst();
        // Deleting an assigned group would silently move its readers to the default: make it explicit.
        if (g.is_default === 1 || used) throw AppError.conflict('borrowing:rules.groupInUse');
        await trx.deleteFrom('permission_group_type_rules').where('group_id', '=', id).execute();
        await trx.deleteFrom('permission_groups').where('id', '=', id).execute();
      });
    } catch (err) {
      if (isForeignKeyViolation(err)) throw AppError.conflict('borrowing:rules.groupInUse');
      throw err;
    }
    return null;
  }),
  'borrowRules.getResourceTypes': handler(borrowRulesCalls.getResourceTypes, async (_input, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId);
    // Only the types the caller's roles reach can be given per-type limits.
    const types = await typeFilter(ctx);
    if (types) q = q.where('id', 'in', inList(types));
    const rows = await q.orderBy('sort').orderBy('id').execute();
    return rows.map((r) => ({ ID: String(r.id), Name: r.name, EnName: r.en_name }));
  }),
} satisfies HandlerMapFor<typeof borrowRulesCalls>;
