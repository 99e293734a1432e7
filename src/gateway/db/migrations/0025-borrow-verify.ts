import type { Migration } from '../migrate.ts';

/**
 * Borrow verification at the desk (issue 9). The school's setting lives beside its other borrowing
 * settings (`borrow_verify`: off | password | card | either). A reader's borrowing PIN is a table of
 * its own rather than a users column: it is not a sign-in password, it holds the wrong-try count and
 * the lock, and a school that never verifies has no rows. The verified visits themselves are
 * short-lived and kept in the gateway's memory (verify-store.ts).
 */
export const migration: Migration = {
  id: '0025-borrow-verify',
  async up(db) {
    await db.schema.alterTable('borrowing_settings').addColumn('borrow_verify', 'varchar(16)', (c) => c.notNull().defaultTo('off')).execute();
    await db.schema.createTable('borrow_pins')
      .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('pin_hash', 'varchar(200)', (c) => c.notNull())
      .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('locked_until', 'varchar(40)')
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('borrow_pins_school_ix').on('borrow_pins').column('school_id').execute();
  },
};
