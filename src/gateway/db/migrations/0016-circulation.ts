import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * The circulation desk (issue 9). Loans learn who lent and who took them back, and whether the desk
 * undid them (`cancelled`: the row stays, history is append-only). `circ_transactions` is the desk's
 * journal: one row per borrow, return, renew and undo, which the desk may undo within a short window.
 * Staff columns have no foreign key, like copy_events.user_id: the record outlives the account.
 */
export const migration: Migration = {
  id: '0016-circulation',
  async up(db, kind) {
    await db.schema.alterTable('loans').addColumn('loaned_by', 'integer').execute();
    await db.schema.alterTable('loans').addColumn('returned_by', 'integer').execute();
    await db.schema.alterTable('loans').addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0)).execute();

    await withId(db.schema.createTable('circ_transactions'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('loan_id', 'integer', (c) => c.notNull().references('loans.id'))
      .addColumn('copy_id', 'integer', (c) => c.notNull().references('copies.id'))
      .addColumn('reader_id', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('staff_id', 'integer', (c) => c.notNull())
      .addColumn('at', 'varchar(40)', (c) => c.notNull())
      .addColumn('due_before', 'varchar(40)')
      .addColumn('due_after', 'varchar(40)')
      .addColumn('undo_of', 'integer', (c) => c.references('circ_transactions.id'))
      .addColumn('undone_by', 'integer', (c) => c.references('circ_transactions.id'))
      .execute();
    // A desk's own recent transactions (undo, its log) and a copy's latest one (undo's "last on the copy").
    await db.schema.createIndex('circ_tx_school_staff_ix').on('circ_transactions').columns(['school_id', 'staff_id', 'id']).execute();
    await db.schema.createIndex('circ_tx_school_copy_ix').on('circ_transactions').columns(['school_id', 'copy_id', 'id']).execute();
    // A book's borrow history (closed loans too: the open-loan index holds only open ones).
    await db.schema.createIndex('loans_copy_ix').on('loans').columns(['copy_id', 'loaned_at']).execute();
  },
};
