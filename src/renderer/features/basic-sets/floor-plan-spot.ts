import type { FloorPlan } from '../../../shared/api/basic-sets.ts';

/** What the kiosk knows of a copy's place (PublicCopy's fields). */
export interface CopyPlace {
  BranchID: number;
  AreaID: number | null;
  ShelfID: number | null;
}

/**
 * The shelf areas to light up on a branch's plan for a copy: the one holding its shelf when the
 * copy's shelf mark names a shelf of the basic sets, else every area of its collection area (the
 * copy stands somewhere in there); null when the plan has neither.
 */
export function spotOnPlan(plan: FloorPlan | null | undefined, copy: CopyPlace): number[] | null {
  if (!plan || plan.BranchID !== copy.BranchID) return null;
  const byShelf = copy.ShelfID == null ? [] : plan.Areas.filter((a) => a.X != null && a.ShelfIDs.includes(copy.ShelfID!));
  const hits = byShelf.length ? byShelf : plan.Areas.filter((a) => a.X != null && copy.AreaID != null && a.AreaID === copy.AreaID);
  return hits.length ? hits.map((a) => a.ShelfAreaID) : null;
}

/** Cells two areas share (for the editor's warning before the gateway refuses the plan). */
export function overlapping(areas: ReadonlyArray<{ ShelfAreaID: number; X: number; Y: number; W: number; H: number }>): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < areas.length; i++) {
    for (let j = i + 1; j < areas.length; j++) {
      const a = areas[i]!;
      const b = areas[j]!;
      if (a.X < b.X + b.W && b.X < a.X + a.W && a.Y < b.Y + b.H && b.Y < a.Y + a.H) {
        out.add(a.ShelfAreaID);
        out.add(b.ShelfAreaID);
      }
    }
  }
  return out;
}
