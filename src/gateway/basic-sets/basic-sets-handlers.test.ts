import { describe, expect, it } from 'vitest';
import { basicSetsCalls as C } from '../../shared/api/basic-sets.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

const db = () => t.db;
const idOf = async (table: 'branches' | 'collection_areas' | 'resource_types', school: number) =>
  (await db().selectFrom(table).select('id').where('school_id', '=', school).orderBy('id').executeTakeFirstOrThrow()).id;
const count = async (table: 'branches' | 'collection_areas' | 'resource_types' | 'resource_access', school = 1) =>
  Number((await db().selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where('school_id', '=', school).executeTakeFirstOrThrow()).n);

const branch = { Code: 'B9', Name: '科技楼分馆', EnName: 'Science building', Address: '科技楼 2 层', Contact: '林老师', Phone: '13800000000', OpenHours: '8:00-17:00', Sort: 9 };

describe('branches', () => {
  it('lists the seeded branches with their usage, scoped by school', async () => {
    const r = await t.data(C.branchList, {}, 'admin');
    expect(r.Total).toBe(2);
    expect(r.List[0]).toMatchObject({ Code: 'MAIN', Name: '总馆', InUse: true, AreaCount: 5 });
    expect(r.List[0]!.CopyCount).toBeGreaterThan(1000);
    const r2 = await t.data(C.branchList, {}, 'admin2');
    expect(r2.Total).toBe(1);
    const found = await t.data(C.branchList, { SearchKey: 'branch' }, 'admin');
    expect(found.List.map((b: { Code: string }) => b.Code)).toEqual(['BR1']);
  });

  it('adds, updates and deletes a branch', async () => {
    const add = await t.data(C.branchAdd, branch, 'admin');
    expect(add).toMatchObject({ ...branch, InUse: false, AreaCount: 0 });
    const upd = await t.data(C.branchUpdate, { ...branch, ID: add.ID, Name: '科技楼图书角' }, 'admin');
    expect(upd.Name).toBe('科技楼图书角');
    await t.data(C.branchDelete, { ID: add.ID }, 'admin');
    expect(await db().selectFrom('branches').select('id').where('id', '=', add.ID).executeTakeFirst()).toBeUndefined();
  });

  it('refuses a missing name with the required-field message in both languages, and writes nothing', async () => {
    const before = await count('branches');
    expect(await t.fail(C.branchAdd, { ...branch, Name: '' }, 'admin')).toMatchObject({ status: 400, message: '请输入分馆名称' });
    expect((await t.fail(C.branchAdd, { ...branch, Name: undefined }, 'admin', 'en-US')).message).toBe('Please enter the branch library name');
    expect((await t.fail(C.branchAdd, { ...branch, Sort: 'first' }, 'admin')).status).toBe(400);
    expect((await t.fail(C.branchAdd, { ...branch, Code: 'A B' }, 'admin', 'en-US')).message).toBe('The code may only hold letters, digits, - and _');
    expect(await count('branches')).toBe(before);
  });

  it('refuses a duplicate code and an in-use branch with clear messages', async () => {
    expect(await t.fail(C.branchAdd, { ...branch, Code: 'MAIN' }, 'admin', 'en-US')).toMatchObject({ status: 409, message: 'The code MAIN already exists' });
    const main = await idOf('branches', 1);
    expect(await t.fail(C.branchDelete, { ID: main }, 'admin')).toMatchObject({ status: 409, message: expect.stringMatching(/^该分馆下还有 5 个馆藏地、\d+ 册馆藏，不能删除$/) });
    expect(await count('branches')).toBe(2);
  });

  it('never touches another school’s branch', async () => {
    const other = await idOf('branches', 2);
    expect((await t.fail(C.branchUpdate, { ...branch, ID: other }, 'admin')).status).toBe(404);
    expect((await t.fail(C.branchDelete, { ID: other }, 'admin')).status).toBe(404);
    expect((await db().selectFrom('branches').select('name').where('id', '=', other).executeTakeFirstOrThrow()).name).toBe('总馆');
    expect((await t.fail(C.branchList, {}, { as: 'admin', school: 2 })).status).toBe(403);
  });
});

