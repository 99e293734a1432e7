import { beforeAll, describe, expect, it } from 'vitest';
import { basicSetsCalls as C } from '../../shared/api/basic-sets.ts';
import { borrowRulesCalls as B } from '../../shared/api/borrow-rules.ts';
import { roleCalls, type Role } from '../../shared/api/roles.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

/** The branch and resource-type scopes of roles, enforced by the gateway on branch- and type-bound calls. */

const t = useTestGateway();
let b1: number;
let b2: number;
let area1: number;
let area2: number;
let shelf2: number;

const librarianRole = async (): Promise<Role> =>
  ((await t.data(roleCalls.list, { Rows: 100 }, 'admin')).List as Role[]).find((r) => r.Code === 'librarian')!;
/** Edits the librarian role through the roles call (which must clear the cached scopes at once). */
async function scopeLibrarian(change: Partial<Pick<Role, 'BranchIDs' | 'ResourceTypeIDs'>>) {
  const r = await librarianRole();
  await t.data(roleCalls.update, { ID: r.ID, Name: r.Name, EnName: r.EnName, ScopeKind: r.ScopeKind, Permissions: r.Permissions, BranchIDs: r.BranchIDs, ResourceTypeIDs: r.ResourceTypeIDs, ...change }, 'admin');
}
const ids = (res: { json(): { data: { List: Array<{ ID: number }> } } }) => res.json().data.List.map((x) => x.ID);

beforeAll(async () => {
  [b1, b2] = (await t.db.selectFrom('branches').select('id').where('school_id', '=', 1).orderBy('id').execute()).map((b) => b.id) as [number, number];
  const areaIn = async (branch: number, code: string) => {
    const a = await t.db.selectFrom('collection_areas').select('id').where('branch_id', '=', branch).orderBy('id').executeTakeFirst();
    return a?.id ?? (await t.data(C.locationAdd, { BranchID: branch, Code: code, Name: code }, 'admin')).ID as number;
  };
  area1 = await areaIn(b1, 'S1');
  area2 = await areaIn(b2, 'S2');
  shelf2 = (await t.data(C.shelfAdd, { AreaID: area2, Code: 'SC2', Name: '', WidthCm: 90, Faces: 1, Layers: 2, Columns: 2 }, 'admin')).ID;
  await t.data(C.positionGenerate, { ShelfIDs: [shelf2] }, 'admin');
});

