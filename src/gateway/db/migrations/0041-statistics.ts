import type { Migration } from '../migrate.ts';

/**
 * The statistics reports (issue 11 §1): circulation over time reads the period's renewals and the
 * loans that fell due in it. circ_tx_school_kind_at_ix finds a period's renewals without reading
 * every transaction of the school; loans_school_due_cover_ix finds the loans due in a period,
 * returned or not (loans_school_due_open_ix holds only the open ones), and tells from the index
 * alone whether each came back late.
 */
export const migration: Migration = {
  id: '0041-statistics',
  async up(db) {
    await db.schema.createIndex('circ_tx_school_kind_at_ix').on('circ_transactions').columns(['school_id', 'kind', 'at']).execute();
    await db.schema.createIndex('loans_school_due_cover_ix').on('loans').columns(['school_id', 'due_at', 'cancelled', 'returned_at']).execute();
  },
};
