import { describe, expect, it } from 'vitest';
import { readerCalls } from '../../shared/api/readers.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

const count = async () => Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const school2Reader = () => t.db.selectFrom('users').select(['id', 'reader_id']).where('school_id', '=', 2).orderBy('id').executeTakeFirstOrThrow();
const someClass = () => t.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('kind', '=', 'class').orderBy('id').executeTakeFirstOrThrow();

const newReader = (over: Record<string, unknown> = {}) => ({
  Account: 'zhang_test', Name: '张晓明', ReaderID: 'T0001', Identity: 'student', Phone: '13812345678', Sex: 'male', ...over,
});

describe('reader list and search', () => {
  it('pages, masks phones and searches by name, pinyin, initials and card number', async () => {
    const page = await t.data(readerCalls.getUserList, { Page: 1, Rows: 5 }, 'admin');
    expect(page.List).toHaveLength(5);
    expect(page.Total).toBeGreaterThan(700);
    for (const r of page.List) expect(r.Phone).toMatch(/^1\d{2}\*{4}\d{4}$/);

    const one = page.List[0]!;
    const byCard = await t.data(readerCalls.getUserList, { SearchKey: one.ReaderID }, 'admin');
    expect(byCard.List.map((r: { ID: number }) => r.ID)).toContain(one.ID);
    const row = await t.db.selectFrom('users').select(['pinyin', 'initials']).where('id', '=', one.ID).executeTakeFirstOrThrow();
    for (const key of [one.Name, row.pinyin, row.initials.toUpperCase()]) {
      const hits = await t.data(readerCalls.getUserList, { SearchKey: key, Rows: 100 }, 'admin');
      expect(hits.List.map((r: { ID: number }) => r.ID)).toContain(one.ID);
    }
    const teachers = await t.data(readerCalls.getUserList, { Identity: 'teacher', Rows: 100 }, 'admin');
    expect(teachers.List.every((r: { Identity: string }) => r.Identity === 'teacher')).toBe(true);
    const simple = await t.data(readerCalls.getUserSimpleAll, { Identity: 'parent' }, 'admin');
    expect(simple.length).toBeGreaterThan(0);
    expect(Object.keys(simple[0]!).sort()).toEqual(['DeptID', 'ID', 'Identity', 'Name', 'ReaderID']);
  });

  it('never lists another school and refuses roles without the reader menu (403)', async () => {
    const other = await school2Reader();
    const hits = await t.data(readerCalls.getUserList, { SearchKey: other.reader_id }, 'admin');
    expect(hits.List.every((r: { ID: number }) => r.ID !== other.id)).toBe(true);
    expect((await t.fail(readerCalls.getReader, { ID: other.id }, 'admin')).status).toBe(404);
    for (const account of ['teacher', 'student']) {
      expect((await t.fail(readerCalls.getUserList, {}, account)).status).toBe(403);
      expect((await t.fail(readerCalls.getUserSimpleAll, {}, account)).status).toBe(403);
      expect((await t.fail(readerCalls.getReader, { ID: other.id }, account)).status).toBe(403);
    }
    await t.data(readerCalls.getUserList, {}, 'librarian');
  });
});

