import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Stocktaking (/book-inventory): a stocktake, its collection areas, one row per copy it concerns
 * (the expected snapshot taken at the start, plus every other copy scanned), and the scanned codes
 * that matched no copy. One row per (stocktake, copy), enforced by a unique index, is what makes a
 * scan idempotent and lets many desks scan at once: a second scan updates the row, never adds one.
 * The previous state of a copy marked lost by the close is kept on its row, for the undo.
 */
export const migration: Migration = {
  id: '0039-stocktaking',
  async up(db, kind) {
    await withId(db.schema.createTable('stocktakes'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('state', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
      .addColumn('started_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('started_by', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('closed_at', 'varchar(40)')
      .addColumn('closed_by', 'integer')
      .addColumn('marked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('undone', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('stocktakes_school_ix').on('stocktakes').columns(['school_id', 'id']).execute();

    await db.schema.createTable('stocktake_areas')
      .addColumn('stocktake_id', 'integer', (c) => c.notNull().references('stocktakes.id'))
      .addColumn('school_id', 'integer', (c) => c.notNull())
      .addColumn('area_id', 'integer', (c) => c.notNull().references('collection_areas.id'))
      .addPrimaryKeyConstraint('stocktake_areas_pk', ['stocktake_id', 'area_id'])
      .execute();

    await withId(db.schema.createTable('stocktake_items'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull())
      .addColumn('stocktake_id', 'integer', (c) => c.notNull().references('stocktakes.id'))
      // No foreign key to copies: a copy deleted later keeps its line in the report (like copy_events).
      .addColumn('copy_id', 'integer', (c) => c.notNull())
      .addColumn('expected', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('home_area_id', 'integer')
      .addColumn('kind', 'varchar(12)')
      .addColumn('reason', 'varchar(20)')
      .addColumn('found_at', 'varchar(40)')
      .addColumn('found_by', 'integer')
      .addColumn('found_area_id', 'integer')
      .addColumn('found_shelf_id', 'integer')
      .addColumn('marked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('prev_storage', 'integer')
      .addColumn('prev_circ', 'varchar(30)')
      .execute();
    await db.schema.createIndex('stocktake_items_copy_uq').unique().on('stocktake_items').columns(['stocktake_id', 'copy_id']).execute();
    await db.schema.createIndex('stocktake_items_kind_ix').on('stocktake_items').columns(['stocktake_id', 'kind', 'home_area_id']).execute();

    await withId(db.schema.createTable('stocktake_unknown'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull())
      .addColumn('stocktake_id', 'integer', (c) => c.notNull().references('stocktakes.id'))
      .addColumn('code', 'varchar(64)', (c) => c.notNull())
      .addColumn('area_id', 'integer')
      .addColumn('at', 'varchar(40)', (c) => c.notNull())
      .addColumn('by_user', 'integer', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('stocktake_unknown_code_uq').unique().on('stocktake_unknown').columns(['stocktake_id', 'code']).execute();
  },
};
