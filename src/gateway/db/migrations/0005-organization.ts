import { sql } from 'kysely';
import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Organisation: departments gain code, state, grade level, entry year and head teacher; the
 * stage row becomes kind 'stage' (it was a 'dept' with a learning stage) so reader departments,
 * the administrative tree ('org') and the teaching structure stage → grade → class are told
 * apart by kind. Plus terms, subjects and school organisation contacts.
 */
export const migration: Migration = {
  id: '0005-organization',
  async up(db, kind) {
    await db.schema.alterTable('departments').addColumn('code', 'varchar(32)', (c) => c.notNull().defaultTo('')).execute();
    await db.schema.alterTable('departments').addColumn('state', 'integer', (c) => c.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('departments').addColumn('grade_level', 'integer').execute();
    await db.schema.alterTable('departments').addColumn('entry_year', 'integer').execute();
    await db.schema.alterTable('departments').addColumn('head_teacher_id', 'integer').execute();
    await db.updateTable('departments').set({ kind: 'stage' })
      .where('kind', '=', 'dept').where('parent_id', 'is', null).where('learning_stage', 'is not', null).execute();
    await db.updateTable('departments').set({ grade_level: sql`sort` }).where('kind', '=', 'grade').execute();
    await db.schema.createIndex('departments_school_kind_ix').on('departments').columns(['school_id', 'kind']).execute();
    await db.schema.createIndex('users_school_dept_ix').on('users').columns(['school_id', 'dept_id']).execute();

    await withId(db.schema.createTable('terms'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('school_year', 'varchar(9)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('terms_school_year_name_uq').unique().on('terms').columns(['school_id', 'school_year', 'name']).execute();
    // One current term per school, even under a race.
    await db.schema.createIndex('terms_school_current_uq').unique().on('terms').column('school_id').where(sql.ref('is_current'), '=', 1).execute();

    await withId(db.schema.createTable('subjects'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('code', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('subjects_school_name_uq').unique().on('subjects').columns(['school_id', 'name']).execute();

    await withId(db.schema.createTable('school_organizations'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('contact', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('address', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('remark', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('school_organizations_school_name_uq').unique().on('school_organizations').columns(['school_id', 'name']).execute();
  },
};
