import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Purchase suggestions (荐购, issue 9). One row per reader and book: `group_key` is the book's
 * identity (ISBN-13, else "t:" + normalised title and author), unique per reader, so a reader never
 * suggests the same book twice, even in a race. The reader's identity, class and learning stage are
 * copied at the time of asking: the statistics count the stage the reader was in then, and classes
 * move up each year. Staff columns have no foreign key (the record outlives the account).
 */
export const migration: Migration = {
  id: '0020-recommendations',
  async up(db, kind) {
    await withId(db.schema.createTable('recommendations'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('author', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('publisher', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('isbn', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('group_key', 'varchar(520)', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('identity', 'varchar(16)', (c) => c.notNull())
      .addColumn('dept_id', 'integer')
      .addColumn('class_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('learning_stage', 'varchar(16)')
      .addColumn('state', 'varchar(12)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('abandon_reason', 'varchar(16)')
      .addColumn('reply', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('batch_id', 'integer', (c) => c.references('batches.id').onDelete('set null'))
      .addColumn('entered_by', 'integer')
      .addColumn('handled_by', 'integer')
      .addColumn('handled_at', 'varchar(40)')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recommendations_reader_book_uq').unique().on('recommendations').columns(['school_id', 'user_id', 'group_key']).execute();
    // The staff list: a state's suggestions by book, and by day asked.
    await db.schema.createIndex('recommendations_state_key_ix').on('recommendations').columns(['school_id', 'state', 'group_key']).execute();
    await db.schema.createIndex('recommendations_state_day_ix').on('recommendations').columns(['school_id', 'state', 'created_at']).execute();
  },
};
