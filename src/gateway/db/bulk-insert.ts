import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { Insertable, Transaction } from 'kysely';
import type { Database } from './schema.ts';

/** Rows per statement on PostgreSQL (its limit is 65,535 parameters). */
const PG_ROWS = 500;
/**
 * Rows per statement on SQLite, and the bound values one may hold: SQLite's default limit since
 * 3.32 (Node 24 ships 3.5x); the old 999 cut the titles' 31 columns to 32 rows a statement.
 */
const LITE_ROWS = 64;
const LITE_PARAMS = 32766;

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
  const statementFor = valuesStatements(sqlite, table, cols);
  // Each row takes the table's largest id + 1 (with AUTOINCREMENT, the largest ever), in the order
  // of VALUES, so the rows' ids follow `before` one by one: cheaper than RETURNING (a 20,000-record
  // MARC import: 55 ms of 1.6 s), and checked, so a wrong id is an error, never a wrong link.
  const before = returningId ? largestId(sqlite, table) : 0;
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
    const { lastInsertRowid } = statementFor(n).run(...values);
    // Ids only rise, so the last one says whether anything else (a trigger writing into the
    // same table) took an id among ours.
    if (returningId && Number(lastInsertRowid) !== before + from + n) throw idsMismatch(table);
  }
  if (!returningId) return [];
  return Array.from({ length: rows.length }, (_, k) => before + 1 + k);
}

/** `INSERT [OR IGNORE] INTO table (cols) VALUES (…), …` of n rows, each n prepared once. */
function valuesStatements(sqlite: DatabaseSync, table: string, cols: readonly string[], orIgnore = false): (n: number) => StatementSync {
  const head = `INSERT${orIgnore ? ' OR IGNORE' : ''} INTO "${table}" (${cols.map((c) => `"${c}"`).join(', ')}) VALUES `;
  const tuple = `(${cols.map(() => '?').join(', ')})`;
  const made = new Map<number, StatementSync>();
  return (n) => {
    let stmt = made.get(n);
    if (!stmt) made.set(n, (stmt = sqlite.prepare(head + Array.from({ length: n }, () => tuple).join(', '))));
    return stmt;
  };
}

/**
 * Rows of one shape given one at a time, written LITE_ROWS to an INSERT OR IGNORE statement, for
 * a table without triggers or foreign keys whose rows cannot conflict (the word index,
 * search/title-index.ts): a statement that ignores conflicts cannot abort half-way, so unlike
 * insertMany's several rows a statement it needs no statement journal, and no row object is made
 * per row. Call flush() for the last rows.
 */
export function ignoringWriter(sqlite: DatabaseSync, table: string, cols: readonly string[]) {
  const statementFor = valuesStatements(sqlite, table, cols, true);
  const values: SQLInputValue[] = [];
  const flush = () => {
    if (values.length) statementFor(values.length / cols.length).run(...values);
    values.length = 0;
  };
  return {
    add(...row: SQLInputValue[]) {
      values.push(...row);
      if (values.length === LITE_ROWS * cols.length) flush();
    },
    flush,
  };
}

/** The id the table's next row follows: its largest id, or with AUTOINCREMENT the largest ever. */
function largestId(sqlite: DatabaseSync, table: string): number {
  const q = `SELECT max(coalesce((SELECT max("id") FROM "${table}"), 0), coalesce((SELECT seq FROM sqlite_sequence WHERE name = ?), 0)) AS m`;
  return Number((sqlite.prepare(q).get(table) as { m: number | bigint }).m);
}

const idsMismatch = (table: string) => new Error(`insertMany(${table}): the rows did not take the ids that follow the table's last one`);

/** Whether inserting into the table fires triggers or checks foreign keys (see insertMany). */
function journalled(sqlite: DatabaseSync, table: string): boolean {
  const q = 'select exists (select 1 from sqlite_master where type = \'trigger\' and tbl_name = ?) or exists (select 1 from pragma_foreign_key_list(?)) as j';
  return Boolean((sqlite.prepare(q).get(table, table) as { j: number }).j);
}