describe('branch scope', () => {
  it('a role limited to one branch sees only that branch and may not write the other', async () => {
    // Scoped to every branch: sees both.
    expect(ids(await t.call(C.branchList, {}, 'librarian'))).toEqual([b1, b2]);
    await scopeLibrarian({ BranchIDs: [b1] });

    expect(ids(await t.call(C.branchList, {}, 'librarian'))).toEqual([b1]);
    const areas = (await t.data(C.locationList, { Rows: 100 }, 'librarian')).List as Array<{ BranchID: number }>;
    expect(areas.length).toBeGreaterThan(0);
    expect(areas.every((a) => a.BranchID === b1)).toBe(true);
    expect((await t.data(C.locationList, { BranchID: b2 }, 'librarian')).Total).toBe(0);
    const shelves = (await t.data(C.shelfList, { Rows: 1000 }, 'librarian')).List as Array<{ ID: number; AreaID: number }>;
    expect(shelves.some((s) => s.ID === shelf2)).toBe(false);
    expect((await t.data(C.positionList, { ShelfID: shelf2 }, 'librarian')).Total).toBe(0);
    expect((await t.data(C.shelfAreaList, { AreaID: area2 }, 'librarian')).Total).toBe(0);
    // The administrator is not limited.
    expect(ids(await t.call(C.branchList, {}, 'admin'))).toEqual([b1, b2]);
    expect((await t.data(C.positionList, { ShelfID: shelf2 }, 'admin')).Total).toBe(4);

    // Writes to the other branch: "no operation permission", nothing changes.
    const refused = [
      await t.call(C.locationAdd, { BranchID: b2, Code: 'X2', Name: 'x' }, { as: 'librarian', lang: 'en-US' }),
      await t.call(C.locationUpdate, { ID: area2, BranchID: b2, Code: 'X3', Name: 'x' }, 'librarian'),
      await t.call(C.locationUpdate, { ID: area1, BranchID: b2, Code: 'X4', Name: 'x' }, 'librarian'),
      await t.call(C.locationDelete, { ID: area2 }, 'librarian'),
      await t.call(C.branchUpdate, { ID: b2, Code: 'B2X', Name: 'x' }, 'librarian'),
      await t.call(C.branchDelete, { ID: b2 }, 'librarian'),
      await t.call(C.branchAdd, { Code: 'B3', Name: '新分馆' }, 'librarian'),
      await t.call(C.shelfAreaAdd, { AreaID: area2, Code: 'Z9', Name: 'z' }, 'librarian'),
      await t.call(C.shelfAdd, { AreaID: area2, Code: 'SC9', Name: '', WidthCm: 90, Faces: 1, Layers: 1, Columns: 1 }, 'librarian'),
      await t.call(C.shelfUpdate, { ID: shelf2, AreaID: area2, Code: 'SC2', Name: 'x', WidthCm: 90, Faces: 1, Layers: 2, Columns: 2 }, 'librarian'),
      await t.call(C.shelfUpdate, { ID: shelf2, AreaID: area1, Code: 'SC2', Name: 'x', WidthCm: 90, Faces: 1, Layers: 2, Columns: 2 }, 'librarian'),
      await t.call(C.shelfDelete, { ID: shelf2 }, 'librarian'),
      await t.call(C.positionPreview, { ShelfIDs: [shelf2] }, 'librarian'),
      await t.call(C.positionGenerate, { ShelfIDs: [shelf2] }, 'librarian'),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 403));
    expect(refused[0]!.json().message).toBe('No operation permission');
    const pos = await t.db.selectFrom('shelf_positions').select('id').where('shelf_id', '=', shelf2).executeTakeFirstOrThrow();
    expect((await t.fail(C.positionDelete, { ID: pos.id }, 'librarian')).status).toBe(403);
    expect((await t.data(C.positionList, { ShelfID: shelf2 }, 'admin')).Total).toBe(4);
    expect(await t.db.selectFrom('branches').select('id').where('school_id', '=', 1).execute()).toHaveLength(2);

    // Its own branch: allowed.
    const own = await t.data(C.locationAdd, { BranchID: b1, Code: 'OWN1', Name: '本馆新区' }, 'librarian');
    await t.data(C.locationDelete, { ID: own.ID }, 'librarian');

    // Back to every branch: seen at once (the role edit clears the cached scope).
    await scopeLibrarian({ BranchIDs: [b1, b2] });
    expect(ids(await t.call(C.branchList, {}, 'librarian'))).toEqual([b1, b2]);
  });

  it('a new branch stays within roles that reached every branch, not within limited ones', async () => {
    const r = await t.data(roleCalls.add, { Name: '一馆管理员', Permissions: ['/data-analysis', 'home.dashboard'], BranchIDs: [b1] }, 'admin');
    const limited = r.ID as number;
    const added = await t.data(C.branchAdd, { Code: 'B3', Name: '三馆' }, 'admin');
    const b3 = added.ID as number;
    expect((await librarianRole()).BranchIDs).toEqual([b1, b2, b3]);
    expect(ids(await t.call(C.branchList, {}, 'librarian')).sort((x, y) => x - y)).toEqual([b1, b2, b3]);
    const roles = (await t.data(roleCalls.list, { Rows: 100 }, 'admin')).List as Role[];
    expect(roles.find((x) => x.ID === limited)!.BranchIDs).toEqual([b1]);
    // The librarian (every branch) may also create one.
    await t.data(C.branchAdd, { Code: 'B4', Name: '四馆' }, 'librarian');
  });
});

describe('resource-type scope', () => {
  it('limits the types listed for borrowing limits and resource access, and their writes', async () => {
    const types = (await t.db.selectFrom('resource_types').select(['id', 'code']).where('school_id', '=', 1).orderBy('id').execute());
    const [t1, t2] = types as [{ id: number; code: string }, { id: number; code: string }];
    await scopeLibrarian({ ResourceTypeIDs: [t1.id] });
    expect((await t.data(B.getResourceTypes, {}, 'librarian')).map((x: { ID: string }) => x.ID)).toEqual([String(t1.id)]);
    expect(await t.data(B.getResourceTypes, {}, 'admin')).toHaveLength(types.length);
    expect(ids(await t.call(C.resourceAuthList, {}, 'librarian'))).toEqual([t1.id]);
    const access = { BorrowTeacher: true, BorrowStudent: false, BorrowParent: true, BorrowOther: true, PortalVisible: true };
    expect((await t.fail(C.resourceAuthUpdate, { ID: t2.id, ...access }, 'librarian')).status).toBe(403);
    await t.data(C.resourceAuthUpdate, { ID: t1.id, ...access }, 'librarian');

    // A group's per-type rules: the limited librarian sets those of its types only and keeps the others.
    const group = (await t.data(B.getGroups, {}, 'admin')).List.find((g: { ByResourceType: unknown[] }) => g.ByResourceType.length > 0)!;
    const others = group.ByResourceType.filter((r: { ResourceTypeID: string }) => r.ResourceTypeID !== String(t1.id));
    expect(others.length).toBeGreaterThan(0);
    const { AssignmentCount: _a, InUse: _b, ...base } = group;
    expect((await t.fail(B.updateGroup, { ...base, ByResourceType: others }, 'librarian')).status).toBe(403);
    const mine = { ResourceTypeID: String(t1.id), MaxLoans: 2, LoanDays: 10, RenewDays: 5, MaxRenewals: 1 };
    const saved = await t.data(B.updateGroup, { ...base, ByResourceType: [mine] }, 'librarian');
    expect(saved.ByResourceType).toEqual(expect.arrayContaining([mine, ...others]));
    await scopeLibrarian({ ResourceTypeIDs: [] });
    expect(await t.data(B.getResourceTypes, {}, 'librarian')).toHaveLength(types.length);
  });
});
