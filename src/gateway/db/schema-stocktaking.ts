import type { Generated } from 'kysely';

/** Tables of stocktaking (migration 0039). Flags are 0/1 integers, as elsewhere. */

export interface StocktakesTable {
  id: Generated<number>;
  school_id: number;
  name: string;
  /** open | paused | closed */
  state: Generated<string>;
  started_at: string;
  started_by: number;
  updated_at: string;
  closed_at: string | null;
  closed_by: number | null;
  /** Copies the close marked lost (0 after an undo). */
  marked: Generated<number>;
  undone: Generated<number>;
}

export interface StocktakeAreasTable {
  stocktake_id: number;
  school_id: number;
  area_id: number;
}

/** One copy of a stocktake: expected (in the snapshot) and/or scanned. */
export interface StocktakeItemsTable {
  id: Generated<number>;
  school_id: number;
  stocktake_id: number;
  copy_id: number;
  /** 1: in the snapshot taken at the start. */
  expected: Generated<number>;
  /** The copy's home area when snapshotted or scanned. */
  home_area_id: number | null;
  /** found | misplaced | notExpected; null while not scanned. */
  kind: string | null;
  reason: string | null;
  found_at: string | null;
  found_by: number | null;
  found_area_id: number | null;
  found_shelf_id: number | null;
  /** 1: marked lost by the close; prev_* is its state before, for the undo. */
  marked: Generated<number>;
  prev_storage: number | null;
  prev_circ: string | null;
}

export interface StocktakeUnknownTable {
  id: Generated<number>;
  school_id: number;
  stocktake_id: number;
  code: string;
  area_id: number | null;
  at: string;
  by_user: number;
}
