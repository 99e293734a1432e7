import type { Kysely } from 'kysely';
import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

const BUILT_IN = ['admin', 'librarian', 'class-librarian', 'head-teacher', 'reviewer', 'teacher', 'reader'];

/** Existing schools: built-in flags, scoped roles, and every role scoped to every branch (the rule needs one). */
async function backfill(db: Kysely<any>): Promise<void> {
  await db.updateTable('roles').set({ built_in: 1 }).where('code', 'in', BUILT_IN).execute();
  await db.updateTable('roles').set({ scope_kind: 'class' }).where('code', 'in', ['class-librarian', 'head-teacher']).execute();
  await db.updateTable('roles').set({ scope_kind: 'dept' }).where('code', '=', 'reviewer').execute();
  const pairs = await db
    .selectFrom('roles')
    .innerJoin('branches', 'branches.school_id', 'roles.school_id')
    .select(['roles.id as role_id', 'branches.id as branch_id'])
    .execute();
  for (let i = 0; i < pairs.length; i += 500) await db.insertInto('role_branches').values(pairs.slice(i, i + 500)).execute();
}

/**
 * Roles: built-in flag and scope kind on `roles`; branch scope (role_branches), resource-access
 * scope (role_resource_types, referencing 0004's resource_types), class/department scopes of
 * users' roles (user_role_scopes), and the school-year rollover batches (with undo state).
 */
export const migration: Migration = {
  id: '0007-roles',
  async up(db, kind) {
    await db.schema.alterTable('roles').addColumn('built_in', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('roles').addColumn('scope_kind', 'varchar(8)', (c) => c.notNull().defaultTo('none')).execute();

    await db.schema
      .createTable('role_branches')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_branches_pk', ['role_id', 'branch_id'])
      .execute();

    await db.schema
      .createTable('role_resource_types')
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('resource_type_id', 'integer', (c) => c.notNull().references('resource_types.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('role_resource_types_pk', ['role_id', 'resource_type_id'])
      .execute();

    await db.schema
      .createTable('user_role_scopes')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addColumn('dept_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_role_scopes_pk', ['user_id', 'role_id', 'dept_id'])
      .execute();
    await db.schema.createIndex('user_role_scopes_dept_ix').on('user_role_scopes').column('dept_id').execute();

    await withId(db.schema.createTable('rollover_batches'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('created_by', 'integer')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('applied'))
      .addColumn('summary', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('before_state', 'text', (c) => c.notNull())
      .addColumn('after_state', 'text', (c) => c.notNull())
      .addColumn('cohort_dept_id', 'integer')
      .addColumn('undone_at', 'varchar(40)')
      .addColumn('undone_by', 'integer')
      .execute();
    await db.schema.createIndex('rollover_batches_school_ix').on('rollover_batches').columns(['school_id', 'id']).execute();

    await backfill(db);
  },
};
