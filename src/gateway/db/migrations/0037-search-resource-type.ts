import type { Migration } from '../migrate.ts';

/**
 * The public catalogue's resource-type facet (issue 10): titles_school_facet_ix (0032) gains the
 * title's resource type, so a search's facets still read every matched title from the index
 * alone, and the types a school keeps out of the portal are left out without reading the row.
 */
export const migration: Migration = {
  id: '0037-search-resource-type',
  async up(db) {
    await db.schema.dropIndex('titles_school_facet_ix').execute();
    await db.schema.createIndex('titles_school_facet_ix').on('titles').columns(['school_id', 'id', 'language', 'class_no', 'pub_year', 'resource_type_id']).execute();
  },
};
