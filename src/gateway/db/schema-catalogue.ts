import type { Generated } from 'kysely';

/** Tables of cataloguing and the collection (migration 0011). */

/** Columns 0011 adds to `titles` (the catalogue item). */
export interface TitleCatalogueColumns {
  /** ISBN-13 form of `isbn` (ISBN-10 converted): the equivalence key of duplicate checks. */
  isbn13: Generated<string>;
  place: Generated<string>;
  dewey_no: Generated<string>;
  /** 附加号: volume / part designation shared by the title's copies. */
  add_no: Generated<string>;
  summary: Generated<string>;
  /** Subject words joined by "; ". */
  subjects: Generated<string>;
  series: Generated<string>;
  edition: Generated<string>;
  extent: Generated<string>;
  /** Stored cover image id (served signed, like photos), or ''. */
  cover: Generated<string>;
  resource_type_id: number | null;
  /** manual | sru | our-library | union | marc | a capture provider id */
  source: Generated<string>;
  updated_at: Generated<string>;
}

/** Columns 0011 adds to `copies`. */
export interface CopyCatalogueColumns {
  /** Shelf mark: the shelf position (架位号) code, or ''. */
  shelf_mark: Generated<string>;
  discount_price: Generated<number>;
  batch_id: number | null;
  note: Generated<string>;
  updated_at: Generated<string>;
}

export type BatchState = 'open' | 'accepted' | 'closed';

export interface BatchesTable {
  id: Generated<number>;
  school_id: number;
  batch_no: string;
  state: Generated<BatchState>;
  branch_id: number;
  resource_type_id: number | null;
  bookseller: Generated<string>;
  currency: Generated<string>;
  /** Percent of the list price paid, 0–100. */
  discount_rate: Generated<number>;
  registered_on: string;
  accepted_on: string | null;
  note: Generated<string>;
  created_at: string;
  updated_at: string;
}

export interface BarcodeSequencesTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  prefix: string;
  width: number;
  next_number: number;
  resource_type_id: number | null;
  is_default: Generated<number>;
}

/** A barcode range reserved for pre-printing (migration 0014). */
export interface BarcodePreprintsTable {
  id: Generated<number>;
  school_id: number;
  sequence_name: string;
  batch_id: number | null;
  first_barcode: string;
  last_barcode: string;
  count: number;
  barcodes: string;
  note: Generated<string>;
  created_by: number;
  created_at: string;
  view_token: string;
  view_expires_at: string;
}

export interface ClassSequencesTable {
  school_id: number;
  class_no: string;
  last_seq: number;
}

export interface SchoolSettingsTable {
  school_id: number;
  key: string;
  /** JSON, validated by the shared schema of its key on read and write. */
  value: string;
  updated_at: string;
}

export interface CopyEventsTable {
  id: Generated<number>;
  school_id: number;
  copy_id: number;
  barcode: string;
  event: string;
  /** JSON: from/to area, state, barcode, tag, batch … as the event needs. */
  detail: Generated<string>;
  user_id: number | null;
  at: string;
}

/** The word index of titles (migration 0013, search/title-index.ts). */
export interface TitleTermsTable {
  school_id: number;
  term: string;
  title_id: number;
}

/** Each title's terms once, a JSON array: how its rows of the word index are found (migration 0049). */
export interface TitleTermSetsTable {
  title_id: number;
  school_id: number;
  terms: string;
}
