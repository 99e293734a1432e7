import { sql } from 'kysely';
import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Holds (issue 9, /reservation): a queue per title. The database keeps the two rules a race could
 * break: a reader has at most one active hold on a title, and a copy serves at most one active
 * hold. Closed holds stay (history); states are those of shared/api/holds.ts.
 */
export const migration: Migration = {
  id: '0026-holds',
  async up(db, kind) {
    await withId(db.schema.createTable('holds'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('state', 'varchar(12)', (c) => c.notNull())
      .addColumn('copy_id', 'integer', (c) => c.references('copies.id'))
      .addColumn('placed_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('placed_by', 'integer')
      .addColumn('found_at', 'varchar(40)')
      .addColumn('expires_at', 'varchar(40)')
      .addColumn('closed_at', 'varchar(40)')
      .addColumn('closed_by', 'integer')
      .addColumn('loan_id', 'integer', (c) => c.references('loans.id'))
      .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('holds_active_reader_uq').unique().on('holds').columns(['school_id', 'title_id', 'user_id'])
      .where(() => sql<boolean>`state in ('notFound', 'found')`).execute();
    await db.schema.createIndex('holds_active_copy_uq').unique().on('holds').column('copy_id')
      .where(() => sql<boolean>`copy_id is not null and state in ('notFound', 'found')`).execute();
    // The queue of a title (oldest first), and a school's list by state.
    await db.schema.createIndex('holds_title_ix').on('holds').columns(['school_id', 'title_id', 'state', 'id']).execute();
    await db.schema.createIndex('holds_state_ix').on('holds').columns(['school_id', 'state', 'id']).execute();
  },
};
