import { describe, expect, it } from 'vitest';
import { authCalls } from '../../shared/api/auth.ts';
import { roleCalls, type Role } from '../../shared/api/roles.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();
const roleCount = async () => Number((await t.db.selectFrom('roles').select((eb) => eb.fn.countAll().as('n')).where('school_id', '=', 1).executeTakeFirstOrThrow()).n);
const rolesOf = async (as: string): Promise<Role[]> => (await t.data(roleCalls.list, { Rows: 100 }, as)).List;
const byCode = async (code: string) => (await rolesOf('admin')).find((r) => r.Code === code)!;


describe('roles', () => {
  it('lists the seeded roles with branch scopes, built-in flags and scoped kinds', async () => {
    const roles = await rolesOf('admin');
    expect(roles.map((r) => r.Code)).toEqual(['admin', 'librarian', 'class-librarian', 'teacher', 'reader', 'head-teacher', 'reviewer']);
    expect(roles.every((r) => r.BuiltIn && r.BranchIDs.length === 2)).toBe(true);
    expect(roles.find((r) => r.Code === 'class-librarian')!.ScopeKind).toBe('class');
    expect(roles.find((r) => r.Code === 'reviewer')!.ScopeKind).toBe('dept');
    expect(roles.find((r) => r.Code === 'admin')!.Permissions).toEqual(['*']);
    // Tenancy: the second school sees only its own roles.
    const other = await rolesOf('admin2');
    expect(other).toHaveLength(7);
    expect(other.some((r) => roles.some((x) => x.ID === r.ID))).toBe(false);
  });

  it('gives the editor a menu tree with operations, branches and resource types', async () => {
    const d = await t.data(roleCalls.options, {}, 'admin');
    const people = d.Menus.find((g: { Url: string }) => g.Url === 'group:people')!;
    expect(people.Children.find((m: { Url: string }) => m.Url === '/department/permission/role')!.Operations).toEqual(['people.roles.edit']);
    expect(d.Branches).toHaveLength(2);
  });

  it('adds a role; refuses no branch, unknown keys, foreign branches and duplicate names, changing nothing', async () => {
    const before = await roleCount();
    const [b1] = (await byCode('librarian')).BranchIDs;
    const bad = [
      [{ Name: 'X', Permissions: ['/data-analysis'], BranchIDs: [] }, 400, 'Please select at least one branch library for the role'],
      [{ Name: 'X', Permissions: ['/nope'], BranchIDs: [b1] }, 400, 'Unknown permission: /nope'],
      [{ Name: 'X', Permissions: ['*'], BranchIDs: [b1] }, 400, 'Unknown permission: *'],
      [{ Name: 'X', Permissions: [], BranchIDs: [99999] }, 404, 'Branch library does not exist: 99999'],
      [{ Name: '教师', Permissions: [], BranchIDs: [b1] }, 409, 'The role "教师" already exists'],
    ] as const;
    for (const [input, status, message] of bad) {
      const r = await t.call(roleCalls.add, input, { as: 'admin', lang: 'en-US' });
      expect(r.statusCode, message).toBe(status);
      expect(r.json().message).toBe(message);
    }
    expect(await roleCount()).toBe(before);
    expect((await t.fail(roleCalls.add, { Name: 'X', Permissions: [], BranchIDs: [] }, 'admin', 'zh-CN')).message).toBe('请至少选择一个分馆');

    const role = await t.data(roleCalls.add, { Name: '志愿者', EnName: 'Volunteer', Permissions: ['/data-analysis', 'home.dashboard'], BranchIDs: [b1] }, 'admin');
    expect(role).toMatchObject({ Name: '志愿者', BuiltIn: false, BranchIDs: [b1], UserCount: 0, Permissions: ['/data-analysis', 'home.dashboard'] });
    expect(role.Code).toMatch(/^custom-/);
  });

  it('keeps the administrator whole and built-in roles non-empty', async () => {
    const a = await byCode('admin');
    expect(await t.fail(roleCalls.update, { ...a, Permissions: ['/data-analysis'] }, 'admin', 'en-US')).toMatchObject({ status: 409, message: 'The administrator role holds every permission and cannot be changed' });
    const r = await byCode('reader');
    expect((await t.fail(roleCalls.update, { ...r, Permissions: [] }, 'admin', 'en-US')).message).toBe('A built-in role must keep at least one menu');
    expect((await byCode('reader')).Permissions).toEqual(r.Permissions);
    expect(await t.fail(roleCalls.delete, { ID: r.ID, Confirm: true }, 'admin', 'en-US')).toMatchObject({ status: 409, message: 'The built-in role "读者" cannot be deleted' });
  });

  it('refuses writes without people.roles.edit (403) and across schools (404)', async () => {
    const r = await byCode('reader');
    expect(await t.fail(roleCalls.update, { ...r, Name: 'Hacked' }, 'teacher', 'en-US')).toMatchObject({ status: 403, message: 'No operation permission' });
    expect((await t.fail(roleCalls.list, {}, 'teacher')).status).toBe(403);
    expect((await t.fail(roleCalls.update, { ...r, Name: 'Hacked' }, 'admin2')).status).toBe(404);
    expect((await byCode('reader')).Name).toBe('读者');
  });

  it('enforces an edit at once: a removed menu leaves the menus and its calls get 403', async () => {
    const lib = await byCode('librarian');
    const menus = async () => (await t.data(authCalls.authorization, {}, 'librarian')).Menus.map((m: { Url: string }) => m.Url);
    expect(await menus()).toContain('/department/permission/role');
    await t.data(roleCalls.list, {}, 'librarian');

    const without = lib.Permissions.filter((p) => p !== '/department/permission/role' && p !== 'people.roles.edit');
    await t.data(roleCalls.update, { ...lib, Permissions: without }, 'admin');
    expect(await menus()).not.toContain('/department/permission/role');
    expect((await t.fail(roleCalls.list, {}, 'librarian')).status).toBe(403);
    expect((await t.fail(roleCalls.add, { Name: 'Y', Permissions: [], BranchIDs: lib.BranchIDs }, 'librarian')).status).toBe(403);

    await t.call(roleCalls.update, { ...lib }, 'admin');
    expect(await menus()).toContain('/department/permission/role');
  });

  it('deletes a role in use only with a reassignment or a confirmation', async () => {
    const [b1] = (await byCode('librarian')).BranchIDs;
    const make = async (name: string) => await t.data(roleCalls.add, { Name: name, Permissions: ['/data-analysis'], BranchIDs: [b1] }, 'admin') as Role;
    const temp = await make('临时');
    const users = await t.db.selectFrom('users').select('id').where('school_id', '=', 1).where('identity', '=', 'other').limit(3).execute();
    await t.db.insertInto('user_roles').values(users.map((u) => ({ user_id: u.id, role_id: temp.ID }))).execute();

    const refused = await t.fail(roleCalls.delete, { ID: temp.ID }, 'admin', 'en-US');
    expect(refused.status).toBe(409);
    expect(refused.message).toContain('held by 3 users');
    const reader = await byCode('reader');
    const moved = await t.data(roleCalls.delete, { ID: temp.ID, ReassignToID: reader.ID }, 'admin');
    expect(moved).toEqual({ Reassigned: 3, Removed: 0 });
    const held = await t.db.selectFrom('user_roles').select('role_id').where('user_id', 'in', users.map((u) => u.id)).execute();
    expect(held.every((h) => h.role_id === reader.ID)).toBe(true);

    const temp2 = await make('临时2');
    await t.db.insertInto('user_roles').values({ user_id: users[0]!.id, role_id: temp2.ID }).execute();
    expect(await t.data(roleCalls.delete, { ID: temp2.ID, Confirm: true }, 'admin')).toEqual({ Reassigned: 0, Removed: 1 });
    expect((await rolesOf('admin')).some((r) => r.ID === temp2.ID)).toBe(false);
  });
});
