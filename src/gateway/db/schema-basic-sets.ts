import type { ColumnType, Generated } from 'kysely';

/** Tables of the basic-sets slice (migration 0004). Flags are 0/1 integers, as elsewhere. */

export interface ResourceTypesTable {
  id: Generated<number>;
  school_id: number;
  /** BOOK, MAG, PIC, REF, AV, ... unique per school. */
  code: string;
  name: string;
  en_name: string;
  sort: Generated<number>;
  created_at: string | null;
  updated_at: string | null;
}

/** Which reader identities may borrow a resource type, and whether the public portal shows it. */
export interface ResourceAccessTable {
  id: Generated<number>;
  school_id: number;
  resource_type_id: number;
  borrow_teacher: number;
  borrow_student: number;
  borrow_parent: number;
  borrow_other: number;
  portal_visible: number;
  updated_at: string | null;
}

/** 书架区域: a named group of shelves inside one collection area. */
export interface ShelfAreasTable {
  id: Generated<number>;
  school_id: number;
  area_id: number;
  code: string;
  name: string;
  en_name: string;
  sort: number;
  /** 0035: its rectangle on its branch's floor plan, in grid cells (null = not placed). */
  plan_x: ColumnType<number | null, number | null | undefined, number | null>;
  plan_y: ColumnType<number | null, number | null | undefined, number | null>;
  plan_w: ColumnType<number | null, number | null | undefined, number | null>;
  plan_h: ColumnType<number | null, number | null | undefined, number | null>;
}

/** 0035: a branch's floor plan, a grid of cols × rows cells, with the kiosk's spot when it stands there. */
export interface FloorPlansTable {
  id: Generated<number>;
  school_id: number;
  branch_id: number;
  cols: number;
  rows: number;
  kiosk_x: number | null;
  kiosk_y: number | null;
  updated_at: string;
  updated_by: number | null;
}

/** 书架号: one physical shelf; width in cm (spec: e.g. 80), faces (1 or 2), layers, columns. */
export interface ShelvesTable {
  id: Generated<number>;
  school_id: number;
  area_id: number;
  shelf_area_id: number | null;
  code: string;
  name: string;
  width_cm: number;
  faces: number;
  layers: number;
  columns: number;
  sort: number;
}

/** 架位号: one slot of a shelf (face, layer, column); code is what the label carries. */
export interface ShelfPositionsTable {
  id: Generated<number>;
  school_id: number;
  shelf_id: number;
  code: string;
  face: number;
  layer: number;
  col: number;
}
