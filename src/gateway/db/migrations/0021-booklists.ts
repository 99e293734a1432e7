import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Reading lists (推荐书单, issue 9): a named list for some learning stages and grades, published or
 * not, holding catalogue titles in the order staff give them, each with an optional note. A title
 * deleted from the catalogue leaves the lists it was on; a list deleted takes its entries with it.
 * Target stages and grades are small JSON arrays: a list names a handful, and nothing joins on them.
 */
export const migration: Migration = {
  id: '0021-booklists',
  async up(db, kind) {
    await withId(db.schema.createTable('booklists'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('description', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      .addColumn('stages', 'varchar(100)', (c) => c.notNull().defaultTo('[]'))
      .addColumn('grade_ids', 'varchar(1000)', (c) => c.notNull().defaultTo('[]'))
      .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('booklists_school_name_uq').unique().on('booklists').columns(['school_id', 'name']).execute();

    await withId(db.schema.createTable('booklist_entries'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('booklist_id', 'integer', (c) => c.notNull().references('booklists.id').onDelete('cascade'))
      .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('added_by', 'integer')
      .addColumn('added_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('booklist_entries_list_title_uq').unique().on('booklist_entries').columns(['booklist_id', 'title_id']).execute();
    await db.schema.createIndex('booklist_entries_list_sort_ix').on('booklist_entries').columns(['booklist_id', 'sort']).execute();
    // Deleting a title cascades here: without an index on title_id that would read every entry.
    await db.schema.createIndex('booklist_entries_title_ix').on('booklist_entries').column('title_id').execute();
  },
};