describe('reader add / update / get / delete', () => {
  it('adds a reader with pinyin and the default role, shows the full phone only to editors', async () => {
    const dept = await someClass();
    const res = await t.data(readerCalls.addReader, newReader({ DeptID: dept.id, ExpireAt: '2029-08-31', Birthday: '2015-03-02' }), 'admin');
    expect(res).toMatchObject({ Name: '张晓明', ReaderID: 'T0001', Phone: '138****5678', Roles: '读者', ExpireAt: '2029-08-31', Status: 'active' });
    const id = res.ID as number;
    const stored = await t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ pinyin: 'zhangxiaoming', initials: 'zxm', phone: '13812345678', school_id: 1, password_hash: null });
    const full = await t.data(readerCalls.getReader, { ID: id }, 'admin');
    expect(full).toMatchObject({ Phone: '13812345678', Parents: [] });
    const hits = await t.data(readerCalls.getUserList, { SearchKey: 'zxm' }, 'admin');
    expect(hits.List.some((r: { ID: number }) => r.ID === id)).toBe(true);
  });

  it('refuses bad input with the spec messages and writes nothing', async () => {
    const before = await count();
    expect(await t.fail(readerCalls.addReader, newReader({ Phone: '', ReaderID: 'T0002', Account: 'a2' }), 'admin')).toMatchObject({ status: 400, message: '请填写手机号码' });
    expect((await t.fail(readerCalls.addReader, newReader({ Phone: '12812345678', ReaderID: 'T0002', Account: 'a2' }), 'admin', 'en-US')).message).toBe('Please fill in the correct phone number');
    expect((await t.fail(readerCalls.addReader, newReader({ Name: ' ', ReaderID: 'T0002', Account: 'a2' }), 'admin')).message).toBe('请输入名称');
    expect((await t.fail(readerCalls.addReader, newReader({ Identity: 'alien', ReaderID: 'T0002', Account: 'a2' }), 'admin')).message).toBe('请选择身份');
    expect(await t.fail(readerCalls.addReader, newReader({ Account: 'a3' }), 'admin')).toMatchObject({ status: 409, message: '该读者证号已被使用' });
    expect((await t.fail(readerCalls.addReader, newReader({ ReaderID: 'T0003', Account: 'admin2' }), 'admin', 'en-US')).message).toBe('This account is already in use');
    const otherDept = await t.db.selectFrom('departments').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect((await t.fail(readerCalls.addReader, newReader({ ReaderID: 'T0004', Account: 'a4', DeptID: otherDept.id }), 'admin')).message).toBe('部门或班级不存在');
    expect((await t.fail(readerCalls.addReader, newReader({ ReaderID: 'T0005', Account: 'a5', Photo: '../../etc/passwd' }), 'admin')).status).toBe(400);
    expect(await count()).toBe(before);
  });

  it('updates a reader of the school; another school\'s id is not found and unchanged', async () => {
    const r = await t.data(readerCalls.addReader, newReader({ ReaderID: 'T0010', Account: 'upd_me' }), 'admin');
    const upd = await t.data(readerCalls.updateReader, { ...newReader({ ReaderID: 'T0010', Account: 'upd_me' }), ID: r.ID, Name: '李四', Status: 'disabled' }, 'admin');
    expect(upd).toMatchObject({ Name: '李四', Status: 'disabled' });
    const other = await school2Reader();
    expect((await t.fail(readerCalls.updateReader, { ...newReader({ ReaderID: 'X1', Account: 'x1' }), ID: other.id }, 'admin')).status).toBe(404);
    expect((await t.db.selectFrom('users').select('reader_id').where('id', '=', other.id).executeTakeFirstOrThrow()).reader_id).toBe(other.reader_id);
    expect((await t.fail(readerCalls.updateReader, { ...newReader({ ReaderID: 'T0001', Account: 'upd_me' }), ID: r.ID }, 'admin')).status).toBe(409);
  });

  it('deletes a reader without loans; refuses readers with loans, itself and other schools', async () => {
    const r = await t.data(readerCalls.addReader, newReader({ ReaderID: 'T0020', Account: 'del_me' }), 'admin');
    await t.data(readerCalls.deleteReader, { ID: r.ID }, 'admin');
    expect(await t.db.selectFrom('users').select('id').where('id', '=', r.ID).executeTakeFirst()).toBeUndefined();
    const withLoan = await t.db.selectFrom('loans').select('user_id').where('school_id', '=', 1).executeTakeFirstOrThrow();
    const refused = await t.fail(readerCalls.deleteReader, { ID: withLoan.user_id }, 'admin');
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('借阅记录');
    const me = await t.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
    expect((await t.fail(readerCalls.deleteReader, { ID: me.id }, 'admin')).status).toBe(409);
    const other = await school2Reader();
    expect((await t.fail(readerCalls.deleteReader, { ID: other.id }, 'admin')).status).toBe(404);
  });

  it('refuses every write to teacher and reader roles with 403', async () => {
    const target = await t.data(readerCalls.addReader, newReader({ ReaderID: 'T0030', Account: 'perm_t' }), 'admin');
    for (const account of ['teacher', 'student']) {
      expect((await t.fail(readerCalls.addReader, newReader({ ReaderID: 'T0031', Account: 'p1' }), account)).status).toBe(403);
      expect((await t.fail(readerCalls.updateReader, { ...newReader({ ReaderID: 'T0030', Account: 'perm_t' }), ID: target.ID }, account)).status).toBe(403);
      expect((await t.fail(readerCalls.deleteReader, { ID: target.ID }, account)).status).toBe(403);
      expect((await t.fail(readerCalls.updateStudentParents, { StudentID: target.ID, ParentIDs: [] }, account)).status).toBe(403);
    }
  });
});

