import { beforeAll, describe, expect, it } from 'vitest';
import { basicSetsCalls as C } from '../../shared/api/basic-sets.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();
let area1: number;
let area1b: number;
let area2: number;
beforeAll(async () => {
  const areas = await t.db.selectFrom('collection_areas').select(['id', 'school_id']).orderBy('id').execute();
  [area1, area1b] = areas.filter((a) => a.school_id === 1).map((a) => a.id) as [number, number];
  area2 = areas.find((a) => a.school_id === 2)!.id;
});

const db = () => t.db;
const count = async (table: 'shelves' | 'shelf_areas' | 'shelf_positions', school = 1) =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('school_id', '=', school).executeTakeFirstOrThrow()).n);

describe('shelf areas (书架区域)', () => {
  it('lists zones with shelf count and total width in cm', async () => {
    const r = await t.data(C.shelfAreaList, { AreaID: area1 }, 'admin');
    expect(r.List[0]).toMatchObject({ Code: 'ZA', Name: 'A区', ShelfCount: 4, TotalWidthCm: 340, InUse: true });
  });

  it('adds, updates, deletes; refuses missing area, duplicates, in-use and other schools', async () => {
    const add = await t.data(C.shelfAreaAdd, { AreaID: area1, Code: 'ZN', Name: '新区' }, 'admin');
    expect(add).toMatchObject({ ShelfCount: 0, TotalWidthCm: 0, InUse: false });
    expect((await t.data(C.shelfAreaUpdate, { ID: add.ID, AreaID: area1b, Code: 'ZN', Name: '新区2' }, 'admin')).Name).toBe('新区2');
    await t.data(C.shelfAreaDelete, { ID: add.ID }, 'admin');

    const before = await count('shelf_areas');
    expect((await t.fail(C.shelfAreaAdd, { Code: 'ZQ', Name: 'q' }, 'admin', 'en-US')).message).toBe('Please select the collection area');
    expect((await t.fail(C.shelfAreaAdd, { AreaID: area1, Code: 'ZQ', Name: '' }, 'admin')).message).toBe('请输入名称');
    expect(await t.fail(C.shelfAreaAdd, { AreaID: area1, Code: 'ZA', Name: 'dup' }, 'admin')).toMatchObject({ code: 409, message: '代码 ZA 已存在' });
    expect((await t.fail(C.shelfAreaAdd, { AreaID: area2, Code: 'ZQ', Name: 'q' }, 'admin')).status).toBe(404);
    const zone = (await t.data(C.shelfAreaList, { AreaID: area1 }, 'admin')).List[0]!;
    expect(await t.fail(C.shelfAreaDelete, { ID: zone.ID }, 'admin', 'en-US')).toMatchObject({ code: 409, message: 'This shelf area still has 4 shelves and cannot be deleted' });
    const otherZone = await db().selectFrom('shelf_areas').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect((await t.fail(C.shelfAreaDelete, { ID: otherZone.id }, 'admin')).status).toBe(404);
    expect(await count('shelf_areas')).toBe(before);
  });
});

