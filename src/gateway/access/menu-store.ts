import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Menu } from '../../shared/api/auth.ts';
import { holds, type PermissionSet } from './permissions.ts';

export const GROUP_URL_PREFIX = 'group:';

function parseList(json: string): string[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** The menus a user may open (by route path in their roles), with the parents that hold them, in sort order. */
export async function menusFor(db: Kysely<Database>, schoolId: number, perms: PermissionSet): Promise<Menu[]> {
  const rows = await db
    .selectFrom('menus')
    .selectAll()
    .where('school_id', '=', schoolId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const keep = new Set<number>();
  for (const r of rows) {
    if (r.url.startsWith(GROUP_URL_PREFIX) || !holds(perms, r.url)) continue;
    // Walk up so a permitted leaf brings its parents along.
    for (let m: typeof r | undefined = r; m && !keep.has(m.id); m = m.parent_id != null ? byId.get(m.parent_id) : undefined) {
      keep.add(m.id);
    }
  }
  return rows
    .filter((r) => keep.has(r.id))
    .map((r) => ({
      ID: r.id,
      ParentID: r.parent_id,
      MenuName: r.name,
      MenuEnName: r.en_name,
      Url: r.url,
      Icon: r.icon,
      Sort: r.sort,
      Functions: parseList(r.functions).filter((f) => holds(perms, f)),
      External: r.external === 1,
    }));
}

/** Operation keys (not route paths) the user holds; for "*" every key any menu offers. */
export async function operationsFor(db: Kysely<Database>, schoolId: number, perms: PermissionSet, known: readonly string[]) {
  if (!perms.all) return [...perms.keys].filter((k) => !k.startsWith('/') && k !== '*').sort();
  const rows = await db.selectFrom('menus').select('functions').where('school_id', '=', schoolId).execute();
  const all = new Set(known);
  for (const r of rows) for (const f of parseList(r.functions)) all.add(f);
  return [...all].sort();
}