describe('collection areas', () => {
  const area = { Code: 'X1', Name: '新书展示区', EnName: 'New books', StorageArea: 2, Circulating: true, Sort: 20 };

  it('adds, moves, updates and deletes an area; filters by branch', async () => {
    const main = await idOf('branches', 1);
    const list = await t.data(C.locationList, { BranchID: main }, 'admin');
    expect(list.Total).toBe(5);
    expect(list.List[0]).toMatchObject({ BranchName: '总馆', StorageArea: 2, Circulating: true, InUse: true });
    const add = await t.data(C.locationAdd, { ...area, BranchID: main }, 'admin');
    expect(add).toMatchObject({ Code: 'X1', InUse: false, CopyCount: 0 });
    const upd = await t.data(C.locationUpdate, { ...area, ID: add.ID, BranchID: main, Circulating: false, StorageArea: 8 }, 'admin');
    expect(upd).toMatchObject({ Circulating: false, StorageArea: 8 });
    await t.data(C.locationDelete, { ID: add.ID }, 'admin');
  });

  it('requires the branch and the name; refuses storage code 7', async () => {
    const before = await count('collection_areas');
    expect((await t.fail(C.locationAdd, area, 'admin', 'en-US')).message).toBe('Please select the branch library');
    const main = await idOf('branches', 1);
    expect((await t.fail(C.locationAdd, { ...area, BranchID: main, Name: ' ' }, 'admin')).message).toBe('请选择馆藏地');
    expect((await t.fail(C.locationAdd, { ...area, BranchID: main, StorageArea: 7 }, 'admin')).status).toBe(400);
    expect(await count('collection_areas')).toBe(before);
  });

  it('refuses deleting an area with copies or shelves, and another school’s branch or area', async () => {
    const first = await idOf('collection_areas', 1);
    expect(await t.fail(C.locationDelete, { ID: first }, 'admin', 'en-US')).toMatchObject({ status: 409, message: expect.stringMatching(/still has \d+ copies and \d+ shelves/) });
    const otherBranch = await idOf('branches', 2);
    expect((await t.fail(C.locationAdd, { ...area, BranchID: otherBranch }, 'admin')).status).toBe(404);
    const otherArea = await idOf('collection_areas', 2);
    expect((await t.fail(C.locationDelete, { ID: otherArea }, 'admin')).status).toBe(404);
    expect((await t.fail(C.locationUpdate, { ...area, ID: otherArea, BranchID: await idOf('branches', 1) }, 'admin')).status).toBe(404);
  });

  it('refuses moving an area with copies to another branch', async () => {
    const rows = (await t.data(C.locationList, { BranchID: await idOf('branches', 1) }, 'admin')).List;
    const a = rows[0]!;
    const branches = (await t.data(C.branchList, {}, 'admin')).List;
    expect((await t.fail(C.locationUpdate, { ...area, ID: a.ID, Code: a.Code, Name: a.Name, BranchID: branches[1]!.ID }, 'admin')).status).toBe(409);
  });
});

