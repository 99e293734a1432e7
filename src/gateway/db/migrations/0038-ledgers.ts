import type { Migration } from '../migrate.ts';

/**
 * The accession registers (issue 11 §2) read copies by when they came and whether they went:
 * the weeding register finds a school's weeded copies (storage area 3, a few percent) without
 * walking all its copies, and the registers of a period find the copies catalogued in it (those
 * without an accepted batch) by their creation time.
 */
export const migration: Migration = {
  id: '0038-ledgers',
  async up(db) {
    await db.schema.createIndex('copies_school_storage_ix').on('copies').columns(['school_id', 'storage_area']).execute();
    await db.schema.createIndex('copies_school_created_ix').on('copies').columns(['school_id', 'created_at']).execute();
  },
};
