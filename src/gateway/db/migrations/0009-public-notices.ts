import type { Migration } from '../migrate.ts';

/**
 * Notices a school chooses to show before sign-in (issue 6): `LibNotice/GetNoticeList` without a
 * token lists only these; signed-in users of the school see every notice. Existing notices stay
 * private until the school marks them.
 */
export const migration: Migration = {
  id: '0009-public-notices',
  async up(db) {
    await db.schema.alterTable('notices').addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  },
};
