import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { MENU_OPERATIONS } from '../../shared/domain/menu-operations.ts';
import { AppError } from '../http/app-error.ts';
import { parsePermissions } from './role-rows.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** Every key a role may grant in this school: its menus' paths and operations, plus the shared table's operations. */
export async function grantableKeys(db: Db, schoolId: number): Promise<Set<string>> {
  const menus = await db.selectFrom('menus').select(['url', 'functions']).where('school_id', '=', schoolId).execute();
  const keys = new Set<string>();
  for (const m of menus) {
    if (!m.url.startsWith('group:')) keys.add(m.url);
    for (const f of parsePermissions(m.functions)) keys.add(f);
  }
  for (const ops of Object.values(MENU_OPERATIONS)) for (const op of ops) keys.add(op);
  return keys;
}

/** Ids that are not rows of `table` in this school (empty = all known). */
async function unknownIds(db: Db, table: 'branches' | 'resource_types' | 'departments', schoolId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom(table).select('id').where('school_id', '=', schoolId).where('id', 'in', ids).execute();
  const found = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !found.has(id));
}

export interface RoleDraft {
  Permissions: string[];
  BranchIDs: number[];
  ResourceTypeIDs: number[];
}

/**
 * Checks a role's grant and scopes against the school: known keys only, "*" for the
 * administrator only, branches and resource types of this school. Returns the cleaned grant.
 */
export async function checkRoleDraft(db: Db, schoolId: number, draft: RoleDraft, role: { code: string; builtIn: boolean } | null): Promise<string[]> {
  const perms = [...new Set(draft.Permissions)];
  if (role?.code === 'admin') {
    // The administrator's grant is fixed: a school must never lock itself out.
    if (perms.length !== 1 || perms[0] !== '*') throw AppError.conflict('errors:roleAdminFixed');
    return perms;
  }
  // A built-in role keeps at least one menu (stripping it of everything is a delete in disguise).
  if (role?.builtIn && !perms.some((p) => !p.includes('.') || p.startsWith('/') || p.startsWith('http'))) {
    throw AppError.conflict('errors:roleBuiltInEmpty');
  }
  const known = await grantableKeys(db, schoolId);
  const bad = perms.filter((p) => !known.has(p));
  if (bad.length) throw AppError.badRequest('validation:role.unknownPermission', { keys: bad.slice(0, 5).join(', ') });
  const branches = await unknownIds(db, 'branches', schoolId, draft.BranchIDs);
  if (branches.length) throw AppError.notFound('validation:role.unknownBranch', { ids: branches.join(', ') });
  const types = await unknownIds(db, 'resource_types', schoolId, draft.ResourceTypeIDs);
  if (types.length) throw AppError.notFound('validation:role.unknownResourceType', { ids: types.join(', ') });
  return perms;
}

export { unknownIds };
