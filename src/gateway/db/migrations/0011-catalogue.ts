import { sql, type Kysely } from 'kysely';
import type { Migration } from '../migrate.ts';
import { realType, withId } from '../column-helpers.ts';
import type { DbKind } from '../connect.ts';

/** SQLite adds one column per ALTER TABLE statement, so each column is its own statement. */
async function addColumns(db: Kysely<any>, table: string, cols: Array<[string, string, string | number | null]>) {
  for (const [name, type, def] of cols) {
    await db.schema
      .alterTable(table)
      .addColumn(name, type as 'text', (c) => (def === null ? c : c.notNull().defaultTo(def)))
      .execute();
  }
}

/**
 * Cataloguing and the collection (issue 7): the catalogue item gains the fields a cataloguer
 * fills in (and the ISBN-13 equivalence key that finds a title whatever form was scanned); the
 * copy gains its shelf mark, discounted price and acquisition batch; batches, barcode sequences,
 * 种次号 counters, per-school cataloguing settings and the copy history are new.
 */
export const migration: Migration = {
  id: '0011-catalogue',
  async up(db, kind: DbKind) {
    const real = realType(kind);
    await withId(db.schema.createTable('batches'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('batch_no', 'varchar(64)', (c) => c.notNull())
      /** open → accepted → closed */
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
      .addColumn('resource_type_id', 'integer', (c) => c.references('resource_types.id'))
      .addColumn('bookseller', 'varchar(200)', (c) => c.notNull().defaultTo(''))
      .addColumn('currency', 'varchar(8)', (c) => c.notNull().defaultTo('CNY'))
      /** Percent of the list price paid, 0–100 (e.g. 85 = 15 % off). */
      .addColumn('discount_rate', real, (c) => c.notNull().defaultTo(100))
      .addColumn('registered_on', 'varchar(10)', (c) => c.notNull())
      .addColumn('accepted_on', 'varchar(10)')
      .addColumn('note', 'varchar(500)', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('batches_school_no_uq').unique().on('batches').columns(['school_id', 'batch_no']).execute();

    await addColumns(db, 'titles', [
      ['isbn13', 'varchar(13)', ''],
      ['place', 'varchar(200)', ''],
      ['dewey_no', 'varchar(40)', ''],
      ['add_no', 'varchar(40)', ''],
      ['summary', 'text', ''],
      ['subjects', 'varchar(1000)', ''],
      ['series', 'varchar(300)', ''],
      ['edition', 'varchar(100)', ''],
      ['extent', 'varchar(200)', ''],
      ['cover', 'varchar(64)', ''],
      ['resource_type_id', 'integer', null],
      /** Where the record came from: manual, a capture provider, MARC import, the union catalogue. */
      ['source', 'varchar(40)', 'manual'],
      ['updated_at', 'varchar(40)', ''],
    ]);
    await db.schema.createIndex('titles_school_isbn13_ix').on('titles').columns(['school_id', 'isbn13']).execute();
    await db.schema.createIndex('titles_isbn13_ix').on('titles').column('isbn13').execute();
    await sql`update titles set updated_at = created_at`.execute(db);

    await addColumns(db, 'copies', [
      /** Shelf mark: the code of the shelf position (架位号) the copy stands at. */
      ['shelf_mark', 'varchar(64)', ''],
      ['discount_price', real, 0],
      ['batch_id', 'integer', null],
      ['note', 'varchar(500)', ''],
      ['updated_at', 'varchar(40)', ''],
    ]);
    await sql`update copies set updated_at = created_at, discount_price = price`.execute(db);
    await db.schema.createIndex('copies_batch_ix').on('copies').column('batch_id').execute();
    await db.schema.createIndex('copies_school_area_ix').on('copies').columns(['school_id', 'area_id']).execute();
    await db.schema.createIndex('copies_school_call_ix').on('copies').columns(['school_id', 'call_no']).execute();

    // Barcode sequences (GetBarCodeAutoAddList): prefix + zero-padded number; next only grows,
    // so a number once issued is never issued again, even after its copy is deleted.
    await withId(db.schema.createTable('barcode_sequences'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('prefix', 'varchar(16)', (c) => c.notNull().defaultTo(''))
      .addColumn('width', 'integer', (c) => c.notNull().defaultTo(8))
      .addColumn('next_number', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('resource_type_id', 'integer', (c) => c.references('resource_types.id'))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('barcode_sequences_prefix_uq').unique().on('barcode_sequences').columns(['school_id', 'prefix']).execute();

    // 种次号: the last sequence number issued within a class number, per school.
    await db.schema
      .createTable('class_sequences')
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('class_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('last_seq', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('class_sequences_pk', ['school_id', 'class_no'])
      .execute();

    // Per-school settings documents by key (editing config, MARC rules, capture providers):
    // JSON validated by the shared zod schema on every read and write.
    await db.schema
      .createTable('school_settings')
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('key', 'varchar(64)', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .addPrimaryKeyConstraint('school_settings_pk', ['school_id', 'key'])
      .execute();

    // Copy history: every change of area, state, barcode or tag, with who and when. Allocation
    // records and label-transfer history are read from here.
    await withId(db.schema.createTable('copy_events'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('copy_id', 'integer', (c) => c.notNull())
      .addColumn('barcode', 'varchar(64)', (c) => c.notNull())
      .addColumn('event', 'varchar(32)', (c) => c.notNull())
      .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('user_id', 'integer')
      .addColumn('at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('copy_events_school_event_ix').on('copy_events').columns(['school_id', 'event', 'at']).execute();
    await db.schema.createIndex('copy_events_copy_ix').on('copy_events').column('copy_id').execute();
  },
};
