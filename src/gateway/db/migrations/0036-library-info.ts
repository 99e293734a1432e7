import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * The library's own public pages: one profile per school (introduction, opening hours as JSON,
 * contact, reading rules), its picture gallery (files in the upload domain's image store), the
 * network resources it recommends, and its new-book announcements with the titles each lists
 * (kept with the announcement, so a published list does not change when copies move or are weeded).
 */
export const migration: Migration = {
  id: '0036-library-info',
  async up(db, kind) {
    await db.schema.createTable('library_profiles')
      .addColumn('school_id', 'integer', (c) => c.primaryKey().references('schools.id'))
      .addColumn('intro', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
      .addColumn('en_intro', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
      .addColumn('rules', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
      .addColumn('en_rules', 'varchar(4000)', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('hours', 'varchar(1000)', (c) => c.notNull())
      .addColumn('hours_note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('en_hours_note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('library_pictures'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('file_id', 'varchar(60)', (c) => c.notNull())
      .addColumn('caption', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('en_caption', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('library_pictures_school_ix').on('library_pictures').columns(['school_id', 'sort', 'id']).execute();
    await withId(db.schema.createTable('network_resources'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('category', 'varchar(20)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('network_resources_school_ix').on('network_resources').columns(['school_id', 'category', 'sort']).execute();
    await withId(db.schema.createTable('newbook_announcements'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('intro', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('source', 'varchar(10)', (c) => c.notNull())
      // No foreign key: a batch may be deleted later; the announcement keeps its titles.
      .addColumn('batch_id', 'integer')
      .addColumn('date_from', 'varchar(10)')
      .addColumn('date_to', 'varchar(10)')
      .addColumn('published_at', 'varchar(40)')
      .addColumn('created_by', 'integer')
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('newbook_announcements_school_ix').on('newbook_announcements').columns(['school_id', 'published_at']).execute();
    await db.schema.createTable('newbook_announcement_titles')
      .addColumn('announcement_id', 'integer', (c) => c.notNull().references('newbook_announcements.id').onDelete('cascade'))
      .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('newbook_announcement_titles_pk', ['announcement_id', 'title_id'])
      .execute();
  },
};
