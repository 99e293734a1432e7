import type { Migration } from '../migrate.ts';

/**
 * Lookups of the staff search and the collection screens: the pinyin initials and full pinyin of a
 * title (prefix search of Search/Catalogue and Suggest), and a copy's shelf mark and call number.
 */
export const migration: Migration = {
  id: '0012-catalogue-search',
  async up(db) {
    await db.schema.createIndex('titles_school_initials_ix').on('titles').columns(['school_id', 'initials']).execute();
    await db.schema.createIndex('titles_school_pinyin_ix').on('titles').columns(['school_id', 'pinyin']).execute();
    await db.schema.createIndex('copies_school_shelf_ix').on('copies').columns(['school_id', 'shelf_mark']).execute();
    await db.schema.createIndex('copies_school_callno_ix').on('copies').columns(['school_id', 'call_no']).execute();
  },
};
