import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Readers' short reviews of books they borrowed (BorrowingBookReviews, LiteratureReviews): one per
 * reader per title, pending until staff pass or reject it. `user_id` is the reader who wrote it.
 */
export const migration: Migration = {
  id: '0030-book-reviews',
  async up(db, kind) {
    await withId(db.schema.createTable('book_reviews'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('text', 'varchar(2000)', (c) => c.notNull())
      .addColumn('state', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('reviewed_by', 'integer')
      .addColumn('reviewed_at', 'varchar(40)')
      .execute();
    await db.schema.createIndex('book_reviews_reader_title_uq').unique().on('book_reviews').columns(['school_id', 'title_id', 'user_id']).execute();
    await db.schema.createIndex('book_reviews_school_state_ix').on('book_reviews').columns(['school_id', 'state', 'id']).execute();
  },
};
