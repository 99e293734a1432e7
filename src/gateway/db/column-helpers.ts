import type { CreateTableBuilder } from 'kysely';
import type { DbKind } from './connect.ts';

/**
 * The one place the dialects differ in DDL: an auto-increment integer key is
 * `integer primary key autoincrement` on SQLite and `serial primary key` on PostgreSQL.
 */
export function withId<T extends string>(t: CreateTableBuilder<T, never>, kind: DbKind): CreateTableBuilder<T, 'id'> {
  return kind === 'sqlite'
    ? t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : t.addColumn('id', 'serial', (c) => c.primaryKey());
}

/**
 * A JS number with decimals (prices, deposits). SQLite's `real` is an 8-byte float, PostgreSQL's
 * is 4 bytes (≈7 digits, sums drift), so PostgreSQL gets `double precision`, which pg returns as
 * a number, like SQLite. The SQLite DDL stays `real` so existing embedded databases are unchanged.
 */
export const realType = (kind: DbKind) => (kind === 'sqlite' ? 'real' : 'double precision');
