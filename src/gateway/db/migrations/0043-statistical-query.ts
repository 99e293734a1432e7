import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Saved queries of the query builder (/statistical-query): a name and the query object as JSON
 * (the contract's typed query, checked again whenever it is run), per school, listed newest first.
 */
export const migration: Migration = {
  id: '0043-statistical-query',
  async up(db, kind) {
    await withId(db.schema.createTable('saved_queries'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('name', 'varchar(60)', (c) => c.notNull())
      .addColumn('query', 'varchar(16000)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('saved_queries_school_ix').on('saved_queries').columns(['school_id', 'id']).execute();
  },
};
