import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../catalogue/catalogue-store.ts';

/**
 * The resource types a school keeps out of its public catalogue (basic settings, resource access:
 * "shown in the portal" off, e.g. teaching references). One indexed read of a handful of rows per
 * search: it changes rarely, but a change must show at once.
 */
export async function hiddenResourceTypes(db: Db, schoolId: number): Promise<number[]> {
  const rows = await db.selectFrom('resource_access').select('resource_type_id')
    .where('school_id', '=', schoolId).where('portal_visible', '=', 0).execute();
  return rows.map((r) => r.resource_type_id);
}

/** A condition on a title's resource type column: not one of the hidden types (titles without a type are shown). */
export function visibleType(column: string, hidden: readonly number[]): RawBuilder<boolean> {
  if (!hidden.length) return sql<boolean>`1 = 1`;
  return sql<boolean>`(${sql.ref(column)} is null or ${sql.ref(column)} not in (${sql.join(hidden.map((id) => sql.lit(id)))}))`;
}
