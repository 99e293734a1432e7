import { sql, type Kysely } from 'kysely';
import { dbKindOf } from './connect.ts';
import type { Database } from './schema.ts';

/**
 * Counts rows of other modules that point at a record, for "in use" checks. Modules add their
 * tables and columns over time (a resource type column on copies, borrowing-group rules), so a
 * probe whose table or column does not exist (yet) counts 0 instead of failing the delete.
 */
export interface Probe {
  table: string;
  column: string;
}

async function columnExists(db: Kysely<Database>, p: Probe): Promise<boolean> {
  if (dbKindOf(db) === 'sqlite') {
    const r = await sql<{ n: number }>`select count(*) as n from pragma_table_info(${p.table}) where name = ${p.column}`.execute(db);
    return Number(r.rows[0]?.n ?? 0) > 0;
  }
  const r = await sql<{ n: string }>`select count(*) as n from information_schema.columns where table_schema = current_schema() and table_name = ${p.table} and column_name = ${p.column}`.execute(db);
  return Number(r.rows[0]?.n ?? 0) > 0;
}

/** How many rows of each existing probe reference `id`, scoped by the school. */
export async function countUsage(db: Kysely<Database>, schoolId: number, id: number, probes: readonly Probe[]): Promise<number> {
  let total = 0;
  for (const p of probes) {
    if (!(await columnExists(db, p))) continue;
    // Tables without school_id (link tables) are scoped by the referenced id alone, which is the school's.
    const scoped = await columnExists(db, { table: p.table, column: 'school_id' });
    const r = scoped
      ? await sql<{ n: number }>`select count(*) as n from ${sql.table(p.table)} where ${sql.ref(p.column)} = ${id} and school_id = ${schoolId}`.execute(db)
      : await sql<{ n: number }>`select count(*) as n from ${sql.table(p.table)} where ${sql.ref(p.column)} = ${id}`.execute(db);
    total += Number(r.rows[0]?.n ?? 0);
  }
  return total;
}
