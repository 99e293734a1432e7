import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readerCalls } from '../../shared/api/readers.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: string;
let admin2: string;
beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.tokenFor('admin');
  admin2 = await t.tokenFor('admin2');
});
afterAll(() => t.close());

const count = async () => Number((await t.app.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const school2Reader = () => t.app.db.selectFrom('users').select(['id', 'reader_id']).where('school_id', '=', 2).orderBy('id').executeTakeFirstOrThrow();
const someClass = () => t.app.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('kind', '=', 'class').orderBy('id').executeTakeFirstOrThrow();

const newReader = (over: Record<string, unknown> = {}) => ({
  Account: 'zhang_test', Name: '张晓明', ReaderID: 'T0001', Identity: 'student', Phone: '13812345678', Sex: 'male', ...over,
});

describe('reader list and search', () => {
  it('pages, masks phones and searches by name, pinyin, initials and card number', async () => {
    const page = (await t.call(readerCalls.getUserList, { Page: 1, Rows: 5 }, { token: admin })).json().data;
    expect(page.List).toHaveLength(5);
    expect(page.Total).toBeGreaterThan(700);
    for (const r of page.List) expect(r.Phone).toMatch(/^1\d{2}\*{4}\d{4}$/);

    const one = page.List[0];
    const byCard = (await t.call(readerCalls.getUserList, { SearchKey: one.ReaderID }, { token: admin })).json().data;
    expect(byCard.List.map((r: { ID: number }) => r.ID)).toContain(one.ID);
    const row = await t.app.db.selectFrom('users').select(['pinyin', 'initials']).where('id', '=', one.ID).executeTakeFirstOrThrow();
    for (const key of [one.Name, row.pinyin, row.initials.toUpperCase()]) {
      const hits = (await t.call(readerCalls.getUserList, { SearchKey: key, Rows: 100 }, { token: admin })).json().data;
      expect(hits.List.map((r: { ID: number }) => r.ID)).toContain(one.ID);
    }
    const teachers = (await t.call(readerCalls.getUserList, { Identity: 'teacher', Rows: 100 }, { token: admin })).json().data;
    expect(teachers.List.every((r: { Identity: string }) => r.Identity === 'teacher')).toBe(true);
    const simple = (await t.call(readerCalls.getUserSimpleAll, { Identity: 'parent' }, { token: admin })).json().data;
    expect(simple.length).toBeGreaterThan(0);
    expect(Object.keys(simple[0]).sort()).toEqual(['DeptID', 'ID', 'Identity', 'Name', 'ReaderID']);
  });

  it('never lists another school and refuses roles without the reader menu (403)', async () => {
    const other = await school2Reader();
    const hits = (await t.call(readerCalls.getUserList, { SearchKey: other.reader_id }, { token: admin })).json().data;
    expect(hits.List.every((r: { ID: number }) => r.ID !== other.id)).toBe(true);
    expect((await t.call(readerCalls.getReader, { ID: other.id }, { token: admin })).statusCode).toBe(404);
    for (const account of ['teacher', 'student']) {
      const token = await t.tokenFor(account);
      expect((await t.call(readerCalls.getUserList, {}, { token })).statusCode).toBe(403);
      expect((await t.call(readerCalls.getUserSimpleAll, {}, { token })).statusCode).toBe(403);
      expect((await t.call(readerCalls.getReader, { ID: other.id }, { token })).statusCode).toBe(403);
    }
    expect((await t.call(readerCalls.getUserList, {}, { token: await t.tokenFor('librarian') })).statusCode).toBe(200);
  });
});

describe('reader add / update / get / delete', () => {
  it('adds a reader with pinyin and the default role, shows the full phone only to editors', async () => {
    const dept = await someClass();
    const res = await t.call(readerCalls.addReader, newReader({ DeptID: dept.id, ExpireAt: '2029-08-31', Birthday: '2015-03-02' }), { token: admin });
    expect(res.json()).toMatchObject({ code: 0, data: { Name: '张晓明', ReaderID: 'T0001', Phone: '138****5678', Roles: '读者', ExpireAt: '2029-08-31', Status: 'active' } });
    const id = res.json().data.ID as number;
    const stored = await t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ pinyin: 'zhangxiaoming', initials: 'zxm', phone: '13812345678', school_id: 1, password_hash: null });
    const full = (await t.call(readerCalls.getReader, { ID: id }, { token: admin })).json().data;
    expect(full).toMatchObject({ Phone: '13812345678', Parents: [] });
    const hits = (await t.call(readerCalls.getUserList, { SearchKey: 'zxm' }, { token: admin })).json().data;
    expect(hits.List.some((r: { ID: number }) => r.ID === id)).toBe(true);
  });

  it('refuses bad input with the spec messages and writes nothing', async () => {
    const before = await count();
    const noPhone = await t.call(readerCalls.addReader, newReader({ Phone: '', ReaderID: 'T0002', Account: 'a2' }), { token: admin });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe('请填写手机号码');
    const badPhone = await t.call(readerCalls.addReader, newReader({ Phone: '12812345678', ReaderID: 'T0002', Account: 'a2' }), { token: admin, lang: 'en-US' });
    expect(badPhone.json().message).toBe('Please fill in the correct phone number');
    const noName = await t.call(readerCalls.addReader, newReader({ Name: ' ', ReaderID: 'T0002', Account: 'a2' }), { token: admin });
    expect(noName.json().message).toBe('请输入名称');
    const noIdentity = await t.call(readerCalls.addReader, newReader({ Identity: 'alien', ReaderID: 'T0002', Account: 'a2' }), { token: admin });
    expect(noIdentity.json().message).toBe('请选择身份');
    const dupCard = await t.call(readerCalls.addReader, newReader({ Account: 'a3' }), { token: admin });
    expect(dupCard.statusCode).toBe(409);
    expect(dupCard.json().message).toBe('该读者证号已被使用');
    const dupAccount = await t.call(readerCalls.addReader, newReader({ ReaderID: 'T0003', Account: 'admin2' }), { token: admin, lang: 'en-US' });
    expect(dupAccount.json().message).toBe('This account is already in use');
    const otherDept = await t.app.db.selectFrom('departments').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    const foreignDept = await t.call(readerCalls.addReader, newReader({ ReaderID: 'T0004', Account: 'a4', DeptID: otherDept.id }), { token: admin });
    expect(foreignDept.json().message).toBe('部门或班级不存在');
    const badPhoto = await t.call(readerCalls.addReader, newReader({ ReaderID: 'T0005', Account: 'a5', Photo: '../../etc/passwd' }), { token: admin });
    expect(badPhoto.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('updates a reader of the school; another school\'s id is not found and unchanged', async () => {
    const r = (await t.call(readerCalls.addReader, newReader({ ReaderID: 'T0010', Account: 'upd_me' }), { token: admin })).json().data;
    const upd = await t.call(readerCalls.updateReader, { ...newReader({ ReaderID: 'T0010', Account: 'upd_me' }), ID: r.ID, Name: '李四', Status: 'disabled' }, { token: admin });
    expect(upd.json()).toMatchObject({ code: 0, data: { Name: '李四', Status: 'disabled' } });
    const other = await school2Reader();
    const foreign = await t.call(readerCalls.updateReader, { ...newReader({ ReaderID: 'X1', Account: 'x1' }), ID: other.id }, { token: admin });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.db.selectFrom('users').select('reader_id').where('id', '=', other.id).executeTakeFirstOrThrow()).reader_id).toBe(other.reader_id);
    const taken = await t.call(readerCalls.updateReader, { ...newReader({ ReaderID: 'T0001', Account: 'upd_me' }), ID: r.ID }, { token: admin });
    expect(taken.statusCode).toBe(409);
  });

  it('deletes a reader without loans; refuses readers with loans, itself and other schools', async () => {
    const r = (await t.call(readerCalls.addReader, newReader({ ReaderID: 'T0020', Account: 'del_me' }), { token: admin })).json().data;
    expect((await t.call(readerCalls.deleteReader, { ID: r.ID }, { token: admin })).json()).toMatchObject({ code: 0 });
    expect(await t.app.db.selectFrom('users').select('id').where('id', '=', r.ID).executeTakeFirst()).toBeUndefined();
    const withLoan = await t.app.db.selectFrom('loans').select('user_id').where('school_id', '=', 1).executeTakeFirstOrThrow();
    const refused = await t.call(readerCalls.deleteReader, { ID: withLoan.user_id }, { token: admin });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('借阅记录');
    const me = await t.app.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
    expect((await t.call(readerCalls.deleteReader, { ID: me.id }, { token: admin })).statusCode).toBe(409);
    const other = await school2Reader();
    expect((await t.call(readerCalls.deleteReader, { ID: other.id }, { token: admin })).statusCode).toBe(404);
  });

  it('refuses every write to teacher and reader roles with 403', async () => {
    const target = (await t.call(readerCalls.addReader, newReader({ ReaderID: 'T0030', Account: 'perm_t' }), { token: admin })).json().data;
    for (const account of ['teacher', 'student']) {
      const token = await t.tokenFor(account);
      expect((await t.call(readerCalls.addReader, newReader({ ReaderID: 'T0031', Account: 'p1' }), { token })).statusCode).toBe(403);
      expect((await t.call(readerCalls.updateReader, { ...newReader({ ReaderID: 'T0030', Account: 'perm_t' }), ID: target.ID }, { token })).statusCode).toBe(403);
      expect((await t.call(readerCalls.deleteReader, { ID: target.ID }, { token })).statusCode).toBe(403);
      expect((await t.call(readerCalls.updateStudentParents, { StudentID: target.ID, ParentIDs: [] }, { token })).statusCode).toBe(403);
    }
  });
});

describe('student parents', () => {
  it('links parents of the same school to a student and lists them in the detail', async () => {
    const student = (await t.call(readerCalls.addReader, newReader({ ReaderID: 'T0040', Account: 'stu40' }), { token: admin })).json().data;
    const parents = await t.app.db.selectFrom('users').select('id').where('school_id', '=', 1).where('identity', '=', 'parent').orderBy('id').limit(2).execute();
    const res = await t.call(readerCalls.updateStudentParents, { StudentID: student.ID, ParentIDs: parents.map((p) => p.id) }, { token: admin });
    expect(res.json().data.Parents.map((p: { ID: number }) => p.ID)).toEqual(parents.map((p) => p.id));
    expect(res.json().data.Parents[0].Phone).toMatch(/\*{4}/);
    const detail = (await t.call(readerCalls.getReader, { ID: student.ID }, { token: admin })).json().data;
    expect(detail.Parents).toHaveLength(2);
    expect(detail.Children).toEqual([]);
    // The parent's detail lists the child.
    const parentDetail = (await t.call(readerCalls.getReader, { ID: parents[0]!.id }, { token: admin })).json().data;
    expect(parentDetail.Children.map((c: { ID: number }) => c.ID)).toContain(student.ID);
    expect(parentDetail.Children.find((c: { ID: number }) => c.ID === student.ID)).toMatchObject({ Name: student.Name, ReaderID: 'T0040' });

    // A school-2 parent, a non-parent, a non-student: refused, links unchanged.
    const otherParent = await t.app.db.selectFrom('users').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect((await t.call(readerCalls.updateStudentParents, { StudentID: student.ID, ParentIDs: [otherParent.id] }, { token: admin })).statusCode).toBe(404);
    const teacher = await t.app.db.selectFrom('users').select('id').where('school_id', '=', 1).where('identity', '=', 'teacher').executeTakeFirstOrThrow();
    expect((await t.call(readerCalls.updateStudentParents, { StudentID: student.ID, ParentIDs: [teacher.id] }, { token: admin })).statusCode).toBe(409);
    expect((await t.call(readerCalls.updateStudentParents, { StudentID: teacher.id, ParentIDs: [] }, { token: admin })).statusCode).toBe(409);
    const s2 = await t.app.db.selectFrom('users').select('id').where('school_id', '=', 2).where('identity', '=', 'student').executeTakeFirstOrThrow();
    expect((await t.call(readerCalls.updateStudentParents, { StudentID: s2.id, ParentIDs: [] }, { token: admin })).statusCode).toBe(404);
    expect((await t.call(readerCalls.getReader, { ID: student.ID }, { token: admin })).json().data.Parents).toHaveLength(2);
    // Admin of school 2 sees none of it.
    expect((await t.call(readerCalls.getReader, { ID: student.ID }, { token: admin2 })).statusCode).toBe(404);
  });

  it('gives department options of the own school only, in the caller\'s language', async () => {
    const zh = (await t.call(readerCalls.getDeptOptions, {}, { token: admin })).json().data;
    const en = (await t.call(readerCalls.getDeptOptions, {}, { token: admin, lang: 'en-US' })).json().data;
    const ids2 = new Set((await t.app.db.selectFrom('departments').select('id').where('school_id', '=', 2).execute()).map((d) => d.id));
    expect(zh.length).toBeGreaterThan(10);
    expect(zh.some((d: { ID: number }) => ids2.has(d.ID))).toBe(false);
    expect(en.some((d: { Name: string }) => d.Name === 'Library')).toBe(true);
  });
});
