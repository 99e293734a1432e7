import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * The kiosk's statistics and floor plan (issue 10, section 3):
 * - loans_school_loaned_cover_ix (school, loaned_at, cancelled, copy, reader) replaces
 *   loans_school_loaned_ix (school, loaned_at): the borrowing rankings (charts/rank-store.ts) read
 *   a period's loans from the index alone, and everything the old index served is its prefix;
 * - floor_plans: one grid per branch (its room), the size a librarian chose and the kiosk's spot
 *   ("you are here"); shelf areas get their rectangle on it (plan_x/y/w/h in cells, null = not
 *   placed). A plan per branch rather than per collection area: the areas of one room share its
 *   walls, and the kiosk stands in the room, not in an area.
 */
export const migration: Migration = {
  id: '0035-kiosk-guide',
  async up(db, kind) {
    await db.schema.createIndex('loans_school_loaned_cover_ix').on('loans').columns(['school_id', 'loaned_at', 'cancelled', 'copy_id', 'user_id']).execute();
    await db.schema.dropIndex('loans_school_loaned_ix').execute();
    await withId(db.schema.createTable('floor_plans'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id').onDelete('cascade'))
      .addColumn('cols', 'integer', (c) => c.notNull())
      .addColumn('rows', 'integer', (c) => c.notNull())
      .addColumn('kiosk_x', 'integer')
      .addColumn('kiosk_y', 'integer')
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_by', 'integer')
      .execute();
    await db.schema.createIndex('floor_plans_branch_uq').unique().on('floor_plans').columns(['school_id', 'branch_id']).execute();
    for (const col of ['plan_x', 'plan_y', 'plan_w', 'plan_h']) await db.schema.alterTable('shelf_areas').addColumn(col, 'integer').execute();
  },
};
