import type { Migration } from '../migrate.ts';

/**
 * Indexes that let the slow reports of issue 11 read indexes alone, measured on the bench fixture
 * (100,000 titles, 200,000 copies, three years of 300,000 loans):
 * - loans_school_returned_cover_ix (school, returned_at, cancelled, copy) replaces
 *   loans_school_returned_ix (its prefix): the returns of a period per day or month and per
 *   resource type are counted without reading each loan's row (150 ms → a few ms for a year);
 * - copies_school_created_ix grows into a covering index of the held copies at a date (created,
 *   storage state, title, branch, area, price): the zero-borrowing counts and the holdings per
 *   branch or area scan it alone;
 * - copies_school_title_ix (school, title, state, created, branch, area, price): the same copies
 *   in title order, so they are counted per title as the index is read, without a sort, and each
 *   title is looked up once for its class or resource type (holdings, CLC structure);
 * - copies_school_area_ix (school, area) grows the same way (then title, state, created, branch,
 *   price): holdings per collection area are counted per area and title as it is read;
 * - copies_school_call_ix (school, call number) gains the barcode, the lists' tie-break: a page
 *   of never-borrowed copies ordered by call number walks the index and stops after the page.
 * None of the copies' indexes holds a column the circulation desk changes (circ_state, updated_at),
 * and the returned index replaces one: a loan or a return writes as many index entries as before.
 */
export const migration: Migration = {
  id: '0042-report-indexes',
  async up(db) {
    await db.schema.createIndex('loans_school_returned_cover_ix').on('loans').columns(['school_id', 'returned_at', 'cancelled', 'copy_id']).execute();
    await db.schema.dropIndex('loans_school_returned_ix').execute();
    await db.schema.dropIndex('copies_school_created_ix').execute();
    await db.schema.createIndex('copies_school_created_ix').on('copies').columns(['school_id', 'created_at', 'storage_area', 'title_id', 'branch_id', 'area_id', 'price', 'id']).execute();
    await db.schema.createIndex('copies_school_title_ix').on('copies').columns(['school_id', 'title_id', 'storage_area', 'created_at', 'branch_id', 'area_id', 'price', 'id']).execute();
    await db.schema.dropIndex('copies_school_area_ix').execute();
    await db.schema.createIndex('copies_school_area_ix').on('copies').columns(['school_id', 'area_id', 'title_id', 'storage_area', 'created_at', 'branch_id', 'price', 'id']).execute();
    await db.schema.dropIndex('copies_school_call_ix').execute();
    await db.schema.createIndex('copies_school_call_ix').on('copies').columns(['school_id', 'call_no', 'barcode']).execute();
  },
};
