import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicSetsCalls as C } from '../../shared/api/basic-sets.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let student: string;
let area1: number;
let area1b: number;
let area2: number;
beforeAll(async () => {
  t = await makeTestApp();
  [admin, teacher, student] = (await Promise.all(['admin', 'teacher', 'student'].map((a) => t.tokenFor(a)))) as [string, string, string];
  const areas = await t.app.db.selectFrom('collection_areas').select(['id', 'school_id']).orderBy('id').execute();
  [area1, area1b] = areas.filter((a) => a.school_id === 1).map((a) => a.id) as [number, number];
  area2 = areas.find((a) => a.school_id === 2)!.id;
});
afterAll(() => t.close());

const db = () => t.app.db;
const count = async (table: 'shelves' | 'shelf_areas' | 'shelf_positions', school = 1) =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('school_id', '=', school).executeTakeFirstOrThrow()).n);

describe('shelf areas (书架区域)', () => {
  it('lists zones with shelf count and total width in cm', async () => {
    const r = (await t.call(C.shelfAreaList, { AreaID: area1 }, { token: admin })).json().data;
    expect(r.List[0]).toMatchObject({ Code: 'ZA', Name: 'A区', ShelfCount: 4, TotalWidthCm: 340, InUse: true });
  });

  it('adds, updates, deletes; refuses missing area, duplicates, in-use and other schools', async () => {
    const add = (await t.call(C.shelfAreaAdd, { AreaID: area1, Code: 'ZN', Name: '新区' }, { token: admin })).json();
    expect(add).toMatchObject({ code: 0, data: { ShelfCount: 0, TotalWidthCm: 0, InUse: false } });
    expect((await t.call(C.shelfAreaUpdate, { ID: add.data.ID, AreaID: area1b, Code: 'ZN', Name: '新区2' }, { token: admin })).json().data.Name).toBe('新区2');
    expect((await t.call(C.shelfAreaDelete, { ID: add.data.ID }, { token: admin })).json().code).toBe(0);

    const before = await count('shelf_areas');
    expect((await t.call(C.shelfAreaAdd, { Code: 'ZQ', Name: 'q' }, { token: admin, lang: 'en-US' })).json().message).toBe('Please select the collection area');
    expect((await t.call(C.shelfAreaAdd, { AreaID: area1, Code: 'ZQ', Name: '' }, { token: admin })).json().message).toBe('请输入名称');
    expect((await t.call(C.shelfAreaAdd, { AreaID: area1, Code: 'ZA', Name: 'dup' }, { token: admin })).json()).toMatchObject({ code: 409, message: '代码 ZA 已存在' });
    expect((await t.call(C.shelfAreaAdd, { AreaID: area2, Code: 'ZQ', Name: 'q' }, { token: admin })).statusCode).toBe(404);
    const zone = (await t.call(C.shelfAreaList, { AreaID: area1 }, { token: admin })).json().data.List[0];
    const used = await t.call(C.shelfAreaDelete, { ID: zone.ID }, { token: admin, lang: 'en-US' });
    expect(used.json()).toMatchObject({ code: 409, message: 'This shelf area still has 4 shelves and cannot be deleted' });
    const otherZone = await db().selectFrom('shelf_areas').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect((await t.call(C.shelfAreaDelete, { ID: otherZone.id }, { token: admin })).statusCode).toBe(404);
    expect(await count('shelf_areas')).toBe(before);
  });
});

