import { sql } from 'kysely';
import type { Migration } from '../migrate.ts';
import { realType, withId } from '../column-helpers.ts';

/** Library domain: organisation tree, branches, catalogue, copies, loans, menus, home, jobs, i18n. */
export const migration: Migration = {
  id: '0003-library',
  async up(db, kind) {

    await withId(db.schema.createTable('departments'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('parent_id', 'integer', (c) => c.references('departments.id'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('learning_stage', 'varchar(16)')
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('departments_school_parent_ix').on('departments').columns(['school_id', 'parent_id']).execute();

    await withId(db.schema.createTable('branches'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('branches_school_code_uq').unique().on('branches').columns(['school_id', 'code']).execute();

    await withId(db.schema.createTable('collection_areas'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('areas_school_branch_code_uq').unique().on('collection_areas').columns(['school_id', 'branch_id', 'code']).execute();

    await withId(db.schema.createTable('titles'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('title', 'varchar(500)', (c) => c.notNull())
      .addColumn('en_title', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('author', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('publisher', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('isbn', 'varchar(20)', (c) => c.notNull().defaultTo(''))
      .addColumn('price', realType(kind), (c) => c.notNull().defaultTo(0))
      .addColumn('class_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('book_no', 'varchar(40)', (c) => c.notNull().defaultTo(''))
      .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('zh'))
      .addColumn('pub_year', 'integer')
      .addColumn('pinyin', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('initials', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('titles_school_isbn_ix').on('titles').columns(['school_id', 'isbn']).execute();
    await db.schema.createIndex('titles_school_class_ix').on('titles').columns(['school_id', 'class_no']).execute();
    await db.schema.createIndex('titles_school_title_ix').on('titles').columns(['school_id', 'title']).execute();

    await withId(db.schema.createTable('copies'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id'))
      .addColumn('barcode', 'varchar(64)', (c) => c.notNull())
      .addColumn('rfid', 'varchar(64)')
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
      .addColumn('area_id', 'integer', (c) => c.references('collection_areas.id'))
      .addColumn('call_no', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('storage_area', 'integer', (c) => c.notNull().defaultTo(1).check(sql`storage_area between 1 and 9 and storage_area <> 7`))
      .addColumn('circ_state', 'varchar(32)', (c) => c.notNull().defaultTo('available'))
      .addColumn('price', realType(kind), (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('copies_school_barcode_uq').unique().on('copies').columns(['school_id', 'barcode']).execute();
    // NULLs are distinct in unique indexes on both dialects, so copies without a tag coexist.
    await db.schema.createIndex('copies_school_rfid_uq').unique().on('copies').columns(['school_id', 'rfid']).execute();
    await db.schema.createIndex('copies_title_ix').on('copies').column('title_id').execute();
    await db.schema.createIndex('copies_school_state_ix').on('copies').columns(['school_id', 'circ_state']).execute();

    await withId(db.schema.createTable('loans'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('copy_id', 'integer', (c) => c.notNull().references('copies.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('loaned_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('due_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('returned_at', 'varchar(40)')
      .addColumn('renew_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // The invariant of circulation: at most one open loan per copy, enforced by the database.
    await db.schema.createIndex('loans_open_copy_uq').unique().on('loans').column('copy_id').where(sql.ref('returned_at'), 'is', null).execute();
    await db.schema.createIndex('loans_user_open_ix').on('loans').columns(['user_id', 'returned_at']).execute();
    await db.schema.createIndex('loans_school_loaned_ix').on('loans').columns(['school_id', 'loaned_at']).execute();
    await db.schema.createIndex('loans_school_returned_ix').on('loans').columns(['school_id', 'returned_at']).execute();
    await db.schema.createIndex('loans_school_due_open_ix').on('loans').columns(['school_id', 'due_at']).where(sql.ref('returned_at'), 'is', null).execute();

    await withId(db.schema.createTable('menus'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('parent_id', 'integer', (c) => c.references('menus.id'))
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      .addColumn('icon', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('external', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('functions', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.createIndex('menus_school_url_uq').unique().on('menus').columns(['school_id', 'url']).execute();

    await withId(db.schema.createTable('shortcuts'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('url', 'varchar(500)', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('shortcuts_user_url_uq').unique().on('shortcuts').columns(['user_id', 'url']).execute();

    await withId(db.schema.createTable('notices'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('title', 'varchar(300)', (c) => c.notNull())
      .addColumn('en_title', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('en_content', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('top', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('publish_time', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('notices_school_time_ix').on('notices').columns(['school_id', 'top', 'publish_time']).execute();

    await withId(db.schema.createTable('jobs'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('data_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('file_name', 'varchar(300)', (c) => c.notNull())
      .addColumn('operation_type', 'varchar(64)', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('data_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('result_path', 'varchar(500)')
      .addColumn('message', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('jobs_school_user_ix').on('jobs').columns(['school_id', 'user_id', 'created_at']).execute();

    await withId(db.schema.createTable('translations'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('zh_cn', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('en_us', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('translations_school_key_uq').unique().on('translations').columns(['school_id', 'key']).execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('key', 'varchar(200)', (c) => c.notNull())
      .addColumn('fingerprint', 'varchar(100)', (c) => c.notNull())
      .addColumn('response', 'text', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['school_id', 'key'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created_ix').on('idempotency_keys').column('created_at').execute();
  },
};
