import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Reader visits (/signrecord): one row per counted sign-in. The reader's class and identity are
 * kept as they were that day (classes move up every year); `day` is the school's local day, so
 * counts per day are a GROUP BY on both dialects. The staff column has no foreign key, like
 * circ_transactions.staff_id: the record outlives the account.
 */
export const migration: Migration = {
  id: '0023-sign-records',
  async up(db, kind) {
    await withId(db.schema.createTable('sign_records'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('dept_id', 'integer')
      .addColumn('identity', 'varchar(10)', (c) => c.notNull())
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
      .addColumn('room', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('station', 'varchar(50)', (c) => c.notNull().defaultTo(''))
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'varchar(40)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('sign_records_school_day_ix').on('sign_records').columns(['school_id', 'day']).execute();
    // The repeat check: this reader's latest visit.
    await db.schema.createIndex('sign_records_user_ix').on('sign_records').columns(['school_id', 'user_id', 'at']).execute();
  },
};
