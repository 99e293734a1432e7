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
