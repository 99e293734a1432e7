import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * The operation log (/sys/log/operation): append-only, one row per logged call. Who and what are
 * copied in as they were (a renamed or deleted user still shows as they were then); the call id
 * and the message key are stored, not the words, so each viewer reads them in their language.
 */
export const migration: Migration = {
  id: '0031-operation-log',
  async up(db, kind) {
    await withId(db.schema.createTable('operation_log'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('at', 'varchar(40)', (c) => c.notNull())
      .addColumn('user_id', 'integer')
      .addColumn('user_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('user_account', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('workstation', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('domain', 'varchar(40)', (c) => c.notNull())
      .addColumn('call_id', 'varchar(80)', (c) => c.notNull())
      .addColumn('target', 'varchar(600)', (c) => c.notNull().defaultTo(''))
      .addColumn('result', 'varchar(10)', (c) => c.notNull())
      .addColumn('message_key', 'varchar(120)', (c) => c.notNull().defaultTo(''))
      .addColumn('message_params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // Newest first within a school, optionally one user's: the screen's two common reads.
    await db.schema.createIndex('operation_log_school_id_ix').on('operation_log').columns(['school_id', 'id']).execute();
    await db.schema.createIndex('operation_log_school_user_ix').on('operation_log').columns(['school_id', 'user_id', 'id']).execute();
  },
};
