import { sql } from 'kysely';
import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * The class corner (issue 9): which copies sit in which class's corner (history kept: a row per
 * stay, closed by removed_at), the corner's own lending ledger (separate from library loans and
 * quotas), and each class's rule. Copy, class and user columns have no foreign key, like
 * copy_events: a copy, class or reader deleted later must not be blocked by, or take with it,
 * the corner's history (lists join and drop what no longer exists).
 */
export const migration: Migration = {
  id: '0018-class-corner',
  async up(db, kind) {
    await withId(db.schema.createTable('class_corner_items'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('dept_id', 'integer', (c) => c.notNull())
      .addColumn('copy_id', 'integer', (c) => c.notNull())
      .addColumn('from_storage', 'integer', (c) => c.notNull())
      .addColumn('placed_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('placed_by', 'integer')
      .addColumn('removed_at', 'varchar(40)')
      .addColumn('removed_by', 'integer')
      .execute();
    // A copy is in one corner at a time.
    await db.schema.createIndex('cc_items_open_copy_uq').unique().on('class_corner_items').column('copy_id').where(sql.ref('removed_at'), 'is', null).execute();
    await db.schema.createIndex('cc_items_school_dept_ix').on('class_corner_items').columns(['school_id', 'dept_id', 'removed_at']).execute();

    await withId(db.schema.createTable('class_corner_loans'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('dept_id', 'integer', (c) => c.notNull())
      .addColumn('item_id', 'integer', (c) => c.notNull().references('class_corner_items.id'))
      .addColumn('copy_id', 'integer', (c) => c.notNull())
      .addColumn('user_id', 'integer', (c) => c.notNull())
      .addColumn('loaned_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('due_day', 'varchar(10)', (c) => c.notNull())
      .addColumn('returned_at', 'varchar(40)')
      .addColumn('loaned_by', 'integer')
      .addColumn('returned_by', 'integer')
      .execute();
    // The ledger's invariant, as at the main desk: one open corner loan per copy.
    await db.schema.createIndex('cc_loans_open_copy_uq').unique().on('class_corner_loans').column('copy_id').where(sql.ref('returned_at'), 'is', null).execute();
    await db.schema.createIndex('cc_loans_school_dept_ix').on('class_corner_loans').columns(['school_id', 'dept_id', 'loaned_at']).execute();
    await db.schema.createIndex('cc_loans_user_open_ix').on('class_corner_loans').columns(['user_id', 'returned_at']).execute();

    await withId(db.schema.createTable('class_corner_rules'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('dept_id', 'integer', (c) => c.notNull())
      .addColumn('max_loans', 'integer', (c) => c.notNull())
      .addColumn('loan_days', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_by', 'integer')
      .execute();
    await db.schema.createIndex('cc_rules_school_dept_uq').unique().on('class_corner_rules').columns(['school_id', 'dept_id']).execute();
  },
};
