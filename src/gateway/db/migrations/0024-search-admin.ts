import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * The portal's search settings (/search-mana): pinned hot words, blocked words, and the log of
 * portal catalogue searches. The log keeps the searcher's id only so a reader's own rows stay
 * theirs (and can be erased with the account); screens show the identity alone, in aggregate.
 */
export const migration: Migration = {
  id: '0024-search-admin',
  async up(db, kind) {
    await withId(db.schema.createTable('search_hot_words'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('word', 'varchar(50)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('search_hot_words_uq').unique().on('search_hot_words').columns(['school_id', 'word']).execute();
    await withId(db.schema.createTable('search_blocked_words'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('word', 'varchar(50)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('search_blocked_words_uq').unique().on('search_blocked_words').columns(['school_id', 'word']).execute();
    await withId(db.schema.createTable('search_log'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('word', 'varchar(100)', (c) => c.notNull())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('identity', 'varchar(10)', (c) => c.notNull().defaultTo(''))
      .addColumn('at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('search_log_school_at_ix').on('search_log').columns(['school_id', 'at']).execute();
    await db.schema.createIndex('search_log_school_word_ix').on('search_log').columns(['school_id', 'word', 'at']).execute();
  },
};
