import type { Migration } from '../migrate.ts';

/**
 * Drops two indexes of `titles` no query uses since the word index (0013): (school, isbn) — ISBNs
 * are looked up by their 13-digit key — and (school, title) — titles are found through
 * title_terms. Each cost a B-tree insert per catalogued title (measured on the MARC import).
 */
export const migration: Migration = {
  id: '0015-unused-title-indexes',
  async up(db) {
    await db.schema.dropIndex('titles_school_isbn_ix').execute();
    await db.schema.dropIndex('titles_school_title_ix').execute();
  },
};
