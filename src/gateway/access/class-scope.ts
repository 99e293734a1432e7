import { holds } from './permissions.ts';
import { AppError } from '../http/app-error.ts';
import type { CallContext } from '../http/handler-types.ts';

/**
 * The classes a caller may act for on class-scoped screens (the class corner). Library staff act
 * for every class (ids null): the administrator ("*") and whoever holds `staffKey`, an operation
 * only library roles are given. Anyone else acts for the classes their class-scoped roles (scope
 * kind 'class': class librarian, head teacher) are assigned to in user_role_scopes, and for no
 * class when they hold none; a role that grants the screens without a class scope (a plain
 * teacher) reaches no class. Read through the permission cache, like branch scopes.
 */
export interface ClassScope {
  /** null = every class of the school. */
  ids: readonly number[] | null;
  allows(deptId: number): boolean;
  /** 403 when `deptId` is outside the scope. */
  require(deptId: number): void;
}

export function classScopeOf(ids: readonly number[] | null): ClassScope {
  const allows = (deptId: number) => ids == null || ids.includes(deptId);
  return {
    ids,
    allows,
    require(deptId) {
      if (!allows(deptId)) throw AppError.forbidden();
    },
  };
}

export async function classScope(ctx: CallContext, staffKey: string): Promise<ClassScope> {
  const p = ctx.principal;
  // Service clients hold no roles, and no class: the class corner is for people.
  if (!p || p.userId == null) return classScopeOf([]);
  const perms = await ctx.app.permissions.of(p.userId, p.schoolId);
  if (holds(perms, staffKey)) return classScopeOf(null);
  const scope = await ctx.app.permissions.scope(p.userId, p.schoolId);
  if (!scope.deptsByRole.size) return classScopeOf([]);
  const classRoles = await ctx.app.db.selectFrom('roles').select('code')
    .where('school_id', '=', p.schoolId).where('scope_kind', '=', 'class').where('code', 'in', [...scope.deptsByRole.keys()])
    .execute();
  const ids = new Set<number>();
  for (const r of classRoles) for (const d of scope.deptsByRole.get(r.code) ?? []) ids.add(d);
  return classScopeOf([...ids].sort((a, b) => a - b));
}
