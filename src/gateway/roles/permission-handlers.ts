import type { Kysely, Transaction } from 'kysely';
import { roleCalls, type Holder, type ScopeKind } from '../../shared/api/roles.ts';
import type { Database } from '../db/schema.ts';
import { writeTx } from '../db/connect.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { containsText } from '../db/like.ts';
import { unknownIds } from './role-validation.ts';
import { requireSchool } from '../access/call-context.ts';

type Db = Kysely<Database> | Transaction<Database>;
type PermissionCalls = Pick<typeof roleCalls, 'holders' | 'holderOptions' | 'assign'>;

/** Holder DTOs of the given users (roles with their class/department scopes). */
async function holdersOf(db: Db, schoolId: number, userIds: number[]): Promise<Holder[]> {
  if (!userIds.length) return [];
  const [users, roles, scopes] = await Promise.all([
    db.selectFrom('users')
      .leftJoin('departments', 'departments.id', 'users.dept_id')
      .select(['users.id', 'users.account', 'users.name', 'users.reader_id', 'users.identity', 'departments.name as dept', 'departments.en_name as dept_en'])
      .where('users.school_id', '=', schoolId).where('users.id', 'in', userIds).execute(),
    db.selectFrom('user_roles').innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['user_roles.user_id', 'user_roles.role_id'])
      .where('roles.school_id', '=', schoolId).where('user_roles.user_id', 'in', userIds).orderBy('user_roles.role_id').execute(),
    db.selectFrom('user_role_scopes').select(['user_id', 'role_id', 'dept_id']).where('user_id', 'in', userIds).orderBy('dept_id').execute(),
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  return userIds.filter((id) => byId.has(id)).map((id) => {
    const u = byId.get(id)!;
    return {
      UserID: u.id, Account: u.account, Name: u.name, ReaderID: u.reader_id, Identity: u.identity,
      DeptName: u.dept ?? '', DeptEnName: u.dept_en ?? '',
      Roles: roles.filter((r) => r.user_id === id).map((r) => ({
        RoleID: r.role_id,
        DeptIDs: scopes.filter((s) => s.user_id === id && s.role_id === r.role_id).map((s) => s.dept_id),
      })),
    };
  });
}

export const permissionHandlers = {
  'permission.options': handler(roleCalls.holderOptions, async (_input, ctx) => {
    const scopeKind = (k: string): ScopeKind => (k === 'class' || k === 'dept' ? k : 'none');
    const schoolId = requireSchool(ctx);
    const [roles, depts] = await Promise.all([
      ctx.app.db.selectFrom('roles').select(['id', 'code', 'name', 'en_name', 'scope_kind']).where('school_id', '=', schoolId).orderBy('id').execute(),
      ctx.app.db.selectFrom('departments').select(['id', 'parent_id', 'name', 'en_name', 'kind']).where('school_id', '=', schoolId).orderBy('sort').orderBy('id').execute(),
    ]);
    return {
      Roles: roles.map((r) => ({ ID: r.id, Code: r.code, Name: r.name, EnName: r.en_name, ScopeKind: scopeKind(r.scope_kind) })),
      Depts: depts.map((d) => ({ ID: d.id, ParentID: d.parent_id, Name: d.name, EnName: d.en_name, Kind: d.kind })),
    };
  }),

  'permission.list': handler(roleCalls.holders, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    let q = ctx.app.db.selectFrom('users').where('users.school_id', '=', schoolId);
    const key = input.SearchKey?.trim();
    if (key) {
      q = q.where((eb) => eb.or([containsText('users.name', key), containsText('users.account', key), containsText('users.reader_id', key), containsText('users.initials', key)]));
    }
    if (input.RoleID != null) {
      const roleId = input.RoleID;
      q = q.where('users.id', 'in', (eb) => eb.selectFrom('user_roles').select('user_id').where('role_id', '=', roleId));
    }
    const [{ n }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
      q.select('users.id').orderBy('users.id').limit(input.Rows).offset((input.Page - 1) * input.Rows).execute(),
    ]);
    return { Total: Number(n), List: await holdersOf(ctx.app.db, schoolId, rows.map((r) => r.id)) };
  }),

  'permission.assign': handler(roleCalls.assign, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const out = await writeTx(ctx.app.db, async (trx) => {
      const user = await trx.selectFrom('users').select('id').where('school_id', '=', schoolId).where('id', '=', input.UserID).executeTakeFirst();
      if (!user) throw AppError.notFound('errors:userNotFound');
      const wanted = new Map<number, number[]>();
      for (const r of input.Roles) wanted.set(r.RoleID, [...new Set([...(wanted.get(r.RoleID) ?? []), ...r.DeptIDs])]);
      const ids = [...wanted.keys()];
      const roles = ids.length ? await trx.selectFrom('roles').select(['id', 'code', 'name', 'scope_kind']).where('school_id', '=', schoolId).where('id', 'in', ids).execute() : [];
      if (roles.length !== ids.length) throw AppError.notFound('validation:role.unknownRole');
      for (const role of roles) {
        const depts = wanted.get(role.id)!;
        if (role.scope_kind === 'none') {
          wanted.set(role.id, []);
          continue;
        }
        if (!depts.length) throw AppError.badRequest('validation:required.roleScope', { role: role.name });
        if (await unknownIds(trx, 'departments', schoolId, depts).then((x) => x.length > 0)) throw AppError.notFound('validation:role.unknownDept');
        if (role.scope_kind === 'class') {
          const notClass = await trx.selectFrom('departments').select('id').where('school_id', '=', schoolId).where('id', 'in', depts).where('kind', '<>', 'class').execute();
          if (notClass.length) throw AppError.refused('validation:role.scopeNotClass', { role: role.name });
        }
      }
      // Never leave a school without an administrator.
      const admin = await trx.selectFrom('roles').select('id').where('school_id', '=', schoolId).where('code', '=', 'admin').executeTakeFirst();
      if (admin && !wanted.has(admin.id)) {
        const others = await trx.selectFrom('user_roles').select('user_id').where('role_id', '=', admin.id).where('user_id', '<>', user.id).limit(1).execute();
        const holds = await trx.selectFrom('user_roles').select('user_id').where('role_id', '=', admin.id).where('user_id', '=', user.id).executeTakeFirst();
        if (holds && !others.length) throw AppError.conflict('errors:lastAdmin');
      }
      await trx.deleteFrom('user_role_scopes').where('user_id', '=', user.id).execute();
      await trx.deleteFrom('user_roles').where('user_id', '=', user.id)
        .where('role_id', 'in', (eb) => eb.selectFrom('roles').select('id').where('school_id', '=', schoolId)).execute();
      if (ids.length) await trx.insertInto('user_roles').values(ids.map((id) => ({ user_id: user.id, role_id: id }))).execute();
      const scopeRows = [...wanted].flatMap(([roleId, depts]) => depts.map((d) => ({ user_id: user.id, role_id: roleId, dept_id: d })));
      if (scopeRows.length) await trx.insertInto('user_role_scopes').values(scopeRows).execute();
      const [holder] = await holdersOf(trx, schoolId, [user.id]);
      return holder!;
    });
    ctx.app.permissions.forget(input.UserID);
    return out;
  }),
} satisfies HandlerMapFor<PermissionCalls>;
