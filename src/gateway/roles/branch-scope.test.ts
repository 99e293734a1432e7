import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicSetsCalls as C } from '../../shared/api/basic-sets.ts';
import { borrowRulesCalls as B } from '../../shared/api/borrow-rules.ts';
import { roleCalls, type Role } from '../../shared/api/roles.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';

/** The branch and resource-type scopes of roles, enforced by the gateway on branch- and type-bound calls. */

let t: TestApp;
let admin: string;
let librarian: string;
let b1: number;
let b2: number;
let area1: number;
let area2: number;
let shelf2: number;

const librarianRole = async (): Promise<Role> =>
  ((await t.call(roleCalls.list, { Rows: 100 }, { token: admin })).json().data.List as Role[]).find((r) => r.Code === 'librarian')!;
/** Edits the librarian role through the roles call (which must clear the cached scopes at once). */
async function scopeLibrarian(change: Partial<Pick<Role, 'BranchIDs' | 'ResourceTypeIDs'>>) {
  const r = await librarianRole();
  const res = await t.call(roleCalls.update, { ID: r.ID, Name: r.Name, EnName: r.EnName, ScopeKind: r.ScopeKind, Permissions: r.Permissions, BranchIDs: r.BranchIDs, ResourceTypeIDs: r.ResourceTypeIDs, ...change }, { token: admin });
  expect(res.statusCode).toBe(200);
}
const ids = (res: { json(): { data: { List: Array<{ ID: number }> } } }) => res.json().data.List.map((x) => x.ID);

