import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basicSetsCalls as C } from '../../shared/api/basic-sets.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: string;
let admin2: string;
let teacher: string;
let student: string;
beforeAll(async () => {
  t = await makeTestApp();
  [admin, admin2, teacher, student] = (await Promise.all(['admin', 'admin2', 'teacher', 'student'].map((a) => t.tokenFor(a)))) as [string, string, string, string];
});
afterAll(() => t.close());

const db = () => t.app.db;
const idOf = async (table: 'branches' | 'collection_areas' | 'resource_types', school: number) =>
  (await db().selectFrom(table).select('id').where('school_id', '=', school).orderBy('id').executeTakeFirstOrThrow()).id;
const count = async (table: 'branches' | 'collection_areas' | 'resource_types' | 'resource_access', school = 1) =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('school_id', '=', school).executeTakeFirstOrThrow()).n);

const branch = { Code: 'B9', Name: '科技楼分馆', EnName: 'Science building', Address: '科技楼 2 层', Contact: '林老师', Phone: '13800000000', OpenHours: '8:00-17:00', Sort: 9 };

describe('branches', () => {
  it('lists the seeded branches with their usage, scoped by school', async () => {
    const r = (await t.call(C.branchList, {}, { token: admin })).json();
    expect(r.data.Total).toBe(2);
    expect(r.data.List[0]).toMatchObject({ Code: 'MAIN', Name: '总馆', InUse: true, AreaCount: 5 });
    expect(r.data.List[0].CopyCount).toBeGreaterThan(1000);
    const r2 = (await t.call(C.branchList, {}, { token: admin2 })).json();
    expect(r2.data.Total).toBe(1);
    const found = (await t.call(C.branchList, { SearchKey: 'branch' }, { token: admin })).json();
    expect(found.data.List.map((b: { Code: string }) => b.Code)).toEqual(['BR1']);
  });

  it('adds, updates and deletes a branch', async () => {
    const add = (await t.call(C.branchAdd, branch, { token: admin })).json();
    expect(add).toMatchObject({ code: 0, data: { ...branch, InUse: false, AreaCount: 0 } });
    const upd = (await t.call(C.branchUpdate, { ...branch, ID: add.data.ID, Name: '科技楼图书角' }, { token: admin })).json();
    expect(upd.data.Name).toBe('科技楼图书角');
    expect((await t.call(C.branchDelete, { ID: add.data.ID }, { token: admin })).json()).toMatchObject({ code: 0 });
    expect(await db().selectFrom('branches').select('id').where('id', '=', add.data.ID).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a missing name with the required-field message in both languages, and writes nothing', async () => {
    const before = await count('branches');
    const zh = await t.call(C.branchAdd, { ...branch, Name: '' }, { token: admin });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toBe('请输入分馆名称');
    const en = await t.call(C.branchAdd, { ...branch, Name: undefined }, { token: admin, lang: 'en-US' });
    expect(en.json().message).toBe('Please enter the branch library name');
    const wrongType = await t.call(C.branchAdd, { ...branch, Sort: 'first' }, { token: admin });
    expect(wrongType.statusCode).toBe(400);
    const badCode = await t.call(C.branchAdd, { ...branch, Code: 'A B' }, { token: admin, lang: 'en-US' });
    expect(badCode.json().message).toBe('The code may only hold letters, digits, - and _');
    expect(await count('branches')).toBe(before);
  });

  it('refuses a duplicate code and an in-use branch with clear messages', async () => {
    const dup = await t.call(C.branchAdd, { ...branch, Code: 'MAIN' }, { token: admin, lang: 'en-US' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('The code MAIN already exists');
    const main = await idOf('branches', 1);
    const used = await t.call(C.branchDelete, { ID: main }, { token: admin });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/^该分馆下还有 5 个馆藏地、\d+ 册馆藏，不能删除$/);
    expect(await count('branches')).toBe(2);
  });

  it('never touches another school’s branch', async () => {
    const other = await idOf('branches', 2);
    expect((await t.call(C.branchUpdate, { ...branch, ID: other }, { token: admin })).statusCode).toBe(404);
    expect((await t.call(C.branchDelete, { ID: other }, { token: admin })).statusCode).toBe(404);
    expect((await db().selectFrom('branches').select('name').where('id', '=', other).executeTakeFirstOrThrow()).name).toBe('总馆');
    const mismatch = await t.call(C.branchList, {}, { token: admin, school: 2 });
    expect(mismatch.statusCode).toBe(403);
  });
});

describe('collection areas', () => {
  const area = { Code: 'X1', Name: '新书展示区', EnName: 'New books', StorageArea: 2, Circulating: true, Sort: 20 };

  it('adds, moves, updates and deletes an area; filters by branch', async () => {
    const main = await idOf('branches', 1);
    const list = (await t.call(C.locationList, { BranchID: main }, { token: admin })).json();
    expect(list.data.Total).toBe(5);
    expect(list.data.List[0]).toMatchObject({ BranchName: '总馆', StorageArea: 2, Circulating: true, InUse: true });
    const add = (await t.call(C.locationAdd, { ...area, BranchID: main }, { token: admin })).json();
    expect(add).toMatchObject({ code: 0, data: { Code: 'X1', InUse: false, CopyCount: 0 } });
    const upd = (await t.call(C.locationUpdate, { ...area, ID: add.data.ID, BranchID: main, Circulating: false, StorageArea: 8 }, { token: admin })).json();
    expect(upd.data).toMatchObject({ Circulating: false, StorageArea: 8 });
    expect((await t.call(C.locationDelete, { ID: add.data.ID }, { token: admin })).json().code).toBe(0);
  });

  it('requires the branch and the name; refuses storage code 7', async () => {
    const before = await count('collection_areas');
    const noBranch = await t.call(C.locationAdd, area, { token: admin, lang: 'en-US' });
    expect(noBranch.json().message).toBe('Please select the branch library');
    const main = await idOf('branches', 1);
    const noName = await t.call(C.locationAdd, { ...area, BranchID: main, Name: ' ' }, { token: admin });
    expect(noName.json().message).toBe('请选择馆藏地');
    expect((await t.call(C.locationAdd, { ...area, BranchID: main, StorageArea: 7 }, { token: admin })).statusCode).toBe(400);
    expect(await count('collection_areas')).toBe(before);
  });

  it('refuses deleting an area with copies or shelves, and another school’s branch or area', async () => {
    const first = await idOf('collection_areas', 1);
    const used = await t.call(C.locationDelete, { ID: first }, { token: admin, lang: 'en-US' });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toMatch(/still has \d+ copies and \d+ shelves/);
    const otherBranch = await idOf('branches', 2);
    expect((await t.call(C.locationAdd, { ...area, BranchID: otherBranch }, { token: admin })).statusCode).toBe(404);
    const otherArea = await idOf('collection_areas', 2);
    expect((await t.call(C.locationDelete, { ID: otherArea }, { token: admin })).statusCode).toBe(404);
    expect((await t.call(C.locationUpdate, { ...area, ID: otherArea, BranchID: await idOf('branches', 1) }, { token: admin })).statusCode).toBe(404);
  });

  it('refuses moving an area with copies to another branch', async () => {
    const rows = (await t.call(C.locationList, { BranchID: await idOf('branches', 1) }, { token: admin })).json().data.List;
    const a = rows[0];
    const branches = (await t.call(C.branchList, {}, { token: admin })).json().data.List;
    const res = await t.call(C.locationUpdate, { ...area, ID: a.ID, Code: a.Code, Name: a.Name, BranchID: branches[1].ID }, { token: admin });
    expect(res.statusCode).toBe(409);
  });
});

describe('resource types and access', () => {
  it('seeds the five types per school and their access rows', async () => {
    const r = (await t.call(C.resourceTypeList, {}, { token: admin })).json().data;
    expect(r.List.map((x: { Code: string }) => x.Code)).toEqual(['BOOK', 'MAG', 'PIC', 'REF', 'AV']);
    expect(r.List[0]).toMatchObject({ Name: '图书', EnName: 'Books', InUse: false });
    const acc = (await t.call(C.resourceAuthList, {}, { token: admin })).json().data;
    expect(acc.List.find((x: { Code: string }) => x.Code === 'REF')).toMatchObject({ BorrowTeacher: true, BorrowStudent: false, PortalVisible: true });
  });

  it('adds a type (with open access), renames it and deletes it', async () => {
    const add = (await t.call(C.resourceTypeAdd, { Code: 'EBOOK', Name: '电子书', EnName: 'E-books', Sort: 6 }, { token: admin })).json();
    expect(add).toMatchObject({ code: 0, data: { Code: 'EBOOK', InUse: false } });
    const acc = (await t.call(C.resourceAuthList, {}, { token: admin })).json().data.List;
    expect(acc.find((x: { Code: string }) => x.Code === 'EBOOK')).toMatchObject({ BorrowStudent: true, PortalVisible: true });
    const upd = (await t.call(C.resourceTypeUpdate, { ID: add.data.ID, Code: 'EBOOK', Name: '电子图书', EnName: 'E-books', Sort: 6 }, { token: admin })).json();
    expect(upd.data.Name).toBe('电子图书');
    expect((await t.call(C.resourceTypeDelete, { ID: add.data.ID }, { token: admin })).json().code).toBe(0);
    expect(await count('resource_access')).toBe(5);
  });

  it('refuses a missing name, a duplicate code, and another school’s type', async () => {
    const before = await count('resource_types');
    const noName = await t.call(C.resourceTypeAdd, { Code: 'X' }, { token: admin, lang: 'en-US' });
    expect(noName.json().message).toBe('Please enter the resource name');
    const noNameZh = await t.call(C.resourceTypeAdd, { Code: 'X', Name: '' }, { token: admin });
    expect(noNameZh.json().message).toBe('请输入资源名称');
    const dup = await t.call(C.resourceTypeAdd, { Code: 'BOOK', Name: '书' }, { token: admin });
    expect(dup.json()).toMatchObject({ code: 409, message: '代码 BOOK 已存在' });
    expect(await count('resource_types')).toBe(before);
    const other = await idOf('resource_types', 2);
    expect((await t.call(C.resourceTypeUpdate, { ID: other, Code: 'BOOK', Name: 'x' }, { token: admin })).statusCode).toBe(404);
    expect((await t.call(C.resourceTypeDelete, { ID: other }, { token: admin })).statusCode).toBe(404);
    expect((await t.call(C.resourceAuthUpdate, { ID: other, BorrowTeacher: false, BorrowStudent: false, BorrowParent: false, BorrowOther: false, PortalVisible: false }, { token: admin })).statusCode).toBe(404);
    expect(await count('resource_types', 2)).toBe(5);
  });

  it('updates access per identity; refuses wrong types', async () => {
    const mag = await db().selectFrom('resource_types').select('id').where('school_id', '=', 1).where('code', '=', 'MAG').executeTakeFirstOrThrow();
    const res = (await t.call(C.resourceAuthUpdate, { ID: mag.id, BorrowTeacher: true, BorrowStudent: false, BorrowParent: false, BorrowOther: true, PortalVisible: false }, { token: admin })).json();
    expect(res.data).toMatchObject({ Code: 'MAG', BorrowStudent: false, PortalVisible: false });
    const bad = await t.call(C.resourceAuthUpdate, { ID: mag.id, BorrowTeacher: 'yes' }, { token: admin });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses deleting a type a borrowing rule uses (when that module is present)', async () => {
    const has = await db().selectFrom('migrations').select('id').where('id', 'like', '%borrow%').executeTakeFirst();
    if (!has) return;
    const book = await db().selectFrom('resource_types').select('id').where('school_id', '=', 1).where('code', '=', 'BOOK').executeTakeFirstOrThrow();
    const res = await t.call(C.resourceTypeDelete, { ID: book.id }, { token: admin });
    if (res.statusCode === 409) expect(res.json().message).toMatch(/不能删除/);
  });
});

describe('library basic info', () => {
  const info = {
    Name: '北京市第一实验学校', EnName: 'Beijing No.1 Experimental School', Address: '北京市西城区实验路1号', Area: '北京市西城区',
    LearningPeriod: 'primary', AdminAccount: 'librarian', AdminName: '林书雅', ThemeColor: { bgColor: '#224466', btColor: '#3366aa' },
  };

  it('reads the unit info with the administrator defaulting to the admin role holder', async () => {
    const r = (await t.call(C.basicInfoGet, {}, { token: admin })).json();
    expect(r.data).toMatchObject({ Code: 'BJSY01', AdminAccount: 'admin', AdminName: '周建国', LearningPeriod: 'primary' });
    expect((await t.call(C.basicInfoGet, {}, { token: admin2 })).json().data.Code).toBe('SHYC02');
  });

  it('saves it, and the unit info the shell reads follows (theme colours)', async () => {
    const r = (await t.call(C.basicInfoUpdate, info, { token: admin })).json();
    expect(r.data).toMatchObject({ ...info, Code: 'BJSY01' });
    const unit = (await t.call(sessionCalls.getUnitInfo, {}, { token: admin })).json().data;
    expect(unit.ThemeColor).toEqual(info.ThemeColor);
    const other = (await t.call(sessionCalls.getUnitInfo, {}, { token: admin2 })).json().data;
    expect(other.ThemeColor.bgColor).toBe('#7a1f3d');
  });

  it('refuses missing name/address, bad colours and an account of another school; code never changes', async () => {
    expect((await t.call(C.basicInfoUpdate, { ...info, Name: '' }, { token: admin })).json().message).toBe('请输入学校名称');
    expect((await t.call(C.basicInfoUpdate, { ...info, Address: '' }, { token: admin, lang: 'en-US' })).json().message).toBe('Please enter the address');
    expect((await t.call(C.basicInfoUpdate, { ...info, ThemeColor: { bgColor: 'red', btColor: '#000000' } }, { token: admin, lang: 'en-US' })).json().message).toBe('Please enter a colour as #RRGGBB');
    const foreign = await t.call(C.basicInfoUpdate, { ...info, Name: 'x', AdminAccount: 'admin2' }, { token: admin, lang: 'en-US' });
    expect(foreign.json()).toMatchObject({ code: 404, message: 'This school has no account admin2' });
    await t.call(C.basicInfoUpdate, { ...info, Code: 'HACK' }, { token: admin });
    const s = await db().selectFrom('schools').select(['code', 'name']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(s).toEqual({ code: 'BJSY01', name: info.Name });
  });
});

describe('permissions', () => {
  const writes = [
    [C.branchAdd, branch], [C.branchUpdate, { ...branch, ID: 1 }], [C.branchDelete, { ID: 1 }],
    [C.locationAdd, { BranchID: 1, Code: 'Q', Name: 'q' }], [C.locationUpdate, { ID: 1, BranchID: 1, Code: 'Q', Name: 'q' }], [C.locationDelete, { ID: 1 }],
    [C.resourceTypeAdd, { Code: 'Q', Name: 'q' }], [C.resourceTypeUpdate, { ID: 1, Code: 'Q', Name: 'q' }], [C.resourceTypeDelete, { ID: 1 }],
    [C.resourceAuthUpdate, { ID: 1, BorrowTeacher: true, BorrowStudent: true, BorrowParent: true, BorrowOther: true, PortalVisible: true }],
    [C.basicInfoUpdate, { Name: 'x', Address: 'y', LearningPeriod: 'primary', AdminAccount: 'teacher', AdminName: 'x', ThemeColor: { bgColor: '#000000', btColor: '#000000' } }],
  ] as const;

  it.each(writes.map(([c, input]) => [c.id, c, input] as const))('%s: teacher and reader get 403 "no operation permission"', async (_id, c, input) => {
    for (const token of [teacher, student]) {
      const res = await t.call(c, input, { token });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('无操作权限');
    }
    const en = await t.call(c, input, { token: teacher, lang: 'en-US' });
    expect(en.json().message).toBe('No operation permission');
  });

  it('lets the librarian write (the menus grant the keys) and nothing changed for the refused', async () => {
    const lib = await t.tokenFor('librarian');
    const add = (await t.call(C.resourceTypeAdd, { Code: 'LIB1', Name: '馆员类型' }, { token: lib })).json();
    expect(add.code).toBe(0);
    expect(await db().selectFrom('resource_types').select('id').where('code', '=', 'Q').executeTakeFirst()).toBeUndefined();
    expect((await t.call(C.resourceTypeDelete, { ID: add.data.ID }, { token: lib })).json().code).toBe(0);
  });

  it('refuses calls without a token', async () => {
    expect((await t.call(C.branchList, {})).statusCode).toBe(401);
  });
});
