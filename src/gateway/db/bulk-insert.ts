import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { Insertable, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Rows per statement on PostgreSQL (its limit is 65,535 parameters). */
const PG_ROWS = 500;

/**
 * Inserts many rows of one shape inside a write transaction, returning their ids in order when
 * asked. On SQLite one prepared single-row statement runs per row on the transaction's own
 * connection: building and parsing one huge multi-row statement costs more than the inserts
 * themselves (the MARC import writes hundreds of thousands of index rows). On PostgreSQL, multi-row
 * statements. Only ever inside `writeTx`: on SQLite the raw connection joins whatever transaction
 * is open on it, which there is ours.
 */
export async function insertMany<T extends keyof Database & string>(
  trx: Transaction<Database>, sqlite: DatabaseSync | null, table: T, rows: ReadonlyArray<Insertable<Database[T]>>, returningId = false,
): Promise<number[]> {
  if (!rows.length) return [];
  const cols = Object.keys(rows[0]!);
  if (sqlite) {
    const stmt = sqlite.prepare(`INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES (${cols.map(() => '?').join(', ')})`);
    const ids: number[] = [];
    for (const row of rows) {
      const r = row as Record<string, unknown>;
      const res = stmt.run(...cols.map((c) => {
        const v = r[c];
        return (typeof v === 'boolean' ? (v ? 1 : 0) : v ?? null) as SQLInputValue;
      }));
      if (returningId) ids.push(Number(res.lastInsertRowid));
    }
    return ids;
  }
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += PG_ROWS) {
    // The rows are this table's insertables; Kysely's generic insert cannot see that through T.
    const q = trx.insertInto(table).values(rows.slice(i, i + PG_ROWS) as never);
    if (returningId) ids.push(...(await q.returning('id' as never).execute()).map((r) => Number((r as { id: number }).id)));
    else await q.execute();
  }
  return ids;
}
