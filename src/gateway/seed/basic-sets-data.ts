import { positionsOf } from '../../shared/domain/shelf-positions.ts';
import type { Row } from './demo-data.ts';

/** The resource (material) types every demo school starts with; other modules find them by code. */
export const DEMO_RESOURCE_TYPES: ReadonlyArray<{ code: string; zh: string; en: string }> = [
  { code: 'BOOK', zh: '图书', en: 'Books' },
  { code: 'MAG', zh: '期刊', en: 'Magazines' },
  { code: 'PIC', zh: '绘本', en: 'Picture books' },
  { code: 'REF', zh: '教参', en: 'Teaching references' },
  { code: 'AV', zh: '音像', en: 'Audio-visual' },
];

export interface BasicSetsSeed {
  school: number;
  ids: { next(table: string): number };
  put: (table: string, row: Row) => void;
  created: string;
  /** Collection area ids of the school, in seed order. */
  areaIds: number[];
  /** The branch whose floor plan is laid out (the kiosk's "where is it"), with its collection areas. */
  planned?: { branchId: number; areaIds: number[] };
}

/**
 * The demo floor plan of the main library on a 24 × 14 grid: its zones in the order of its
 * collection areas (Chinese books along the north wall, picture books by the door, …) and the
 * kiosk by the entrance on the east side.
 */
const PLAN_LAYOUT: ReadonlyArray<{ x: number; y: number; w: number; h: number }> = [
  { x: 1, y: 1, w: 9, h: 5 }, { x: 12, y: 1, w: 6, h: 5 }, { x: 1, y: 8, w: 6, h: 5 }, { x: 9, y: 8, w: 5, h: 5 }, { x: 16, y: 8, w: 6, h: 5 },
];
const PLAN_GRID = { cols: 24, rows: 14, kioskX: 21, kioskY: 3 } as const;

/**
 * Resource types with their access rows, and per collection area one shelf area (zone A, B, …)
 * with a few two-faced shelves and all their positions. Deterministic: no randomness needed.
 */
export function generateBasicSets({ school, ids, put, created, areaIds, planned }: BasicSetsSeed): Map<string, number> {
  const typeIds = new Map<string, number>();
  DEMO_RESOURCE_TYPES.forEach((t, i) => {
    const id = ids.next('resource_types');
    typeIds.set(t.code, id);
    put('resource_types', { id, school_id: school, code: t.code, name: t.zh, en_name: t.en, sort: i + 1, created_at: created, updated_at: created });
    // Teaching references are for teachers; the portal shows everything.
    const staffOnly = t.code === 'REF' ? 0 : 1;
    put('resource_access', {
      id: ids.next('resource_access'), school_id: school, resource_type_id: id,
      borrow_teacher: 1, borrow_student: staffOnly, borrow_parent: staffOnly, borrow_other: staffOnly, portal_visible: 1, updated_at: created,
    });
  });
  const shelvesPerArea = areaIds.length > 4 ? 4 : 2;
  areaIds.forEach((areaId, ai) => {
    const letter = String.fromCharCode(65 + ai);
    const zoneId = ids.next('shelf_areas');
    const onPlan = planned ? PLAN_LAYOUT[planned.areaIds.indexOf(areaId)] : undefined;
    put('shelf_areas', {
      id: zoneId, school_id: school, area_id: areaId, code: `Z${letter}`, name: `${letter}区`, en_name: `Zone ${letter}`, sort: ai + 1,
      plan_x: onPlan?.x ?? null, plan_y: onPlan?.y ?? null, plan_w: onPlan?.w ?? null, plan_h: onPlan?.h ?? null,
    });
    for (let s = 1; s <= shelvesPerArea; s++) {
      const code = `${letter}${String(s).padStart(2, '0')}`;
      const shape = { code, faces: 2, layers: 5, columns: 2 };
      const shelfId = ids.next('shelves');
      put('shelves', {
        id: shelfId, school_id: school, area_id: areaId, shelf_area_id: zoneId, code, name: '',
        width_cm: s % 2 === 0 ? 90 : 80, faces: shape.faces, layers: shape.layers, columns: shape.columns, sort: s,
      });
      for (const p of positionsOf(shape)) {
        put('shelf_positions', { id: ids.next('shelf_positions'), school_id: school, shelf_id: shelfId, code: p.code, face: p.face, layer: p.layer, col: p.col });
      }
    }
  });
  if (planned) {
    put('floor_plans', {
      id: ids.next('floor_plans'), school_id: school, branch_id: planned.branchId, cols: PLAN_GRID.cols, rows: PLAN_GRID.rows,
      kiosk_x: PLAN_GRID.kioskX, kiosk_y: PLAN_GRID.kioskY, updated_at: created, updated_by: null,
    });
  }
  return typeIds;
}
