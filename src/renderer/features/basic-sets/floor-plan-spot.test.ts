import { describe, expect, it } from 'vitest';
import type { FloorPlan } from '../../../shared/api/basic-sets.ts';
import { overlapping, spotOnPlan } from './floor-plan-spot.ts';

const area = (ShelfAreaID: number, AreaID: number, ShelfIDs: number[], X: number | null = 0) =>
  ({ ShelfAreaID, Code: '', Name: '', EnName: '', AreaID, AreaName: '', AreaEnName: '', X, Y: 0, W: 1, H: 1, ShelfIDs });
const plan: FloorPlan = { BranchID: 1, Saved: true, Cols: 10, Rows: 10, KioskX: 0, KioskY: 0, Areas: [area(11, 1, [101, 102]), area(12, 1, [103]), area(13, 2, [104]), area(14, 3, [], null)] };

describe('spotOnPlan', () => {
  it('lights the shelf area of the copy\'s shelf', () => {
    expect(spotOnPlan(plan, { BranchID: 1, AreaID: 1, ShelfID: 103 })).toEqual([12]);
  });
  it('falls back to the areas of its collection area when the shelf is not known', () => {
    expect(spotOnPlan(plan, { BranchID: 1, AreaID: 1, ShelfID: null })).toEqual([11, 12]);
    expect(spotOnPlan(plan, { BranchID: 1, AreaID: 1, ShelfID: 999 })).toEqual([11, 12]);
  });
  it('has nothing for another branch, an unplaced area or no plan', () => {
    expect(spotOnPlan(plan, { BranchID: 2, AreaID: 1, ShelfID: 101 })).toBeNull();
    expect(spotOnPlan(plan, { BranchID: 1, AreaID: 3, ShelfID: null })).toBeNull();
    expect(spotOnPlan(null, { BranchID: 1, AreaID: 1, ShelfID: 101 })).toBeNull();
  });
});

describe('overlapping', () => {
  it('names the areas that share a cell, not those that only touch', () => {
    const r = (id: number, X: number, Y: number, W: number, H: number) => ({ ShelfAreaID: id, X, Y, W, H });
    expect([...overlapping([r(1, 0, 0, 2, 2), r(2, 2, 0, 2, 2), r(3, 1, 1, 1, 3)])].sort()).toEqual([1, 3]);
  });
});
