import type { Migration } from '../migrate.ts';
import { realType, withId } from '../column-helpers.ts';

/** Readers: photo, the student–parent link and the reader-card history. */
export const migration: Migration = {
  id: '0006-readers',
  async up(db, kind) {
    await db.schema.alterTable('users').addColumn('photo', 'varchar(100)', (c) => c.notNull().defaultTo('')).execute();
    // Card-number search at the desk is an exact lookup; the unique (school_id, reader_id) index of 0001 serves it.

    await db.schema
      .createTable('student_parents')
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('student_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('parent_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('student_parents_pk', ['student_id', 'parent_id'])
      .execute();
    await db.schema.createIndex('student_parents_parent_ix').on('student_parents').column('parent_id').execute();

    await withId(db.schema.createTable('reader_card_events'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('action', 'varchar(16)', (c) => c.notNull())
      .addColumn('old_card_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('new_card_no', 'varchar(64)', (c) => c.notNull().defaultTo(''))
      .addColumn('deposit_before', realType(kind), (c) => c.notNull().defaultTo(0))
      .addColumn('deposit_after', realType(kind), (c) => c.notNull().defaultTo(0))
      // The operator stays a name too, so the history survives the operator's deletion.
      .addColumn('operator_id', 'integer')
      .addColumn('operator_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('reader_card_events_user_ix').on('reader_card_events').columns(['school_id', 'user_id', 'created_at']).execute();
  },
};
