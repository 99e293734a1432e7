import type { Kysely, Transaction } from 'kysely';
import { FLOOR_PLAN_LIMITS, type FloorPlan, type FloorPlanInput } from '../../shared/api/basic-sets.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';

type Db = Kysely<Database> | Transaction<Database>;

/** The grid a branch starts with before its plan is saved: 24 × 14 cells fits most school libraries at a metre a cell. */
export const DEFAULT_PLAN = { cols: 24, rows: 14 } as const;

/** A branch's plan with its shelf areas (placed only, for the kiosk) and each area's shelves. */
export async function floorPlanOf(db: Db, schoolId: number, branchId: number, placedOnly: boolean): Promise<FloorPlan | null> {
  const plan = await db.selectFrom('floor_plans').select(['cols', 'rows', 'kiosk_x', 'kiosk_y'])
    .where('school_id', '=', schoolId).where('branch_id', '=', branchId).executeTakeFirst();
  if (!plan && placedOnly) return null;
  let q = db.selectFrom('shelf_areas as z').innerJoin('collection_areas as a', 'a.id', 'z.area_id')
    .select(['z.id', 'z.code', 'z.name', 'z.en_name', 'z.area_id', 'a.name as area_name', 'a.en_name as area_en_name', 'z.plan_x', 'z.plan_y', 'z.plan_w', 'z.plan_h'])
    .where('z.school_id', '=', schoolId).where('a.branch_id', '=', branchId).orderBy('a.sort').orderBy('z.sort').orderBy('z.id');
  if (placedOnly) q = q.where('z.plan_x', 'is not', null);
  const zones = await q.execute();
  const shelves = zones.length
    ? await db.selectFrom('shelves').select(['id', 'shelf_area_id']).where('school_id', '=', schoolId).where('shelf_area_id', 'in', zones.map((z) => z.id)).orderBy('id').execute()
    : [];
  const shelvesOf = new Map<number, number[]>();
  for (const s of shelves) {
    const list = shelvesOf.get(s.shelf_area_id!) ?? [];
    list.push(s.id);
    shelvesOf.set(s.shelf_area_id!, list);
  }
  return {
    BranchID: branchId, Saved: !!plan, Cols: plan?.cols ?? DEFAULT_PLAN.cols, Rows: plan?.rows ?? DEFAULT_PLAN.rows,
    KioskX: plan?.kiosk_x ?? null, KioskY: plan?.kiosk_y ?? null,
    Areas: zones.map((z) => ({
      ShelfAreaID: z.id, Code: z.code, Name: z.name, EnName: z.en_name || z.name, AreaID: z.area_id, AreaName: z.area_name, AreaEnName: z.area_en_name || z.area_name,
      X: z.plan_x, Y: z.plan_y, W: z.plan_w, H: z.plan_h, ShelfIDs: shelvesOf.get(z.id) ?? [],
    })),
  };
}

/** The plan's own rules, before anything is written: inside the grid, no two areas on one cell, the kiosk's spot whole. */
export function checkPlan(input: FloorPlanInput): void {
  const { Cols, Rows } = input;
  if ((input.KioskX == null) !== (input.KioskY == null)) throw AppError.badRequest('errors:floorPlan.kioskHalf');
  if (input.KioskX != null && (input.KioskX >= Cols || input.KioskY! >= Rows)) throw AppError.badRequest('errors:floorPlan.kioskOutside');
  const seen = new Set<number>();
  const taken = new Map<number, number>();
  for (const a of input.Areas) {
    if (seen.has(a.ShelfAreaID)) throw AppError.badRequest('errors:floorPlan.twice');
    seen.add(a.ShelfAreaID);
    if (a.X + a.W > Cols || a.Y + a.H > Rows) throw AppError.badRequest('errors:floorPlan.outside', { cols: Cols, rows: Rows });
    for (let y = a.Y; y < a.Y + a.H; y++) {
      for (let x = a.X; x < a.X + a.W; x++) {
        const c = y * FLOOR_PLAN_LIMITS.maxCols + x;
        if (taken.has(c)) throw AppError.badRequest('errors:floorPlan.overlap');
        taken.set(c, a.ShelfAreaID);
      }
    }
  }
}

/** Writes the plan: the grid row (insert or update) and every shelf area of the branch (placed ones get their rectangle, the rest none). */
export async function savePlan(trx: Transaction<Database>, schoolId: number, userId: number | null, input: FloorPlanInput): Promise<void> {
  const zones = await trx.selectFrom('shelf_areas as z').innerJoin('collection_areas as a', 'a.id', 'z.area_id').select('z.id')
    .where('z.school_id', '=', schoolId).where('a.branch_id', '=', input.BranchID).execute();
  const own = new Set(zones.map((z) => z.id));
  if (input.Areas.some((a) => !own.has(a.ShelfAreaID))) throw AppError.badRequest('errors:floorPlan.notInBranch');
  const now = new Date().toISOString();
  const row = { cols: input.Cols, rows: input.Rows, kiosk_x: input.KioskX, kiosk_y: input.KioskY, updated_at: now, updated_by: userId };
  const r = await trx.updateTable('floor_plans').set(row).where('school_id', '=', schoolId).where('branch_id', '=', input.BranchID).executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) await trx.insertInto('floor_plans').values({ school_id: schoolId, branch_id: input.BranchID, ...row }).execute();
  if (own.size) await trx.updateTable('shelf_areas').set({ plan_x: null, plan_y: null, plan_w: null, plan_h: null }).where('id', 'in', [...own]).execute();
  for (const a of input.Areas) {
    await trx.updateTable('shelf_areas').set({ plan_x: a.X, plan_y: a.Y, plan_w: a.W, plan_h: a.H }).where('id', '=', a.ShelfAreaID).execute();
  }
}
