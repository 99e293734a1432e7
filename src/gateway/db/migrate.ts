import { sql, type Kysely } from 'kysely';
import type { DbKind } from './connect.ts';
import type { Database } from './schema.ts';
import { migrations } from './migrations/list.ts';

/** One numbered migration; `up` runs inside a transaction and must work on both dialects. */
export interface Migration {
  /** File name without extension, e.g. "0001-core"; recorded in the migrations table. */
  id: string;
  up(db: Kysely<any>, kind: DbKind): Promise<void>;
}

/** Applies pending migrations in list order; returns the ids it applied. */
export async function migrate(db: Kysely<Database>, kind: DbKind, list: readonly Migration[] = migrations): Promise<string[]> {
  await db.schema
    .createTable('migrations')
    .ifNotExists()
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('applied_at', 'varchar(40)', (c) => c.notNull())
    .execute();
  const done = new Set((await db.selectFrom('migrations').select('id').execute()).map((r) => r.id));
  const applied: string[] = [];
  for (const m of list) {
    if (done.has(m.id)) continue;
    await db.transaction().execute(async (trx) => {
      await m.up(trx, kind);
      await trx.insertInto('migrations').values({ id: m.id, applied_at: new Date().toISOString() }).execute();
    });
    applied.push(m.id);
  }
  if (kind === 'sqlite' && applied.length) await sql`PRAGMA optimize`.execute(db);
  return applied;
}
