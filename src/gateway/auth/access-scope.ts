import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

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