beforeAll(async () => {
  t = await makeTestApp();
  [admin, librarian] = (await Promise.all(['admin', 'librarian'].map((a) => t.tokenFor(a)))) as [string, string];
  [b1, b2] = (await t.app.db.selectFrom('branches').select('id').where('school_id', '=', 1).orderBy('id').execute()).map((b) => b.id) as [number, number];
  const areaIn = async (branch: number, code: string) => {
    const a = await t.app.db.selectFrom('collection_areas').select('id').where('branch_id', '=', branch).orderBy('id').executeTakeFirst();
    return a?.id ?? (await t.call(C.locationAdd, { BranchID: branch, Code: code, Name: code }, { token: admin })).json().data.ID as number;
  };
  area1 = await areaIn(b1, 'S1');
  area2 = await areaIn(b2, 'S2');
  shelf2 = (await t.call(C.shelfAdd, { AreaID: area2, Code: 'SC2', Name: '', WidthCm: 90, Faces: 1, Layers: 2, Columns: 2 }, { token: admin })).json().data.ID;
  expect((await t.call(C.positionGenerate, { ShelfIDs: [shelf2] }, { token: admin })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('branch scope', () => {
  it('a role limited to one branch sees only that branch and may not write the other', async () => {
    // Scoped to every branch: sees both.
    expect(ids(await t.call(C.branchList, {}, { token: librarian }))).toEqual([b1, b2]);
    await scopeLibrarian({ BranchIDs: [b1] });

    expect(ids(await t.call(C.branchList, {}, { token: librarian }))).toEqual([b1]);
    const areas = (await t.call(C.locationList, { Rows: 100 }, { token: librarian })).json().data.List as Array<{ BranchID: number }>;
    expect(areas.length).toBeGreaterThan(0);
    expect(areas.every((a) => a.BranchID === b1)).toBe(true);
    expect((await t.call(C.locationList, { BranchID: b2 }, { token: librarian })).json().data.Total).toBe(0);
    const shelves = (await t.call(C.shelfList, { Rows: 1000 }, { token: librarian })).json().data.List as Array<{ ID: number; AreaID: number }>;
    expect(shelves.some((s) => s.ID === shelf2)).toBe(false);
    expect((await t.call(C.positionList, { ShelfID: shelf2 }, { token: librarian })).json().data.Total).toBe(0);
    expect((await t.call(C.shelfAreaList, { AreaID: area2 }, { token: librarian })).json().data.Total).toBe(0);
    // The administrator is not limited.
    expect(ids(await t.call(C.branchList, {}, { token: admin }))).toEqual([b1, b2]);
    expect((await t.call(C.positionList, { ShelfID: shelf2 }, { token: admin })).json().data.Total).toBe(4);

    // Writes to the other branch: "no operation permission", nothing changes.
    const refused = [
      await t.call(C.locationAdd, { BranchID: b2, Code: 'X2', Name: 'x' }, { token: librarian, lang: 'en-US' }),
      await t.call(C.locationUpdate, { ID: area2, BranchID: b2, Code: 'X3', Name: 'x' }, { token: librarian }),
      await t.call(C.locationUpdate, { ID: area1, BranchID: b2, Code: 'X4', Name: 'x' }, { token: librarian }),
      await t.call(C.locationDelete, { ID: area2 }, { token: librarian }),
      await t.call(C.branchUpdate, { ID: b2, Code: 'B2X', Name: 'x' }, { token: librarian }),
      await t.call(C.branchDelete, { ID: b2 }, { token: librarian }),
      await t.call(C.branchAdd, { Code: 'B3', Name: '新分馆' }, { token: librarian }),
      await t.call(C.shelfAreaAdd, { AreaID: area2, Code: 'Z9', Name: 'z' }, { token: librarian }),
      await t.call(C.shelfAdd, { AreaID: area2, Code: 'SC9', Name: '', WidthCm: 90, Faces: 1, Layers: 1, Columns: 1 }, { token: librarian }),
      await t.call(C.shelfUpdate, { ID: shelf2, AreaID: area2, Code: 'SC2', Name: 'x', WidthCm: 90, Faces: 1, Layers: 2, Columns: 2 }, { token: librarian }),
      await t.call(C.shelfUpdate, { ID: shelf2, AreaID: area1, Code: 'SC2', Name: 'x', WidthCm: 90, Faces: 1, Layers: 2, Columns: 2 }, { token: librarian }),
      await t.call(C.shelfDelete, { ID: shelf2 }, { token: librarian }),
      await t.call(C.positionPreview, { ShelfIDs: [shelf2] }, { token: librarian }),
      await t.call(C.positionGenerate, { ShelfIDs: [shelf2] }, { token: librarian }),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 403));
    expect(refused[0]!.json().message).toBe('No operation permission');
    const pos = await t.app.db.selectFrom('shelf_positions').select('id').where('shelf_id', '=', shelf2).executeTakeFirstOrThrow();
    expect((await t.call(C.positionDelete, { ID: pos.id }, { token: librarian })).statusCode).toBe(403);
    expect((await t.call(C.positionList, { ShelfID: shelf2 }, { token: admin })).json().data.Total).toBe(4);
    expect(await t.app.db.selectFrom('branches').select('id').where('school_id', '=', 1).execute()).toHaveLength(2);

    // Its own branch: allowed.
    const own = await t.call(C.locationAdd, { BranchID: b1, Code: 'OWN1', Name: '本馆新区' }, { token: librarian });
    expect(own.statusCode).toBe(200);
    expect((await t.call(C.locationDelete, { ID: own.json().data.ID }, { token: librarian })).statusCode).toBe(200);

    // Back to every branch: seen at once (the role edit clears the cached scope).
    await scopeLibrarian({ BranchIDs: [b1, b2] });
    expect(ids(await t.call(C.branchList, {}, { token: librarian }))).toEqual([b1, b2]);
  });

  it('a new branch stays within roles that reached every branch, not within limited ones', async () => {
    const r = await t.call(roleCalls.add, { Name: '一馆管理员', Permissions: ['/data-analysis', 'home.dashboard'], BranchIDs: [b1] }, { token: admin });
    const limited = r.json().data.ID as number;
    const added = await t.call(C.branchAdd, { Code: 'B3', Name: '三馆' }, { token: admin });
    expect(added.statusCode).toBe(200);
    const b3 = added.json().data.ID as number;
    expect((await librarianRole()).BranchIDs).toEqual([b1, b2, b3]);
    expect(ids(await t.call(C.branchList, {}, { token: librarian })).sort((x, y) => x - y)).toEqual([b1, b2, b3]);
    const roles = (await t.call(roleCalls.list, { Rows: 100 }, { token: admin })).json().data.List as Role[];
    expect(roles.find((x) => x.ID === limited)!.BranchIDs).toEqual([b1]);
    // The librarian (every branch) may also create one.
    expect((await t.call(C.branchAdd, { Code: 'B4', Name: '四馆' }, { token: librarian })).statusCode).toBe(200);
  });
});

describe('resource-type scope', () => {
  it('limits the types listed for borrowing limits and resource access, and their writes', async () => {
    const types = (await t.app.db.selectFrom('resource_types').select(['id', 'code']).where('school_id', '=', 1).orderBy('id').execute());
    const [t1, t2] = types as [{ id: number; code: string }, { id: number; code: string }];
    await scopeLibrarian({ ResourceTypeIDs: [t1.id] });
    expect((await t.call(B.getResourceTypes, {}, { token: librarian })).json().data.map((x: { ID: string }) => x.ID)).toEqual([String(t1.id)]);
    expect((await t.call(B.getResourceTypes, {}, { token: admin })).json().data).toHaveLength(types.length);
    expect(ids(await t.call(C.resourceAuthList, {}, { token: librarian }))).toEqual([t1.id]);
    const access = { BorrowTeacher: true, BorrowStudent: false, BorrowParent: true, BorrowOther: true, PortalVisible: true };
    expect((await t.call(C.resourceAuthUpdate, { ID: t2.id, ...access }, { token: librarian })).statusCode).toBe(403);
    expect((await t.call(C.resourceAuthUpdate, { ID: t1.id, ...access }, { token: librarian })).statusCode).toBe(200);

    // A group's per-type rules: the limited librarian sets those of its types only and keeps the others.
    const group = (await t.call(B.getGroups, {}, { token: admin })).json().data.List.find((g: { ByResourceType: unknown[] }) => g.ByResourceType.length > 0);
    const others = group.ByResourceType.filter((r: { ResourceTypeID: string }) => r.ResourceTypeID !== String(t1.id));
    expect(others.length).toBeGreaterThan(0);
    const { AssignmentCount: _a, InUse: _b, ...base } = group;
    const foreign = await t.call(B.updateGroup, { ...base, ByResourceType: others }, { token: librarian });
    expect(foreign.statusCode).toBe(403);
    const mine = { ResourceTypeID: String(t1.id), MaxLoans: 2, LoanDays: 10, RenewDays: 5, MaxRenewals: 1 };
    const saved = await t.call(B.updateGroup, { ...base, ByResourceType: [mine] }, { token: librarian });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.ByResourceType).toEqual(expect.arrayContaining([mine, ...others]));
    await scopeLibrarian({ ResourceTypeIDs: [] });
    expect((await t.call(B.getResourceTypes, {}, { token: librarian })).json().data).toHaveLength(types.length);
  });
});
