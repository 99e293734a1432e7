import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Overdue reminders (催还, /recall): one row per loan each time its reader was reminded, on a
 * printed slip or by e-mail, so the list shows the last reminder and how many. `user_id` is the
 * reader; `staff_id` who reminded, without a foreign key (the record outlives the account).
 */
export const migration: Migration = {
  id: '0029-recall-notices',
  async up(db, kind) {
    await withId(db.schema.createTable('recall_notices'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('loan_id', 'integer', (c) => c.notNull().references('loans.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('channel', 'varchar(8)', (c) => c.notNull())
      .addColumn('at', 'varchar(40)', (c) => c.notNull())
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('recall_notices_loan_ix').on('recall_notices').columns(['school_id', 'loan_id', 'at']).execute();
  },
};
