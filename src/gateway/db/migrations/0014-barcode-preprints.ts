import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Barcode ranges reserved for pre-printing (/preprint): the numbers are taken from a sequence so
 * cataloguing never issues them again, and the range is kept so the library knows which labels
 * exist. `view_token` opens the no-login printable view (/barcode-prepriting-view) until
 * `view_expires_at`.
 */
export const migration: Migration = {
  id: '0014-barcode-preprints',
  async up(db, kind) {
    await withId(db.schema.createTable('barcode_preprints'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('sequence_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('batch_id', 'integer', (c) => c.references('batches.id').onDelete('set null'))
      .addColumn('first_barcode', 'varchar(64)', (c) => c.notNull())
      .addColumn('last_barcode', 'varchar(64)', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      /** JSON array of the barcodes, in order (numbers already used by copies are passed over). */
      .addColumn('barcodes', 'text', (c) => c.notNull())
      .addColumn('note', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id'))
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('view_token', 'varchar(64)', (c) => c.notNull())
      .addColumn('view_expires_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('barcode_preprints_school_ix').on('barcode_preprints').columns(['school_id', 'id']).execute();
    await db.schema.createIndex('barcode_preprints_token_uq').unique().on('barcode_preprints').column('view_token').execute();
  },
};