describe('shelves (书架号) and positions (架位号)', () => {
  const shelf = { Code: 'N01', Name: '新书架', WidthCm: 80, Faces: 2, Layers: 3, Columns: 2 };

  it('adds a shelf, previews and generates its positions in one batch, re-runs create nothing', async () => {
    const add = (await t.call(C.shelfAdd, { ...shelf, AreaID: area1 }, { token: admin })).json();
    expect(add).toMatchObject({ code: 0, data: { Code: 'N01', WidthCm: 80, PositionCount: 0, ShelfAreaName: '' } });
    const preview = (await t.call(C.positionPreview, { ShelfIDs: [add.data.ID] }, { token: admin })).json().data;
    expect(preview).toEqual([{ ShelfID: add.data.ID, ShelfCode: 'N01', Total: 12, New: 12, Sample: ['N01-1-1-01', 'N01-1-1-02', 'N01-1-2-01'] }]);
    expect(await count('shelf_positions')).toBe(640);
    const gen = (await t.call(C.positionGenerate, { ShelfIDs: [add.data.ID] }, { token: admin })).json();
    expect(gen.data).toEqual({ Created: 12, Shelves: 1 });
    expect((await t.call(C.positionGenerate, { ShelfIDs: [add.data.ID] }, { token: admin })).json().data.Created).toBe(0);
    const list = (await t.call(C.positionList, { ShelfID: add.data.ID, Rows: 5 }, { token: admin })).json().data;
    expect(list.Total).toBe(12);
    expect(list.List[0]).toMatchObject({ Code: 'N01-1-1-01', Face: 1, Layer: 1, Column: 1, ShelfCode: 'N01' });

    // A smaller shape drops the slots outside it; a new code relabels the rest.
    const upd = (await t.call(C.shelfUpdate, { ...shelf, ID: add.data.ID, AreaID: area1, Code: 'N02', Faces: 1 }, { token: admin })).json();
    expect(upd.data).toMatchObject({ Code: 'N02', PositionCount: 6 });
    const codes = (await t.call(C.positionList, { ShelfID: add.data.ID }, { token: admin })).json().data.List.map((p: { Code: string }) => p.Code);
    expect(codes[0]).toBe('N02-1-1-01');

    const one = (await t.call(C.positionList, { ShelfID: add.data.ID }, { token: admin })).json().data.List[0];
    expect((await t.call(C.positionDelete, { ID: one.ID }, { token: admin })).json().code).toBe(0);
    expect((await t.call(C.shelfDelete, { ID: add.data.ID }, { token: admin })).json().code).toBe(0);
    expect(await count('shelf_positions')).toBe(640);
  });

  it('validates the shelf: number required, width in cm, layers; duplicates; zone of another area', async () => {
    const before = await count('shelves');
    expect((await t.call(C.shelfAdd, { ...shelf, AreaID: area1, Code: '' }, { token: admin })).json().message).toBe('请输入书架号');
    expect((await t.call(C.shelfAdd, { ...shelf, AreaID: area1, Code: undefined }, { token: admin, lang: 'en-US' })).json().message).toBe('Please enter the shelf number');
    expect((await t.call(C.shelfAdd, { ...shelf, AreaID: area1, WidthCm: 0 }, { token: admin, lang: 'en-US' })).json().message).toBe('The shelf width must be 1–2000 cm');
    expect((await t.call(C.shelfAdd, { ...shelf, AreaID: area1, Layers: 'five' }, { token: admin })).statusCode).toBe(400);
    expect((await t.call(C.shelfAdd, { ...shelf, AreaID: area1, Faces: 3 }, { token: admin })).statusCode).toBe(400);
    expect((await t.call(C.shelfAdd, { ...shelf, AreaID: area1, Code: 'A01' }, { token: admin })).json()).toMatchObject({ code: 409, message: '代码 A01 已存在' });
    const zoneB = await db().selectFrom('shelf_areas').select('id').where('area_id', '=', area1b).executeTakeFirstOrThrow();
    expect((await t.call(C.shelfAdd, { ...shelf, AreaID: area1, ShelfAreaID: zoneB.id }, { token: admin, lang: 'en-US' })).json().message).toBe('The shelf area must belong to the same collection area');
    expect(await count('shelves')).toBe(before);
  });

  it('refuses another school’s shelves, areas and positions; a generate batch with one foreign shelf creates nothing', async () => {
    const mine = await db().selectFrom('shelves').select('id').where('school_id', '=', 1).executeTakeFirstOrThrow();
    const theirs = await db().selectFrom('shelves').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    await db().deleteFrom('shelf_positions').where('shelf_id', '=', mine.id).execute();
    const before = await count('shelf_positions');
    expect((await t.call(C.positionGenerate, { ShelfIDs: [mine.id, theirs.id] }, { token: admin })).statusCode).toBe(404);
    expect((await t.call(C.positionPreview, { ShelfIDs: [theirs.id] }, { token: admin })).statusCode).toBe(404);
    expect(await count('shelf_positions')).toBe(before);
    expect((await t.call(C.shelfAdd, { ...shelf, AreaID: area2 }, { token: admin })).statusCode).toBe(404);
    expect((await t.call(C.shelfUpdate, { ...shelf, ID: theirs.id, AreaID: area1 }, { token: admin })).statusCode).toBe(404);
    expect((await t.call(C.shelfDelete, { ID: theirs.id }, { token: admin })).statusCode).toBe(404);
    const pos2 = await db().selectFrom('shelf_positions').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect((await t.call(C.positionDelete, { ID: pos2.id }, { token: admin })).statusCode).toBe(404);
    expect((await t.call(C.shelfList, {}, { token: admin })).json().data.List.every((s: { ID: number }) => s.ID !== theirs.id)).toBe(true);
    expect((await t.call(C.positionGenerate, { ShelfIDs: [] }, { token: admin, lang: 'en-US' })).json().message).toBe('Please select at least one shelf');
    expect((await t.call(C.shelfList, {}, { token: admin, school: 2 })).statusCode).toBe(403);
  });

  it('finds shelves by code and positions by code', async () => {
    const s = (await t.call(C.shelfList, { SearchKey: 'b0' }, { token: admin })).json().data;
    expect(s.List.every((x: { Code: string }) => x.Code.startsWith('B0'))).toBe(true);
    const p = (await t.call(C.positionList, { SearchKey: 'C02-2-5' }, { token: admin })).json().data;
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
    for (const token of [teacher, student]) {
      const res = await t.call(c, input, { token, lang: 'en-US' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('No operation permission');
    }
    expect(await count('shelves')).toBe(before);
  });
});
