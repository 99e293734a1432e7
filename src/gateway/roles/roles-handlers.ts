import { randomUUID } from 'node:crypto';
import { roleCalls, type MenuNode } from '../../shared/api/roles.ts';
import { MENU_OPERATIONS } from '../../shared/domain/menu-operations.ts';
import { writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { loadRoles, parsePermissions } from './role-rows.ts';
import { checkRoleDraft } from './role-validation.ts';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { requireSchool } from '../access/call-context.ts';

type RoleCalls = Pick<typeof roleCalls, 'options' | 'list' | 'add' | 'update' | 'delete'>;

async function writeScopes(trx: Transaction<Database>, roleId: number, branchIds: number[], typeIds: number[]) {
  await trx.deleteFrom('role_branches').where('role_id', '=', roleId).execute();
  await trx.deleteFrom('role_resource_types').where('role_id', '=', roleId).execute();
  const branches = [...new Set(branchIds)];
  const types = [...new Set(typeIds)];
  if (branches.length) await trx.insertInto('role_branches').values(branches.map((b) => ({ role_id: roleId, branch_id: b }))).execute();
  if (types.length) await trx.insertInto('role_resource_types').values(types.map((t) => ({ role_id: roleId, resource_type_id: t }))).execute();
}

async function nameTaken(trx: Transaction<Database>, schoolId: number, name: string, exceptId: number | null): Promise<boolean> {
  let q = trx.selectFrom('roles').select('id').where('school_id', '=', schoolId).where('name', '=', name);
  if (exceptId != null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) != null;
}

async function oneRole(trx: Transaction<Database>, schoolId: number, id: number) {
  const [role] = await loadRoles(trx, schoolId, { ids: [id] });
  if (!role) throw AppError.notFound();
  return role;
}

export const rolesHandlers = {
  'roles.options': handler(roleCalls.options, async (_input, ctx) => {
    const schoolId = requireSchool(ctx);
    const db = ctx.app.db;
    const [menus, branches, types] = await Promise.all([
      db.selectFrom('menus').selectAll().where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute(),
      db.selectFrom('branches').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute(),
      db.selectFrom('resource_types').select(['id', 'name', 'en_name']).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute(),
    ]);
    // Groups → menus → operations; a menu's operations are its stored Functions plus the shared table's.
    const groups: MenuNode[] = [];
    const byId = new Map<number, MenuNode>();
    for (const m of menus.filter((x) => x.parent_id == null)) {
      const node: MenuNode = { Url: m.url, Name: m.name, EnName: m.en_name, Operations: [], Children: [] };
      byId.set(m.id, node);
      groups.push(node);
    }
    for (const m of menus.filter((x) => x.parent_id != null)) {
      const ops = [...new Set([...parsePermissions(m.functions), ...(MENU_OPERATIONS[m.url] ?? [])])];
      byId.get(m.parent_id!)?.Children.push({ Url: m.url, Name: m.name, EnName: m.en_name, Operations: ops });
    }
    const named = (r: { id: number; name: string; en_name: string }) => ({ ID: r.id, Name: r.name, EnName: r.en_name });
    return { Menus: groups.filter((g) => g.Children.length > 0), Branches: branches.map(named), ResourceTypes: types.map(named) };
  }),

  'roles.list': handler(roleCalls.list, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const all = await loadRoles(ctx.app.db, schoolId, { search: input.SearchKey });
    return { Total: all.length, List: all.slice((input.Page - 1) * input.Rows, input.Page * input.Rows) };
  }),

  'roles.add': handler(roleCalls.add, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      const perms = await checkRoleDraft(trx, schoolId, input, null);
      if (await nameTaken(trx, schoolId, input.Name, null)) throw AppError.conflict('errors:roleNameExists', { name: input.Name });
      const row = await trx
        .insertInto('roles')
        .values({
          school_id: schoolId, code: `custom-${randomUUID().slice(0, 12)}`, name: input.Name, en_name: input.EnName,
          permissions: JSON.stringify(perms), scope_kind: input.ScopeKind, built_in: 0, created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeScopes(trx, row.id, input.BranchIDs, input.ResourceTypeIDs);
      return oneRole(trx, schoolId, row.id);
    });
  }),

  'roles.update': handler(roleCalls.update, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const out = await writeTx(ctx.app.db, async (trx) => {
      const current = await trx.selectFrom('roles').selectAll().where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
      if (!current) throw AppError.notFound();
      const perms = await checkRoleDraft(trx, schoolId, input, { code: current.code, builtIn: current.built_in === 1 });
      if (await nameTaken(trx, schoolId, input.Name, input.ID)) throw AppError.conflict('errors:roleNameExists', { name: input.Name });
      // The administrator and other built-in roles keep their scope kind (the seed's scoped roles stay scoped).
      const scopeKind = current.built_in === 1 ? current.scope_kind : input.ScopeKind;
      await trx
        .updateTable('roles')
        .set({ name: input.Name, en_name: input.EnName, permissions: JSON.stringify(perms), scope_kind: scopeKind })
        .where('school_id', '=', schoolId)
        .where('id', '=', input.ID)
        .execute();
      if (scopeKind === 'none') await trx.deleteFrom('user_role_scopes').where('role_id', '=', input.ID).execute();
      await writeScopes(trx, input.ID, input.BranchIDs, input.ResourceTypeIDs);
      return oneRole(trx, schoolId, input.ID);
    });
    // Every holder's permissions change: the next call of any of them sees it.
    ctx.app.permissions.forget();
    return out;
  }),

  'roles.delete': handler(roleCalls.delete, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const out = await writeTx(ctx.app.db, async (trx) => {
      const role = await oneRole(trx, schoolId, input.ID);
      if (role.BuiltIn) throw AppError.conflict('errors:roleBuiltIn', { name: role.Name });
      const holders = await trx.selectFrom('user_roles').select('user_id').where('role_id', '=', role.ID).execute();
      let reassigned = 0;
      if (holders.length && input.ReassignToID != null) {
        if (input.ReassignToID === role.ID) throw AppError.badRequest('validation:role.reassignSame');
        const target = await trx.selectFrom('roles').select('id').where('school_id', '=', schoolId).where('id', '=', input.ReassignToID).executeTakeFirst();
        if (!target) throw AppError.notFound('validation:role.unknownRole');
        const already = new Set(
          (await trx.selectFrom('user_roles').select('user_id').where('role_id', '=', target.id).execute()).map((r) => r.user_id),
        );
        const fresh = holders.filter((h) => !already.has(h.user_id));
        for (let i = 0; i < fresh.length; i += 500) {
          await trx.insertInto('user_roles').values(fresh.slice(i, i + 500).map((h) => ({ user_id: h.user_id, role_id: target.id }))).execute();
        }
        reassigned = holders.length;
      } else if (holders.length && !input.Confirm) {
        throw AppError.conflict('errors:roleInUse', { name: role.Name, count: holders.length }, { UserCount: holders.length });
      }
      await trx.deleteFrom('roles').where('school_id', '=', schoolId).where('id', '=', role.ID).execute();
      return { Reassigned: reassigned, Removed: holders.length - reassigned };
    });
    ctx.app.permissions.forget();
    return out;
  }),
} satisfies HandlerMapFor<RoleCalls>;
