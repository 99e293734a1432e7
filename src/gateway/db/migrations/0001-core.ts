import type { Migration } from '../migrate.ts';
import { realType, withId } from '../column-helpers.ts';

/** Schools, users, roles: the tables every other module points at. */
export const migration: Migration = {
  id: '0001-core',
  async up(db, kind) {
    await withId(db.schema.createTable('schools'), kind)
      .addColumn('code', 'varchar(32)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('address', 'varchar(400)', (c) => c.notNull().defaultTo(''))
      .addColumn('area', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('learning_period', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('theme_color', 'varchar(200)', (c) => c.notNull().defaultTo('{}'))
      .addColumn('password_policy', 'varchar(16)', (c) => c.notNull().defaultTo('basic'))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('users'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('account', 'varchar(100)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('password_hash', 'varchar(300)')
      .addColumn('identity', 'varchar(16)', (c) => c.notNull())
      .addColumn('reader_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('dept_id', 'integer')
      .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('active'))
      .addColumn('phone', 'varchar(32)', (c) => c.notNull().defaultTo(''))
      .addColumn('email', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('sex', 'varchar(8)', (c) => c.notNull().defaultTo('unknown'))
      .addColumn('birthday', 'varchar(10)')
      .addColumn('language', 'varchar(8)', (c) => c.notNull().defaultTo('zh-CN'))
      .addColumn('expire_at', 'varchar(40)')
      .addColumn('deposit', realType(kind), (c) => c.notNull().defaultTo(0))
      .addColumn('pinyin', 'varchar(400)', (c) => c.notNull().defaultTo(''))
      .addColumn('initials', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('users_school_reader_uq').unique().on('users').columns(['school_id', 'reader_id']).execute();
    await db.schema.createIndex('users_school_name_ix').on('users').columns(['school_id', 'name']).execute();
    await db.schema.createIndex('users_school_pinyin_ix').on('users').columns(['school_id', 'initials']).execute();

    await withId(db.schema.createTable('roles'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('roles_school_code_uq').unique().on('roles').columns(['school_id', 'code']).execute();

    await db.schema
      .createTable('user_roles')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
      .execute();
    await db.schema.createIndex('user_roles_role_ix').on('user_roles').column('role_id').execute();
  },
};