describe('resource types and access', () => {
  it('seeds the five types per school and their access rows', async () => {
    const r = await t.data(C.resourceTypeList, {}, 'admin');
    expect(r.List.map((x: { Code: string }) => x.Code)).toEqual(['BOOK', 'MAG', 'PIC', 'REF', 'AV']);
    // The demo's titles are books, picture books and references: those types are in use.
    expect(r.List[0]).toMatchObject({ Name: '图书', EnName: 'Books', InUse: true });
    expect(r.List.find((x: { Code: string }) => x.Code === 'AV')).toMatchObject({ InUse: false });
    const acc = await t.data(C.resourceAuthList, {}, 'admin');
    expect(acc.List.find((x: { Code: string }) => x.Code === 'REF')).toMatchObject({ BorrowTeacher: true, BorrowStudent: false, PortalVisible: true });
  });

  it('adds a type (with open access), renames it and deletes it', async () => {
    const add = await t.data(C.resourceTypeAdd, { Code: 'EBOOK', Name: '电子书', EnName: 'E-books', Sort: 6 }, 'admin');
    expect(add).toMatchObject({ Code: 'EBOOK', InUse: false });
    const acc = (await t.data(C.resourceAuthList, {}, 'admin')).List;
    expect(acc.find((x: { Code: string }) => x.Code === 'EBOOK')).toMatchObject({ BorrowStudent: true, PortalVisible: true });
    const upd = await t.data(C.resourceTypeUpdate, { ID: add.ID, Code: 'EBOOK', Name: '电子图书', EnName: 'E-books', Sort: 6 }, 'admin');
    expect(upd.Name).toBe('电子图书');
    await t.data(C.resourceTypeDelete, { ID: add.ID }, 'admin');
    expect(await count('resource_access')).toBe(5);
  });

  it('refuses a missing name, a duplicate code, and another school’s type', async () => {
    const before = await count('resource_types');
    expect((await t.fail(C.resourceTypeAdd, { Code: 'X' }, 'admin', 'en-US')).message).toBe('Please enter the resource name');
    expect((await t.fail(C.resourceTypeAdd, { Code: 'X', Name: '' }, 'admin')).message).toBe('请输入资源名称');
    expect(await t.fail(C.resourceTypeAdd, { Code: 'BOOK', Name: '书' }, 'admin')).toMatchObject({ code: 409, message: '代码 BOOK 已存在' });
    expect(await count('resource_types')).toBe(before);
    const other = await idOf('resource_types', 2);
    expect((await t.fail(C.resourceTypeUpdate, { ID: other, Code: 'BOOK', Name: 'x' }, 'admin')).status).toBe(404);
    expect((await t.fail(C.resourceTypeDelete, { ID: other }, 'admin')).status).toBe(404);
    expect((await t.fail(C.resourceAuthUpdate, { ID: other, BorrowTeacher: false, BorrowStudent: false, BorrowParent: false, BorrowOther: false, PortalVisible: false }, 'admin')).status).toBe(404);
    expect(await count('resource_types', 2)).toBe(5);
  });

  it('updates access per identity; refuses wrong types', async () => {
    const mag = await db().selectFrom('resource_types').select('id').where('school_id', '=', 1).where('code', '=', 'MAG').executeTakeFirstOrThrow();
    const res = await t.data(C.resourceAuthUpdate, { ID: mag.id, BorrowTeacher: true, BorrowStudent: false, BorrowParent: false, BorrowOther: true, PortalVisible: false }, 'admin');
    expect(res).toMatchObject({ Code: 'MAG', BorrowStudent: false, PortalVisible: false });
    expect((await t.fail(C.resourceAuthUpdate, { ID: mag.id, BorrowTeacher: 'yes' }, 'admin')).status).toBe(400);
  });

  it('refuses deleting a type a borrowing rule uses (when that module is present)', async () => {
    const has = await db().selectFrom('migrations').select('id').where('id', 'like', '%borrow%').executeTakeFirst();
    if (!has) return;
    const book = await db().selectFrom('resource_types').select('id').where('school_id', '=', 1).where('code', '=', 'BOOK').executeTakeFirstOrThrow();
    const res = await t.call(C.resourceTypeDelete, { ID: book.id }, 'admin');
    if (res.statusCode === 409) expect(res.json().message).toMatch(/不能删除/);
  });
});

