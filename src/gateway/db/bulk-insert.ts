import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import type { Insertable, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Rows per statement on PostgreSQL (its limit is 65,535 parameters). */
const PG_ROWS = 500;
/** Rows per statement on SQLite, and the bound values one may hold (SQLite's old default limit). */
const LITE_ROWS = 64;
const LITE_PARAMS = 999;

/**
 * Inserts many rows of one shape inside a write transaction, returning their ids in order when
 * asked. On SQLite, prepared statements on the transaction's own connection (statements are
 * prepared per call, not built per chunk of rows: parsing one huge multi-row statement costs
 * more than the inserts themselves), as many rows to a statement as suits the table:
 * - A table with triggers or foreign keys (copies: the ledger's marks) runs each statement under
 *   a statement journal, which copies every page the statement touches: one row per statement
 *   journalled each touched index page once per row (40,000 copies: 1.0 s of CPU one by one,
 *   0.46 s 50 at a time, 0.44 s with no trigger at all). Up to 64 rows a statement there.
 * - A table with neither (title_terms) needs no journal for a one-row statement, but does for a
 *   statement of several rows (one row might fail after others were written): one row a
 *   statement there (the 430,000 index rows of a 20,000-record import journalled 64 at a time
 *   cost a million temp-file writes).
 * On PostgreSQL, multi-row statements. Only ever inside `writeTx`: on SQLite the raw connection
 * joins whatever transaction is open on it, which there is ours.
 */
export async function insertMany<T extends keyof Database & string>(
  trx: Transaction<Database>, sqlite: DatabaseSync | null, table: T, rows: ReadonlyArray<Insertable<Database[T]>>, returningId = false,
): Promise<number[]> {
  if (!rows.length) return [];
  const cols = Object.keys(rows[0]!);
  if (sqlite) return insertManySqlite(sqlite, table, cols, rows as ReadonlyArray<Record<string, unknown>>, returningId);
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += PG_ROWS) {
    // The rows are this table's insertables; Kysely's generic insert cannot see that through T.
    const q = trx.insertInto(table).values(rows.slice(i, i + PG_ROWS) as never);
    if (returningId) ids.push(...(await q.returning('id' as never).execute()).map((r) => Number((r as { id: number }).id)));
    else await q.execute();
  }
  return ids;
}

function insertManySqlite(sqlite: DatabaseSync, table: string, cols: readonly string[], rows: ReadonlyArray<Record<string, unknown>>, returningId: boolean): number[] {
  const per = journalled(sqlite, table) ? Math.max(1, Math.min(LITE_ROWS, Math.floor(LITE_PARAMS / cols.length))) : 1;
  const head = `INSERT INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES `;
  const tuple = `(${cols.map(() => '?').join(', ')})`;
  const prepare = (n: number) => sqlite.prepare(head + Array.from({ length: n }, () => tuple).join(', ') + (returningId ? ' RETURNING "id"' : ''));
  const full = rows.length >= per ? prepare(per) : null;
  const ids: number[] = [];
  const values: SQLInputValue[] = [];
  for (let from = 0; from < rows.length; from += per) {
    const n = Math.min(per, rows.length - from);
    values.length = 0;
    for (let i = from; i < from + n; i++) {
      const r = rows[i]!;
      for (const c of cols) {
        const v = r[c];
        values.push((typeof v === 'boolean' ? (v ? 1 : 0) : v ?? null) as SQLInputValue);
      }
    }
    const stmt = n === per ? full! : prepare(n);
    if (!returningId) {
      stmt.run(...values);
      continue;
    }
    // Each row takes the next id (largest so far + 1) in the order of VALUES; RETURNING's order
    // is unspecified, so the statement's ids are sorted back into that order.
    const got = (stmt.all(...values) as Array<{ id: number | bigint }>).map((x) => Number(x.id)).sort((a, b) => a - b);
    if (got.length !== n) throw new Error(`insertMany(${table}): ${got.length} ids for ${n} rows`);
    ids.push(...got);
  }
  return ids;
}

/** Whether inserting into the table fires triggers or checks foreign keys (see insertMany). */
function journalled(sqlite: DatabaseSync, table: string): boolean {
  const q = 'select exists (select 1 from sqlite_master where type = \'trigger\' and tbl_name = ?) or exists (select 1 from pragma_foreign_key_list(?)) as j';
  return Boolean((sqlite.prepare(q).get(table, table) as { j: number }).j);
}
