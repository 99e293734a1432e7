import { describe, expect, it } from 'vitest';
import { authCalls } from '../../shared/api/auth.ts';
import { roleCalls, type Holder } from '../../shared/api/roles.ts';
import { accessScopeOf } from '../access/access-scope.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();
const roleId = async (code: string, school = 1) => (await t.db.selectFrom('roles').select('id').where('school_id', '=', school).where('code', '=', code).executeTakeFirstOrThrow()).id;
const userId = async (account: string) => (await t.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
const holder = async (account: string): Promise<Holder> =>
  (await t.data(roleCalls.holders, { SearchKey: account }, 'admin')).List.find((h: Holder) => h.Account === account)!;


describe('permission (who holds which role)', () => {
  it('lists holders with their scoped roles, by search and by role', async () => {
    const classlib = await holder('classlib');
    const cl = await roleId('class-librarian');
    expect(classlib.Roles.find((r) => r.RoleID === cl)!.DeptIDs).toHaveLength(1);
    const byRole = await t.data(roleCalls.holders, { RoleID: await roleId('head-teacher') }, 'admin');
    expect(byRole.List.map((h: Holder) => h.Account)).toEqual(['teacher']);
    const opts = await t.data(roleCalls.holderOptions, {}, 'admin');
    expect(opts.Roles.find((r: { Code: string }) => r.Code === 'reviewer')!.ScopeKind).toBe('dept');
    expect(opts.Depts.some((d: { Kind: string }) => d.Kind === 'class')).toBe(true);
    // Tenancy: school 2 finds nobody of school 1.
    expect((await t.data(roleCalls.holders, { SearchKey: 'classlib' }, 'admin2')).Total).toBe(0);
  });

  it('assigns roles with scopes; a scoped role needs classes; nothing changes on bad input', async () => {
    const uid = await userId('student');
    const reader = await roleId('reader');
    const cl = await roleId('class-librarian');
    const reviewer = await roleId('reviewer');
    const before = await holder('student');
    const cls = await t.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('kind', '=', 'class').limit(2).execute();
    const grade = await t.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('kind', '=', 'grade').executeTakeFirstOrThrow();
    const foreignClass = await t.db.selectFrom('departments').select('id').where('school_id', '=', 2).where('kind', '=', 'class').executeTakeFirstOrThrow();
    const bad = [
      [[{ RoleID: cl, DeptIDs: [] }], 400, 'Please choose the classes or departments for the role "班级图书管理员"'],
      [[{ RoleID: cl, DeptIDs: [grade.id] }], 409, 'The role "班级图书管理员" can only look after classes'],
      [[{ RoleID: cl, DeptIDs: [foreignClass.id] }], 404, 'Department or class does not exist'],
      [[{ RoleID: await roleId('reader', 2), DeptIDs: [] }], 404, 'The role does not exist'],
    ] as const;
    for (const [roles, status, message] of bad) {
      const r = await t.call(roleCalls.assign, { UserID: uid, Roles: roles }, { as: 'admin', lang: 'en-US' });
      expect(r.statusCode, message).toBe(status);
      expect(r.json().message).toBe(message);
    }
    expect(await holder('student')).toEqual(before);

    const ok = await t.data(roleCalls.assign, { UserID: uid, Roles: [{ RoleID: reader, DeptIDs: [5] }, { RoleID: cl, DeptIDs: [cls[0]!.id, cls[1]!.id] }, { RoleID: reviewer, DeptIDs: [grade.id] }] }, 'admin');
    expect((ok as Holder).Roles).toEqual([
      { RoleID: reader, DeptIDs: [] }, { RoleID: cl, DeptIDs: [cls[0]!.id, cls[1]!.id] }, { RoleID: reviewer, DeptIDs: [grade.id] },
    ].sort((a, b) => a.RoleID - b.RoleID));
    const scope = await accessScopeOf(t.db, uid, 1);
    expect([...scope.deptsByRole.get('class-librarian')!]).toEqual([cls[0]!.id, cls[1]!.id]);
    expect(scope.branchIds!.size).toBe(2);
    expect(scope.resourceTypeIds).toBeNull();
  });

  it('shows a new role at once in the menus and never removes the last administrator', async () => {
    const uid = await userId('teacher');
    const menus = async () => (await t.data(authCalls.authorization, {}, 'teacher')).Menus.map((m: { Url: string }) => m.Url);
    expect(await menus()).not.toContain('/department/dept-upgrade');
    await t.call(roleCalls.assign, { UserID: uid, Roles: [{ RoleID: await roleId('teacher'), DeptIDs: [] }, { RoleID: await roleId('librarian'), DeptIDs: [] }] }, 'admin');
    expect(await menus()).toContain('/department/dept-upgrade');

    expect(await t.fail(roleCalls.assign, { UserID: await userId('admin'), Roles: [{ RoleID: await roleId('teacher'), DeptIDs: [] }] }, 'admin', 'en-US')).toMatchObject({ status: 409, message: "The school's last administrator cannot be removed" });
  });

  it('refuses without the permission (403) and for users of another school (404)', async () => {
    const uid = await userId('student');
    expect((await t.fail(roleCalls.assign, { UserID: uid, Roles: [] }, 'student')).status).toBe(403);
    expect((await t.fail(roleCalls.holders, {}, 'student')).status).toBe(403);
    expect((await t.fail(roleCalls.assign, { UserID: uid, Roles: [] }, 'admin2', 'en-US')).status).toBe(404);
    expect((await holder('student')).Roles.length).toBe(3);
  });
});
