import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../shared/api/auth.ts';
import { roleCalls, type Holder } from '../../shared/api/roles.ts';
import { accessScopeOf } from '../access/access-scope.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: string;
let teacher: string;
let admin2: string;
const roleId = async (code: string, school = 1) => (await t.app.db.selectFrom('roles').select('id').where('school_id', '=', school).where('code', '=', code).executeTakeFirstOrThrow()).id;
const userId = async (account: string) => (await t.app.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const holder = async (account: string): Promise<Holder> =>
  (await t.call(roleCalls.holders, { SearchKey: account }, { token: admin })).json().data.List.find((h: Holder) => h.Account === account);

beforeAll(async () => {
  t = await makeTestApp();
  [admin, teacher, admin2] = (await Promise.all(['admin', 'teacher', 'admin2'].map((a) => t.tokenFor(a)))) as [string, string, string];
});
afterAll(() => t.close());

describe('permission (who holds which role)', () => {
  it('lists holders with their scoped roles, by search and by role', async () => {
    const classlib = await holder('classlib');
    const cl = await roleId('class-librarian');
    expect(classlib.Roles.find((r) => r.RoleID === cl)!.DeptIDs).toHaveLength(1);
    const byRole = (await t.call(roleCalls.holders, { RoleID: await roleId('head-teacher') }, { token: admin })).json().data;
    expect(byRole.List.map((h: Holder) => h.Account)).toEqual(['teacher']);
    const opts = (await t.call(roleCalls.holderOptions, {}, { token: admin })).json().data;
    expect(opts.Roles.find((r: { Code: string }) => r.Code === 'reviewer').ScopeKind).toBe('dept');
    expect(opts.Depts.some((d: { Kind: string }) => d.Kind === 'class')).toBe(true);
    // Tenancy: school 2 finds nobody of school 1.
    expect((await t.call(roleCalls.holders, { SearchKey: 'classlib' }, { token: admin2 })).json().data.Total).toBe(0);
  });

  it('assigns roles with scopes; a scoped role needs classes; nothing changes on bad input', async () => {
    const uid = await userId('student');
    const reader = await roleId('reader');
    const cl = await roleId('class-librarian');
    const reviewer = await roleId('reviewer');
    const before = await holder('student');
    const cls = await t.app.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('kind', '=', 'class').limit(2).execute();
    const grade = await t.app.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('kind', '=', 'grade').executeTakeFirstOrThrow();
    const foreignClass = await t.app.db.selectFrom('departments').select('id').where('school_id', '=', 2).where('kind', '=', 'class').executeTakeFirstOrThrow();
    const bad = [
      [[{ RoleID: cl, DeptIDs: [] }], 400, 'Please choose the classes or departments for the role "班级图书管理员"'],
      [[{ RoleID: cl, DeptIDs: [grade.id] }], 409, 'The role "班级图书管理员" can only look after classes'],
      [[{ RoleID: cl, DeptIDs: [foreignClass.id] }], 404, 'Department or class does not exist'],
      [[{ RoleID: await roleId('reader', 2), DeptIDs: [] }], 404, 'The role does not exist'],
    ] as const;
    for (const [roles, status, message] of bad) {
      const r = await t.call(roleCalls.assign, { UserID: uid, Roles: roles }, { token: admin, lang: 'en-US' });
      expect(r.statusCode, message).toBe(status);
      expect(r.json().message).toBe(message);
    }
    expect(await holder('student')).toEqual(before);

    const ok = await t.call(roleCalls.assign, { UserID: uid, Roles: [{ RoleID: reader, DeptIDs: [5] }, { RoleID: cl, DeptIDs: [cls[0]!.id, cls[1]!.id] }, { RoleID: reviewer, DeptIDs: [grade.id] }] }, { token: admin });
    expect(ok.statusCode).toBe(200);
    expect((ok.json().data as Holder).Roles).toEqual([
      { RoleID: reader, DeptIDs: [] }, { RoleID: cl, DeptIDs: [cls[0]!.id, cls[1]!.id] }, { RoleID: reviewer, DeptIDs: [grade.id] },
    ].sort((a, b) => a.RoleID - b.RoleID));
    const scope = await accessScopeOf(t.app.db, uid, 1);
    expect([...scope.deptsByRole.get('class-librarian')!]).toEqual([cls[0]!.id, cls[1]!.id]);
    expect(scope.branchIds!.size).toBe(2);
    expect(scope.resourceTypeIds).toBeNull();
  });

  it('shows a new role at once in the menus and never removes the last administrator', async () => {
    const uid = await userId('teacher');
    const menus = async () => (await t.call(authCalls.authorization, {}, { token: teacher })).json().data.Menus.map((m: { Url: string }) => m.Url);
    expect(await menus()).not.toContain('/department/dept-upgrade');
    await t.call(roleCalls.assign, { UserID: uid, Roles: [{ RoleID: await roleId('teacher'), DeptIDs: [] }, { RoleID: await roleId('librarian'), DeptIDs: [] }] }, { token: admin });
    expect(await menus()).toContain('/department/dept-upgrade');

    const last = await t.call(roleCalls.assign, { UserID: await userId('admin'), Roles: [{ RoleID: await roleId('teacher'), DeptIDs: [] }] }, { token: admin, lang: 'en-US' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe("The school's last administrator cannot be removed");
  });

  it('refuses without the permission (403) and for users of another school (404)', async () => {
    const student = await t.tokenFor('student');
    const uid = await userId('student');
    expect((await t.call(roleCalls.assign, { UserID: uid, Roles: [] }, { token: student })).statusCode).toBe(403);
    expect((await t.call(roleCalls.holders, {}, { token: student })).statusCode).toBe(403);
    const foreign = await t.call(roleCalls.assign, { UserID: uid, Roles: [] }, { token: admin2, lang: 'en-US' });
    expect(foreign.statusCode).toBe(404);
    expect((await holder('student')).Roles.length).toBe(3);
  });
});
