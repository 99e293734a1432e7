import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { Kysely, type Transaction } from 'kysely';
import type { GatewayConfig } from '../config.ts';
import type { Database } from './schema.ts';
import { nodeSqliteDialect, openSqlite } from './sqlite-dialect.ts';

export type DbKind = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Kysely<Database>;
  kind: DbKind;
  /** The raw SQLite handle (bulk seeding); null on PostgreSQL. */
  sqlite: DatabaseSync | null;
  close(): Promise<void>;
}

export async function openDatabase(config: GatewayConfig): Promise<DbHandle> {
  if (config.db.kind === 'postgres') {
    // Loaded only when selected: the embedded default never pays for pg.
    const [{ default: pg }, { PostgresDialect }] = await Promise.all([import('pg'), import('kysely')]);
    const pool = new pg.Pool({ connectionString: config.db.pgUrl ?? undefined, max: 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', sqlite: null, close: () => db.destroy() };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const raw = openSqlite(join(config.dataDir, 'library.sqlite'));
  const db = new Kysely<Database>({ dialect: nodeSqliteDialect(raw) });
  return { db, kind: 'sqlite', sqlite: raw, close: () => db.destroy() };
}

/**
 * Runs `fn` in a write transaction: BEGIN IMMEDIATE on SQLite (see sqlite-dialect.ts), the
 * default on PostgreSQL. Inside `fn` use only `trx`: the SQLite connection is held by it, so a
 * query on the outer `db` would wait for the transaction forever.
 */
export function writeTx<T>(db: Kysely<Database>, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

/** True for a unique-constraint violation on either dialect. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; errcode?: number; message?: string } | null;
  if (!e) return false;
  if (e.code === '23505') return true; // PostgreSQL unique_violation
  return /UNIQUE constraint failed/i.test(e.message ?? '');
}
