import { sql, type Kysely, type Transaction } from 'kysely';
import type { DbKind } from './connect.ts';
import type { Database } from './schema.ts';
import { migrations } from './migrations/list.ts';

/** One numbered migration; `up` runs inside a transaction and must work on both dialects. */
export interface Migration {
  /** File name without extension, e.g. "0001-core"; recorded in the migrations table. */
  id: string;
  up(db: Kysely<any>, kind: DbKind): Promise<void>;
}

/** Arbitrary key of the PostgreSQL advisory lock that serialises migrating gateways. */
const MIGRATION_LOCK_KEY = 5_180_001;

/**
 * Several gateways of a district may start at once against one PostgreSQL database: each
 * migration transaction first takes a transaction-scoped advisory lock, then re-checks the
 * migrations table, so exactly one of them applies it. On SQLite BEGIN IMMEDIATE does the same.
 */
async function lockMigrations(trx: Transaction<Database>, kind: DbKind): Promise<void> {
  if (kind === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(trx);
}

/** Applies pending migrations in list order; returns the ids it applied. */
export async function migrate(db: Kysely<Database>, kind: DbKind, list: readonly Migration[] = migrations): Promise<string[]> {
  await db.transaction().execute(async (trx) => {
    await lockMigrations(trx, kind);
    await trx.schema
      .createTable('migrations')
      .ifNotExists()
      .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
      .addColumn('applied_at', 'varchar(40)', (c) => c.notNull())
      .execute();
  });
  const done = new Set((await db.selectFrom('migrations').select('id').execute()).map((r) => r.id));
  const applied: string[] = [];
  for (const m of list) {
    if (done.has(m.id)) continue;
    const ran = await db.transaction().execute(async (trx) => {
      await lockMigrations(trx, kind);
      // Another process may have applied it while we waited for the lock.
      if (await trx.selectFrom('migrations').select('id').where('id', '=', m.id).executeTakeFirst()) return false;
      await m.up(trx, kind);
      await trx.insertInto('migrations').values({ id: m.id, applied_at: new Date().toISOString() }).execute();
      return true;
    });
    if (ran) applied.push(m.id);
  }
  return applied;
}
