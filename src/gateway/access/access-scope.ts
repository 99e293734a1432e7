import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { CallContext } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';

/**
 * What a user's roles reach beyond menus and operations: branches, resource types and the
 * classes/departments of scoped roles. Calls that read or write branch- or type-bound data
 * filter by it (null = no limit). The union over the user's roles; an administrator ("*") is unlimited.
 */
export interface AccessScope {
  branchIds: ReadonlySet<number> | null;
  resourceTypeIds: ReadonlySet<number> | null;
  /** Role code → the classes/departments the user holds that scoped role for. */
  deptsByRole: ReadonlyMap<string, ReadonlySet<number>>;
}

export async function accessScopeOf(db: Kysely<Database>, userId: number, schoolId: number): Promise<AccessScope> {
  const roles = await db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['roles.id', 'roles.code', 'roles.permissions'])
    .where('user_roles.user_id', '=', userId)
    .where('roles.school_id', '=', schoolId)
    .execute();
  const ids = roles.length ? roles.map((r) => r.id) : [-1];
  const [branches, types, scopes] = await Promise.all([
    db.selectFrom('role_branches').select(['role_id', 'branch_id']).where('role_id', 'in', ids).execute(),
    db.selectFrom('role_resource_types').select(['role_id', 'resource_type_id']).where('role_id', 'in', ids).execute(),
    db.selectFrom('user_role_scopes').select(['role_id', 'dept_id']).where('user_id', '=', userId).where('role_id', 'in', ids).execute(),
  ]);
  const all = roles.some((r) => r.permissions.includes('"*"'));
  // A role without resource types reaches every type, so any such role lifts the limit.
  const typeless = roles.some((r) => !types.some((t) => t.role_id === r.id));
  const deptsByRole = new Map<string, Set<number>>();
  for (const s of scopes) {
    const code = roles.find((r) => r.id === s.role_id)!.code;
    deptsByRole.set(code, (deptsByRole.get(code) ?? new Set()).add(s.dept_id));
  }
  return {
    branchIds: all ? null : new Set(branches.map((b) => b.branch_id)),
    resourceTypeIds: all || typeless ? null : new Set(types.map((t) => t.resource_type_id)),
    deptsByRole,
  };
}

/**
 * The one place calls apply the branch and resource-type scopes. Each takes the call's context,
 * reads the caller's scope through the permission cache (cleared whenever roles or assignments
 * change) and answers null for "no limit": administrators, roles without a type limit, and calls
 * without a signed-in user (service clients, which hold no roles).
 */
async function scopeOfCall(ctx: CallContext): Promise<AccessScope | null> {
  const p = ctx.principal;
  if (!p || p.userId == null) return null;
  return ctx.app.permissions.scope(p.userId, p.schoolId);
}

/** The branches the caller may see (null = all): lists filter with `where(column, 'in', ids)`. */
export async function branchFilter(ctx: CallContext): Promise<number[] | null> {
  const scope = await scopeOfCall(ctx);
  return scope?.branchIds ? [...scope.branchIds] : null;
}

/** Kysely's `in` needs at least one value: an empty scope matches nothing. */
export const inList = (ids: readonly number[]): number[] => (ids.length ? [...ids] : [-1]);

/**
 * The caller's branch scope for a write: read it before opening the transaction (the scope is read
 * outside it), then `require` each branch the call touches: 403 ("no operation permission") when
 * one is outside it.
 */
export interface BranchScope {
  ids: readonly number[] | null;
  require(...branchIds: number[]): void;
}

export async function branchScope(ctx: CallContext): Promise<BranchScope> {
  const ids = await branchFilter(ctx);
  return {
    ids,
    require(...branchIds) {
      if (ids && branchIds.some((b) => !ids.includes(b))) throw AppError.forbidden();
    },
  };
}

/** The resource types the caller may see (null = all). */
export async function typeFilter(ctx: CallContext): Promise<number[] | null> {
  const scope = await scopeOfCall(ctx);
  return scope?.resourceTypeIds ? [...scope.resourceTypeIds] : null;
}

/** Refuses (403) when any of the resource types is outside the scope `ids` (from typeFilter; null = all). */
export function requireType(ids: readonly number[] | null, ...typeIds: number[]): void {
  if (ids && typeIds.some((id) => !ids.includes(id))) throw AppError.forbidden();
}
