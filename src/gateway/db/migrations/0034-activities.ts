import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Reading themes and activities (issue 10): a theme groups activities; an activity runs between
 * two school-local days (its state is computed from them, never stored) and sets tasks, each with
 * a list of catalogue titles; readers submit entries (reading notes) to a task. A title deleted
 * from the catalogue leaves the task lists; an activity deleted takes its tasks and entries.
 */
export const migration: Migration = {
  id: '0034-activities',
  async up(db, kind) {
    await withId(db.schema.createTable('activity_themes'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('summary', 'varchar(2000)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('activity_themes_school_ix').on('activity_themes').columns(['school_id', 'id']).execute();

    await withId(db.schema.createTable('activities'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('theme_id', 'integer', (c) => c.notNull().references('activity_themes.id'))
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('summary', 'varchar(300)', (c) => c.notNull().defaultTo(''))
      .addColumn('body', 'varchar(5000)', (c) => c.notNull().defaultTo(''))
      .addColumn('organizer', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('start_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('end_date', 'varchar(10)', (c) => c.notNull())
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('activities_school_dates_ix').on('activities').columns(['school_id', 'end_date', 'start_date']).execute();
    await db.schema.createIndex('activities_theme_ix').on('activities').columns(['theme_id']).execute();

    await withId(db.schema.createTable('activity_tasks'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
      .addColumn('title', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('kind', 'varchar(10)', (c) => c.notNull())
      .addColumn('target', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('activity_tasks_activity_ix').on('activity_tasks').columns(['activity_id', 'sort']).execute();

    await db.schema.createTable('activity_task_books')
      .addColumn('task_id', 'integer', (c) => c.notNull().references('activity_tasks.id').onDelete('cascade'))
      .addColumn('title_id', 'integer', (c) => c.notNull().references('titles.id').onDelete('cascade'))
      .addColumn('sort', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('activity_task_books_pk', ['task_id', 'title_id'])
      .execute();
    // Deleting a title cascades here, and the "read" count joins loans' titles to lists.
    await db.schema.createIndex('activity_task_books_title_ix').on('activity_task_books').column('title_id').execute();

    await withId(db.schema.createTable('activity_submissions'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('activity_id', 'integer', (c) => c.notNull().references('activities.id').onDelete('cascade'))
      .addColumn('task_id', 'integer', (c) => c.references('activity_tasks.id').onDelete('set null'))
      .addColumn('title_id', 'integer', (c) => c.references('titles.id').onDelete('set null'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('content', 'varchar(1000)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('activity_submissions_activity_ix').on('activity_submissions').columns(['activity_id', 'created_at']).execute();
    await db.schema.createIndex('activity_submissions_task_user_ix').on('activity_submissions').columns(['task_id', 'user_id']).execute();
    await db.schema.createIndex('activity_submissions_user_ix').on('activity_submissions').column('user_id').execute();
  },
};