describe('library basic info', () => {
  const info = {
    Name: '北京市第一实验学校', EnName: 'Beijing No.1 Experimental School', Address: '北京市西城区实验路1号', Area: '北京市西城区',
    LearningPeriod: 'primary', AdminAccount: 'librarian', AdminName: '林书雅', ThemeColor: { bgColor: '#224466', btColor: '#3366aa' },
  };

  it('reads the unit info with the administrator defaulting to the admin role holder', async () => {
    const r = await t.data(C.basicInfoGet, {}, 'admin');
    expect(r).toMatchObject({ Code: 'BJSY01', AdminAccount: 'admin', AdminName: '周建国', LearningPeriod: 'primary' });
    expect((await t.data(C.basicInfoGet, {}, 'admin2')).Code).toBe('SHYC02');
  });

  it('saves it, and the unit info the shell reads follows (theme colours)', async () => {
    const r = await t.data(C.basicInfoUpdate, info, 'admin');
    expect(r).toMatchObject({ ...info, Code: 'BJSY01' });
    const unit = await t.data(sessionCalls.getUnitInfo, {}, 'admin');
    expect(unit.ThemeColor).toEqual(info.ThemeColor);
    const other = await t.data(sessionCalls.getUnitInfo, {}, 'admin2');
    expect(other.ThemeColor.bgColor).toBe('#7a1f3d');
  });

  it('keeps the copies per student the school is held to (a province\'s figure), refuses 0 and 501, and empty means the national figure', async () => {
    expect((await t.data(C.basicInfoGet, {}, 'admin')).BooksPerStudent).toBeNull();
    expect((await t.data(C.basicInfoUpdate, { ...info, BooksPerStudent: 40 }, 'admin')).BooksPerStudent).toBe(40);
    expect((await t.data(C.basicInfoGet, {}, 'admin')).BooksPerStudent).toBe(40);
    expect((await t.fail(C.basicInfoUpdate, { ...info, BooksPerStudent: 0 }, 'admin', 'en-US')).message).toMatch(/^Copies per student required: .*\b1\b/);
    expect((await t.fail(C.basicInfoUpdate, { ...info, BooksPerStudent: 501 }, 'admin')).message).toMatch(/500/);
    expect((await t.data(C.basicInfoGet, {}, 'admin')).BooksPerStudent).toBe(40);
    expect((await t.data(C.basicInfoUpdate, { ...info, BooksPerStudent: null }, 'admin')).BooksPerStudent).toBeNull();
  });

  it('refuses missing name/address, bad colours and an account of another school; code never changes', async () => {
    expect((await t.fail(C.basicInfoUpdate, { ...info, Name: '' }, 'admin')).message).toBe('请输入学校名称');
    expect((await t.fail(C.basicInfoUpdate, { ...info, Address: '' }, 'admin', 'en-US')).message).toBe('Please enter the address');
    expect((await t.fail(C.basicInfoUpdate, { ...info, ThemeColor: { bgColor: 'red', btColor: '#000000' } }, 'admin', 'en-US')).message).toBe('Please enter a colour as #RRGGBB');
    expect(await t.fail(C.basicInfoUpdate, { ...info, Name: 'x', AdminAccount: 'admin2' }, 'admin', 'en-US')).toMatchObject({ code: 404, message: 'This school has no account admin2' });
    await t.call(C.basicInfoUpdate, { ...info, Code: 'HACK' }, 'admin');
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
    for (const as of ['teacher', 'student']) {
      expect(await t.fail(c, input, as)).toMatchObject({ status: 403, message: '无操作权限' });
    }
    expect((await t.fail(c, input, 'teacher', 'en-US')).message).toBe('No operation permission');
  });

  it('lets the librarian write (the menus grant the keys) and nothing changed for the refused', async () => {
    const add = await t.data(C.resourceTypeAdd, { Code: 'LIB1', Name: '馆员类型' }, 'librarian');
    expect(await db().selectFrom('resource_types').select('id').where('code', '=', 'Q').executeTakeFirst()).toBeUndefined();
    await t.data(C.resourceTypeDelete, { ID: add.ID }, 'librarian');
  });

  it('refuses calls without a token', async () => {
    expect((await t.fail(C.branchList, {}, null)).status).toBe(401);
  });
});
