import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DatabaseSync } from 'node:sqlite';
import { Kysely, PostgresAdapter, type Transaction } from 'kysely';
import type { GatewayConfig } from '../config.ts';
import type { Database } from './schema.ts';
import { isRetryableTxError } from './db-errors.ts';
import { nodeSqliteDialect, openSqlite } from './sqlite-dialect.ts';
import { writeProbePlugin } from './write-probe.ts';

export { isForeignKeyViolation, isUniqueViolation } from './db-errors.ts';

export type DbKind = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** The raw SQLite handle (bulk seeding); null on PostgreSQL. */
  sqlite: DatabaseSync | null;
  close(): Promise<void>;
}

// pg returns int8 (count(*), bigint columns) and numeric as strings to avoid precision loss.
// Our values (counts, epoch seconds, ids) are far below 2^53, and SQLite returns numbers, so
// both dialects answer with the same JS types.
const INT8_OID = 20;

const NUMERIC_OID = 1700;

export async function openDatabase(config: GatewayConfig): Promise<DbHandle> {
  if (config.db.kind === 'postgres') {
    // Loaded only when selected: the embedded default never pays for pg.
    const [{ default: pg }, { PostgresDialect }] = await Promise.all([import('pg'), import('kysely')]);
    const types = {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID || oid === NUMERIC_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    };
    // Text order and case folding follow the database's collation: create it with
    // LC_COLLATE/LC_CTYPE 'C' (or C.UTF-8) to order and search exactly like the SQLite default.
    const pool = new pg.Pool({ connectionString: config.db.pgUrl ?? undefined, max: 10, types, application_name: 'library-gateway' });
    // An idle client losing its server (restart, network) must not crash the gateway; the
    // pool drops it and the next query opens a new one.
    pool.on('error', (err) => console.error('gateway: idle PostgreSQL connection failed:', err.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [writeProbePlugin()] });
    return { db, kind: 'postgres', sqlite: null, close: () => db.destroy() };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const raw = openSqlite(join(config.dataDir, 'library.sqlite'));
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(raw), plugins: [writeProbePlugin()] });
  return { db, kind: 'sqlite', sqlite: raw, close: () => db.destroy() };
}

/** The dialect behind a Kysely instance (handlers only hold `app.db`). */
export function dbKindOf(db: Kysely<Database>): DbKind {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

const MAX_ATTEMPTS = 12;

/**
 * Runs `fn` in a write transaction with the same guarantee on both dialects: the transaction
 * behaves as if it ran alone (no lost update from a read-modify-write).
 * - SQLite: BEGIN IMMEDIATE (see sqlite-dialect.ts), writers queue on the one connection.
 * - PostgreSQL: SERIALIZABLE, so writers of different rows/schools run in parallel; a conflict
 *   (40001) or deadlock (40P01) rolls back and `fn` runs again, up to MAX_ATTEMPTS times with a
 *   jittered backoff. So `fn` must only touch the database (no side effects that cannot repeat).
 * Inside `fn` use only `trx`: the SQLite connection is held by it, so a query on the outer `db`
 * would wait for the transaction forever.
 */
export async function writeTx<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  if (dbKindOf(db) === 'sqlite') return db.transaction().execute(fn);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(fn);
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !isRetryableTxError(err)) throw err;
      await sleep(Math.random() * Math.min(100, 2 ** attempt));
    }
  }
}
