import type { Kysely } from 'kysely';
import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/** SQLite adds one column per ALTER TABLE statement, so each column is its own statement. */
async function addColumns(db: Kysely<any>, table: string, cols: Array<[string, 'text' | 'int', string | number]>) {
  for (const [name, type, def] of cols) {
    await db.schema
      .alterTable(table)
      .addColumn(name, type === 'text' ? 'varchar(400)' : 'integer', (c) => c.notNull().defaultTo(def))
      .execute();
  }
}

/**
 * Basic sets: resource (material) types, what each reader identity may borrow of them, shelves
 * (书架号) with their positions (架位号), shelf areas (书架区域), and the extra columns a school
 * needs to set up its branches, collection areas and unit info.
 */
export const migration: Migration = {
  id: '0004-basic-sets',
  async up(db, kind) {
    // Referenced by other modules (role resource scopes, borrowing groups): keep this shape stable.
    await withId(db.schema.createTable('resource_types'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('en_name', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text')
      .addColumn('updated_at', 'text')
      .addUniqueConstraint('resource_types_school_code_uq', ['school_id', 'code'])
      .execute();

    // One row per resource type: which identities may borrow it and whether the portal shows it.
    await withId(db.schema.createTable('resource_access'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('resource_type_id', 'integer', (c) => c.notNull().references('resource_types.id').onDelete('cascade'))
      .addColumn('borrow_teacher', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('borrow_student', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('borrow_parent', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('borrow_other', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('portal_visible', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updated_at', 'varchar(40)')
      .execute();
    await db.schema.createIndex('resource_access_type_uq').unique().on('resource_access').columns(['school_id', 'resource_type_id']).execute();

    await addColumns(db, 'branches', [['address', 'text', ''], ['contact', 'text', ''], ['phone', 'text', ''], ['open_hours', 'text', '']]);
    // storage_area: the storage-area code (spec section 4) new copies of the area get; 2 = circulation.
    await addColumns(db, 'collection_areas', [['storage_area', 'int', 2], ['circulating', 'int', 1]]);
    await addColumns(db, 'schools', [['admin_account', 'text', ''], ['admin_name', 'text', '']]);

    await withId(db.schema.createTable('shelf_areas'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('area_id', 'integer', (c) => c.notNull().references('collection_areas.id'))
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('shelf_areas_school_code_uq').unique().on('shelf_areas').columns(['school_id', 'code']).execute();

    await withId(db.schema.createTable('shelves'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('area_id', 'integer', (c) => c.notNull().references('collection_areas.id'))
      .addColumn('shelf_area_id', 'integer', (c) => c.references('shelf_areas.id'))
      .addColumn('code', 'varchar(32)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('width_cm', 'integer', (c) => c.notNull().defaultTo(80))
      .addColumn('faces', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('layers', 'integer', (c) => c.notNull().defaultTo(5))
      .addColumn('columns', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('shelves_school_code_uq').unique().on('shelves').columns(['school_id', 'code']).execute();
    await db.schema.createIndex('shelves_area_ix').on('shelves').columns(['school_id', 'area_id']).execute();

    await withId(db.schema.createTable('shelf_positions'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('shelf_id', 'integer', (c) => c.notNull().references('shelves.id').onDelete('cascade'))
      .addColumn('code', 'varchar(64)', (c) => c.notNull())
      .addColumn('face', 'integer', (c) => c.notNull())
      .addColumn('layer', 'integer', (c) => c.notNull())
      .addColumn('col', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('shelf_positions_school_code_uq').unique().on('shelf_positions').columns(['school_id', 'code']).execute();
    await db.schema.createIndex('shelf_positions_slot_uq').unique().on('shelf_positions').columns(['shelf_id', 'face', 'layer', 'col']).execute();
  },
};
