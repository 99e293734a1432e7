import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Borrowing rules (issue 3): permission groups with optional per-resource-type limits, who belongs
 * to which group, the school's combined-borrowing switch and its calendar (closed weekdays, closed
 * dates with a reason, make-up open dates). Needs resource_types (0004).
 */
export const migration: Migration = {
  id: '0008-borrow-rules',
  async up(db, kind) {
    await withId(db.schema.createTable('permission_groups'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('max_loans', 'integer', (c) => c.notNull())
      .addColumn('loan_days', 'integer', (c) => c.notNull())
      .addColumn('renew_days', 'integer', (c) => c.notNull())
      .addColumn('max_renewals', 'integer', (c) => c.notNull())
      /** allow | block-item | block-all */
      .addColumn('overdue_renewal', 'varchar(16)', (c) => c.notNull())
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('permission_groups_school_name_uq').unique().on('permission_groups').columns(['school_id', 'name']).execute();

    await withId(db.schema.createTable('permission_group_type_rules'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('group_id', 'integer', (c) => c.notNull().references('permission_groups.id').onDelete('cascade'))
      .addColumn('resource_type_id', 'integer', (c) => c.notNull().references('resource_types.id').onDelete('cascade'))
      .addColumn('max_loans', 'integer', (c) => c.notNull())
      .addColumn('loan_days', 'integer', (c) => c.notNull())
      .addColumn('renew_days', 'integer', (c) => c.notNull())
      .addColumn('max_renewals', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('group_type_rules_uq').unique().on('permission_group_type_rules').columns(['group_id', 'resource_type_id']).execute();

    await withId(db.schema.createTable('group_assignments'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('group_id', 'integer', (c) => c.notNull().references('permission_groups.id').onDelete('cascade'))
      /** reader | class | grade | department | identity */
      .addColumn('kind', 'varchar(16)', (c) => c.notNull())
      /** Reader ID (card number), department id, or identity code. */
      .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    // One group per target and kind (findAssignmentConflicts' rule), so a race ends in a clear conflict.
    await db.schema.createIndex('group_assignments_target_uq').unique().on('group_assignments').columns(['school_id', 'kind', 'target_id']).execute();
    await db.schema.createIndex('group_assignments_group_ix').on('group_assignments').column('group_id').execute();

    await db.schema
      .createTable('borrowing_settings')
      .addColumn('school_id', 'integer', (c) => c.primaryKey().references('schools.id'))
      .addColumn('combined_borrowing', 'integer', (c) => c.notNull().defaultTo(0))
      /** JSON array of closed weekdays, 0 = Sunday … 6 = Saturday. */
      .addColumn('closed_weekdays', 'varchar(40)', (c) => c.notNull().defaultTo('[]'))
      .addColumn('utc_offset_minutes', 'integer', (c) => c.notNull().defaultTo(480))
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('calendar_days'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      /** closed | open (a make-up working day on a closed weekday) */
      .addColumn('state', 'varchar(8)', (c) => c.notNull())
      .addColumn('reason', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema.createIndex('calendar_days_school_day_uq').unique().on('calendar_days').columns(['school_id', 'day']).execute();
  },
};
