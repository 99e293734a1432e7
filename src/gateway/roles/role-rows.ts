import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Role, ScopeKind } from '../../shared/api/roles.ts';

type Db = Kysely<Database> | Transaction<Database>;

export function parsePermissions(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

const group = <K extends string>(rows: Array<Record<K, number>>, key: K, value: K) => {
  const out = new Map<number, number[]>();
  for (const r of rows) {
    const list = out.get(r[key]) ?? [];
    list.push(r[value]);
    out.set(r[key], list);
  }
  return out;
};

/** Roles of a school as DTOs (with branch and resource scopes and how many users hold each). */
export async function loadRoles(db: Db, schoolId: number, opts: { ids?: number[]; search?: string } = {}): Promise<Role[]> {
  let q = db.selectFrom('roles').selectAll().where('school_id', '=', schoolId);
  if (opts.ids) q = q.where('id', 'in', opts.ids.length ? opts.ids : [-1]);
  const rows = await q.orderBy('id').execute();
  const search = opts.search?.trim().toLowerCase();
  const kept = search ? rows.filter((r) => `${r.name} ${r.en_name} ${r.code}`.toLowerCase().includes(search)) : rows;
  const ids = kept.length ? kept.map((r) => r.id) : [-1];
  const [branches, types, counts] = await Promise.all([
    db.selectFrom('role_branches').select(['role_id', 'branch_id']).where('role_id', 'in', ids).orderBy('branch_id').execute(),
    db.selectFrom('role_resource_types').select(['role_id', 'resource_type_id']).where('role_id', 'in', ids).orderBy('resource_type_id').execute(),
    db.selectFrom('user_roles').select(['role_id', (eb) => eb.fn.countAll<number>().as('n')]).where('role_id', 'in', ids).groupBy('role_id').execute(),
  ]);
  const byBranch = group(branches, 'role_id', 'branch_id');
  const byType = group(types, 'role_id', 'resource_type_id');
  const count = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
  return kept.map((r) => ({
    ID: r.id,
    Code: r.code,
    Name: r.name,
    EnName: r.en_name,
    BuiltIn: r.built_in === 1,
    ScopeKind: (['class', 'dept'].includes(r.scope_kind) ? r.scope_kind : 'none') as ScopeKind,
    Permissions: parsePermissions(r.permissions),
    BranchIDs: byBranch.get(r.id) ?? [],
    ResourceTypeIDs: byType.get(r.id) ?? [],
    UserCount: count.get(r.id) ?? 0,
  }));
}