describe('student parents', () => {
  it('links parents of the same school to a student and lists them in the detail', async () => {
    const student = await t.data(readerCalls.addReader, newReader({ ReaderID: 'T0040', Account: 'stu40' }), 'admin');
    const parents = await t.db.selectFrom('users').select('id').where('school_id', '=', 1).where('identity', '=', 'parent').orderBy('id').limit(2).execute();
    const res = await t.data(readerCalls.updateStudentParents, { StudentID: student.ID, ParentIDs: parents.map((p) => p.id) }, 'admin');
    expect(res.Parents.map((p: { ID: number }) => p.ID)).toEqual(parents.map((p) => p.id));
    expect(res.Parents[0]!.Phone).toMatch(/\*{4}/);
    const detail = await t.data(readerCalls.getReader, { ID: student.ID }, 'admin');
    expect(detail.Parents).toHaveLength(2);
    expect(detail.Children).toEqual([]);
    // The parent's detail lists the child.
    const parentDetail = await t.data(readerCalls.getReader, { ID: parents[0]!.id }, 'admin');
    expect(parentDetail.Children.map((c: { ID: number }) => c.ID)).toContain(student.ID);
    expect(parentDetail.Children.find((c: { ID: number }) => c.ID === student.ID)).toMatchObject({ Name: student.Name, ReaderID: 'T0040' });

    // A school-2 parent, a non-parent, a non-student: refused, links unchanged.
    const otherParent = await t.db.selectFrom('users').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect((await t.fail(readerCalls.updateStudentParents, { StudentID: student.ID, ParentIDs: [otherParent.id] }, 'admin')).status).toBe(404);
    const teacher = await t.db.selectFrom('users').select('id').where('school_id', '=', 1).where('identity', '=', 'teacher').executeTakeFirstOrThrow();
    expect((await t.fail(readerCalls.updateStudentParents, { StudentID: student.ID, ParentIDs: [teacher.id] }, 'admin')).status).toBe(409);
    expect((await t.fail(readerCalls.updateStudentParents, { StudentID: teacher.id, ParentIDs: [] }, 'admin')).status).toBe(409);
    const s2 = await t.db.selectFrom('users').select('id').where('school_id', '=', 2).where('identity', '=', 'student').executeTakeFirstOrThrow();
    expect((await t.fail(readerCalls.updateStudentParents, { StudentID: s2.id, ParentIDs: [] }, 'admin')).status).toBe(404);
    expect((await t.data(readerCalls.getReader, { ID: student.ID }, 'admin')).Parents).toHaveLength(2);
    // Admin of school 2 sees none of it.
    expect((await t.fail(readerCalls.getReader, { ID: student.ID }, 'admin2')).status).toBe(404);
  });

  it('gives department options of the own school only, in the caller\'s language', async () => {
    const zh = await t.data(readerCalls.getDeptOptions, {}, 'admin');
    const en = await t.data(readerCalls.getDeptOptions, {}, { as: 'admin', lang: 'en-US' });
    const ids2 = new Set((await t.db.selectFrom('departments').select('id').where('school_id', '=', 2).execute()).map((d) => d.id));
    expect(zh.length).toBeGreaterThan(10);
    expect(zh.some((d: { ID: number }) => ids2.has(d.ID))).toBe(false);
    expect(en.some((d: { Name: string }) => d.Name === 'Library')).toBe(true);
  });
});