describe('shelves (书架号) and positions (架位号)', () => {
  const shelf = { Code: 'N01', Name: '新书架', WidthCm: 80, Faces: 2, Layers: 3, Columns: 2 };

  it('adds a shelf, previews and generates its positions in one batch, re-runs create nothing', async () => {
    const add = await t.data(C.shelfAdd, { ...shelf, AreaID: area1 }, 'admin');
    expect(add).toMatchObject({ Code: 'N01', WidthCm: 80, PositionCount: 0, ShelfAreaName: '' });
    const preview = await t.data(C.positionPreview, { ShelfIDs: [add.ID] }, 'admin');
    expect(preview).toEqual([{ ShelfID: add.ID, ShelfCode: 'N01', Total: 12, New: 12, Sample: ['N01-1-1-01', 'N01-1-1-02', 'N01-1-2-01'] }]);
    expect(await count('shelf_positions')).toBe(640);
    const gen = await t.data(C.positionGenerate, { ShelfIDs: [add.ID] }, 'admin');
    expect(gen).toEqual({ Created: 12, Shelves: 1 });
    expect((await t.data(C.positionGenerate, { ShelfIDs: [add.ID] }, 'admin')).Created).toBe(0);
    const list = await t.data(C.positionList, { ShelfID: add.ID, Rows: 5 }, 'admin');
    expect(list.Total).toBe(12);
    expect(list.List[0]).toMatchObject({ Code: 'N01-1-1-01', Face: 1, Layer: 1, Column: 1, ShelfCode: 'N01' });

    // A smaller shape drops the slots outside it; a new code relabels the rest.
    const upd = await t.data(C.shelfUpdate, { ...shelf, ID: add.ID, AreaID: area1, Code: 'N02', Faces: 1 }, 'admin');
    expect(upd).toMatchObject({ Code: 'N02', PositionCount: 6 });
    const codes = (await t.data(C.positionList, { ShelfID: add.ID }, 'admin')).List.map((p: { Code: string }) => p.Code);
    expect(codes[0]).toBe('N02-1-1-01');

    const one = (await t.data(C.positionList, { ShelfID: add.ID }, 'admin')).List[0]!;
    await t.data(C.positionDelete, { ID: one.ID }, 'admin');
    await t.data(C.shelfDelete, { ID: add.ID }, 'admin');
    expect(await count('shelf_positions')).toBe(640);
  });

  it('validates the shelf: number required, width in cm, layers; duplicates; zone of another area', async () => {
    const before = await count('shelves');
    expect((await t.fail(C.shelfAdd, { ...shelf, AreaID: area1, Code: '' }, 'admin')).message).toBe('请输入书架号');
    expect((await t.fail(C.shelfAdd, { ...shelf, AreaID: area1, Code: undefined }, 'admin', 'en-US')).message).toBe('Please enter the shelf number');
    expect((await t.fail(C.shelfAdd, { ...shelf, AreaID: area1, WidthCm: 0 }, 'admin', 'en-US')).message).toBe('The shelf width must be 1–2000 cm');
    expect((await t.fail(C.shelfAdd, { ...shelf, AreaID: area1, Layers: 'five' }, 'admin')).status).toBe(400);
    expect((await t.fail(C.shelfAdd, { ...shelf, AreaID: area1, Faces: 3 }, 'admin')).status).toBe(400);
    expect(await t.fail(C.shelfAdd, { ...shelf, AreaID: area1, Code: 'A01' }, 'admin')).toMatchObject({ code: 409, message: '代码 A01 已存在' });
    const zoneB = await db().selectFrom('shelf_areas').select('id').where('area_id', '=', area1b).executeTakeFirstOrThrow();
    expect((await t.fail(C.shelfAdd, { ...shelf, AreaID: area1, ShelfAreaID: zoneB.id }, 'admin', 'en-US')).message).toBe('The shelf area must belong to the same collection area');
    expect(await count('shelves')).toBe(before);
  });

  it('refuses another school’s shelves, areas and positions; a generate batch with one foreign shelf creates nothing', async () => {
    const mine = await db().selectFrom('shelves').select('id').where('school_id', '=', 1).executeTakeFirstOrThrow();
    const theirs = await db().selectFrom('shelves').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    await db().deleteFrom('shelf_positions').where('shelf_id', '=', mine.id).execute();
    const before = await count('shelf_positions');
    expect((await t.fail(C.positionGenerate, { ShelfIDs: [mine.id, theirs.id] }, 'admin')).status).toBe(404);
    expect((await t.fail(C.positionPreview, { ShelfIDs: [theirs.id] }, 'admin')).status).toBe(404);
    expect(await count('shelf_positions')).toBe(before);
    expect((await t.fail(C.shelfAdd, { ...shelf, AreaID: area2 }, 'admin')).status).toBe(404);
    expect((await t.fail(C.shelfUpdate, { ...shelf, ID: theirs.id, AreaID: area1 }, 'admin')).status).toBe(404);
    expect((await t.fail(C.shelfDelete, { ID: theirs.id }, 'admin')).status).toBe(404);
    const pos2 = await db().selectFrom('shelf_positions').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect((await t.fail(C.positionDelete, { ID: pos2.id }, 'admin')).status).toBe(404);
    expect((await t.data(C.shelfList, {}, 'admin')).List.every((s: { ID: number }) => s.ID !== theirs.id)).toBe(true);
    expect((await t.fail(C.positionGenerate, { ShelfIDs: [] }, 'admin', 'en-US')).message).toBe('Please select at least one shelf');
    expect((await t.fail(C.shelfList, {}, { as: 'admin', school: 2 })).status).toBe(403);
  });

  it('finds shelves by code and positions by code', async () => {
    const s = await t.data(C.shelfList, { SearchKey: 'b0' }, 'admin');
    expect(s.List.every((x: { Code: string }) => x.Code.startsWith('B0'))).toBe(true);
    const p = await t.data(C.positionList, { SearchKey: 'C02-2-5' }, 'admin');
    expect(p.List.map((x: { Code: string }) => x.Code)).toEqual(['C02-2-5-01', 'C02-2-5-02']);
  });
});

describe('permissions', () => {
  const writes = [
    [C.shelfAreaAdd, { AreaID: 1, Code: 'Q', Name: 'q' }], [C.shelfAreaUpdate, { ID: 1, AreaID: 1, Code: 'Q', Name: 'q' }], [C.shelfAreaDelete, { ID: 1 }],
    [C.shelfAdd, { AreaID: 1, Code: 'Q' }], [C.shelfUpdate, { ID: 1, AreaID: 1, Code: 'Q' }], [C.shelfDelete, { ID: 1 }],
    [C.positionPreview, { ShelfIDs: [1] }], [C.positionGenerate, { ShelfIDs: [1] }], [C.positionDelete, { ID: 1 }],
  ] as const;
  it.each(writes.map(([c, input]) => [c.id, c, input] as const))('%s: teacher and reader get 403', async (_id, c, input) => {
    const before = await count('shelves');
    for (const as of ['teacher', 'student']) {
      expect(await t.fail(c, input, as, 'en-US')).toMatchObject({ status: 403, message: 'No operation permission' });
    }
    expect(await count('shelves')).toBe(before);
  });
});
