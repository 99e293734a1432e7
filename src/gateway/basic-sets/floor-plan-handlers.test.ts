import { describe, expect, it } from 'vitest';
import { basicSetsCalls as C, type FloorPlan } from '../../shared/api/basic-sets.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

describe('floor plans (basic sets) and the kiosk\'s read', () => {
  const t = useTestGateway();
  const branchOf = async (school: number, code: string) => (await t.db.selectFrom('branches').select('id').where('school_id', '=', school).where('code', '=', code).executeTakeFirstOrThrow()).id;

  it('the demo main library has a plan with its zones and the kiosk; the kiosk reads it without a token', async () => {
    const main = await branchOf(1, 'MAIN');
    const plan = (await t.data(C.floorPlanPublic, { BranchID: main }, { school: 1 }))!;
    expect(plan).toMatchObject({ Saved: true, Cols: 24, Rows: 14, KioskX: 21, KioskY: 3 });
    expect(plan.Areas).toHaveLength(5);
    expect(plan.Areas[0]).toMatchObject({ X: 1, Y: 1, W: 9, H: 5, Name: 'A区' });
    expect(plan.Areas[0]!.ShelfIDs.length).toBeGreaterThan(0);
    // The branch library has none yet; another school's header does not see school 1's plan.
    expect(await t.data(C.floorPlanPublic, { BranchID: await branchOf(1, 'BR1') }, { school: 1 })).toBeNull();
    expect(await t.data(C.floorPlanPublic, { BranchID: main }, { school: 2 })).toBeNull();
  });

  it('saves the grid, the kiosk and the areas; unplaced areas leave the public plan', async () => {
    const br = await branchOf(1, 'BR1');
    const draft: FloorPlan = await t.data(C.floorPlanGet, { BranchID: br }, 'librarian');
    expect(draft).toMatchObject({ Saved: false, Cols: 24, Rows: 14, KioskX: null });
    expect(draft.Areas.length).toBe(3);
    const [a, b] = draft.Areas as [FloorPlan['Areas'][0], FloorPlan['Areas'][0]];
    const saved: FloorPlan = await t.data(C.floorPlanSave, { BranchID: br, Cols: 10, Rows: 8, KioskX: 9, KioskY: 0, Areas: [{ ShelfAreaID: a.ShelfAreaID, X: 0, Y: 0, W: 4, H: 3 }, { ShelfAreaID: b.ShelfAreaID, X: 4, Y: 0, W: 2, H: 8 }] }, 'librarian');
    expect(saved).toMatchObject({ Saved: true, Cols: 10, Rows: 8, KioskX: 9, KioskY: 0 });
    const pub = (await t.data(C.floorPlanPublic, { BranchID: br }, { school: 1 }))!;
    expect(pub.Areas.map((x) => x.ShelfAreaID)).toEqual([a.ShelfAreaID, b.ShelfAreaID]);
    // Saving again without b takes it off the plan.
    await t.data(C.floorPlanSave, { BranchID: br, Cols: 10, Rows: 8, Areas: [{ ShelfAreaID: a.ShelfAreaID, X: 0, Y: 0, W: 4, H: 3 }] }, 'librarian');
    const again = (await t.data(C.floorPlanPublic, { BranchID: br }, { school: 1 }))!;
    expect(again).toMatchObject({ KioskX: null, Areas: [expect.objectContaining({ ShelfAreaID: a.ShelfAreaID })] });
  });

  it('refuses overlapping, outside and foreign areas, a half kiosk spot, and readers', async () => {
    const br = await branchOf(1, 'BR1');
    const main = await branchOf(1, 'MAIN');
    const [a, b] = (await t.data(C.floorPlanGet, { BranchID: br }, 'librarian')).Areas as FloorPlan['Areas'];
    const foreign = (await t.data(C.floorPlanGet, { BranchID: main }, 'librarian')).Areas[0] as FloorPlan['Areas'][0];
    const base = { BranchID: br, Cols: 10, Rows: 8 };
    expect((await t.fail(C.floorPlanSave, { ...base, Areas: [{ ShelfAreaID: a!.ShelfAreaID, X: 0, Y: 0, W: 4, H: 3 }, { ShelfAreaID: b!.ShelfAreaID, X: 3, Y: 2, W: 2, H: 2 }] }, 'librarian', 'en-US')).message).toMatch(/overlap/);
    expect((await t.fail(C.floorPlanSave, { ...base, Areas: [{ ShelfAreaID: a!.ShelfAreaID, X: 8, Y: 0, W: 4, H: 3 }] }, 'librarian', 'en-US')).message).toMatch(/outside the floor plan \(10 × 8/);
    expect((await t.fail(C.floorPlanSave, { ...base, Areas: [{ ShelfAreaID: foreign.ShelfAreaID, X: 0, Y: 0, W: 1, H: 1 }] }, 'librarian', 'en-US')).message).toMatch(/this branch/);
    expect((await t.fail(C.floorPlanSave, { ...base, KioskX: 2, Areas: [] }, 'librarian', 'en-US')).message).toMatch(/both coordinates/);
    expect((await t.fail(C.floorPlanSave, { ...base, Cols: 500, Areas: [] }, 'librarian')).status).toBe(400);
    expect((await t.fail(C.floorPlanSave, { ...base, Areas: [] }, 'student')).status).toBe(403);
    expect((await t.fail(C.floorPlanGet, { BranchID: await branchOf(2, 'MAIN') }, 'librarian')).status).toBe(404);
  });
});
