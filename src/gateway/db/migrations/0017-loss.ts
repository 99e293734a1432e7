import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Lost books (issue 9). `loss_records` is one row per loss: the compensation bill (its number per
 * school), a snapshot of the copy and the reader as they were (a copy may be deleted or a reader
 * move class later; the bill must still print), money in integer cents, and who did what when.
 * copy_id and the staff and reader columns have no foreign key, like copy_events: the record
 * outlives them. `loans.closed_as` says how a loan closed when it was not a return ('lost' or
 * 'weeded'): loans stay append-only history.
 */
export const migration: Migration = {
  id: '0017-loss',
  async up(db, kind) {
    await db.schema.alterTable('loans').addColumn('closed_as', 'varchar(12)').execute();

    await withId(db.schema.createTable('loss_records'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('bill_no', 'varchar(20)', (c) => c.notNull())
      .addColumn('copy_id', 'integer', (c) => c.notNull())
      .addColumn('barcode', 'varchar(64)', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('call_no', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('branch_id', 'integer', (c) => c.notNull())
      .addColumn('area_id', 'integer')
      .addColumn('price_cents', 'integer', (c) => c.notNull())
      .addColumn('kind', 'varchar(12)', (c) => c.notNull())
      .addColumn('loan_id', 'integer', (c) => c.references('loans.id'))
      .addColumn('reader_id', 'integer')
      .addColumn('reader_card', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('reader_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('dept_id', 'integer')
      .addColumn('registered_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('registered_by', 'integer', (c) => c.notNull())
      .addColumn('suggested_cents', 'integer', (c) => c.notNull())
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('amount_reason', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('paid_cents', 'integer')
      .addColumn('pay_way', 'varchar(12)')
      .addColumn('paid_at', 'varchar(40)')
      .addColumn('paid_by', 'integer')
      .addColumn('retrieved_at', 'varchar(40)')
      .addColumn('retrieved_by', 'integer')
      .addColumn('refund_cents', 'integer')
      .addColumn('refunded_at', 'varchar(40)')
      .addColumn('refunded_by', 'integer')
      .addColumn('written_off_at', 'varchar(40)')
      .addColumn('written_off_by', 'integer')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    // Bill numbers are unique per school: two desks racing for the same serial end in one error, not two bills.
    await db.schema.createIndex('loss_bill_uq').on('loss_records').columns(['school_id', 'bill_no']).unique().execute();
    await db.schema.createIndex('loss_state_ix').on('loss_records').columns(['school_id', 'state', 'id']).execute();
    await db.schema.createIndex('loss_copy_ix').on('loss_records').columns(['school_id', 'copy_id', 'id']).execute();
  },
};
