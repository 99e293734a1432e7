import { sql } from 'kysely';
import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Library volunteers (/volunteer). A reader is registered once per term on a post; the weekly
 * schedule's shifts name a post and the registrations on duty; a duty is signed in and out by card
 * (one open duty per registration, a partial unique index) and may be corrected by staff with a
 * note. Minutes are stored when a duty closes, so hours are a plain sum.
 */
export const migration: Migration = {
  id: '0022-volunteers',
  async up(db, kind) {
    await withId(db.schema.createTable('volunteer_posts'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.createIndex('volunteer_posts_school_name_uq').unique().on('volunteer_posts').columns(['school_id', 'name']).execute();

    await withId(db.schema.createTable('volunteers'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('post_id', 'integer', (c) => c.notNull().references('volunteer_posts.id'))
      .addColumn('term_id', 'integer', (c) => c.notNull().references('terms.id'))
      .addColumn('state', 'varchar(8)', (c) => c.notNull().defaultTo('active'))
      .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('volunteers_school_user_term_uq').unique().on('volunteers').columns(['school_id', 'user_id', 'term_id']).execute();

    await withId(db.schema.createTable('volunteer_shifts'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('weekday', 'integer', (c) => c.notNull())
      .addColumn('start_time', 'varchar(5)', (c) => c.notNull())
      .addColumn('end_time', 'varchar(5)', (c) => c.notNull())
      .addColumn('post_id', 'integer', (c) => c.notNull().references('volunteer_posts.id'))
      .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('volunteer_shifts_school_ix').on('volunteer_shifts').columns(['school_id', 'weekday', 'start_time']).execute();
    await db.schema.createTable('volunteer_shift_members')
      .addColumn('shift_id', 'integer', (c) => c.notNull().references('volunteer_shifts.id').onDelete('cascade'))
      .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('volunteer_shift_members_pk', ['shift_id', 'volunteer_id'])
      .execute();

    await withId(db.schema.createTable('volunteer_duties'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('volunteer_id', 'integer', (c) => c.notNull().references('volunteers.id'))
      .addColumn('post_id', 'integer', (c) => c.notNull().references('volunteer_posts.id'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('started_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('ended_at', 'varchar(40)')
      .addColumn('minutes', 'integer')
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('corrected_by', 'integer')
      .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('volunteer_duties_open_uq').unique().on('volunteer_duties').column('volunteer_id').where(sql.ref('ended_at'), 'is', null).execute();
    await db.schema.createIndex('volunteer_duties_school_day_ix').on('volunteer_duties').columns(['school_id', 'day']).execute();
    await db.schema.createIndex('volunteer_duties_volunteer_ix').on('volunteer_duties').columns(['volunteer_id', 'started_at']).execute();
  },
};
