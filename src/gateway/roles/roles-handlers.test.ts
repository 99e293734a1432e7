import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../shared/api/auth.ts';
import { roleCalls, type Role } from '../../shared/api/roles.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
let admin: string;
let librarian: string;
let teacher: string;
let admin2: string;
const roleCount = async () => Number((await t.app.db.selectFrom('roles').select((eb) => eb.fn.countAll().as('n')).where('school_id', '=', 1).executeTakeFirstOrThrow()).n);
const rolesOf = async (token: string): Promise<Role[]> => (await t.call(roleCalls.list, { Rows: 100 }, { token })).json().data.List;
const byCode = async (code: string) => (await rolesOf(admin)).find((r) => r.Code === code)!;

beforeAll(async () => {
  t = await makeTestApp();
  [admin, librarian, teacher, admin2] = (await Promise.all(['admin', 'librarian', 'teacher', 'admin2'].map((a) => t.tokenFor(a)))) as [string, string, string, string];
});
afterAll(() => t.close());

describe('roles', () => {
  it('lists the seeded roles with branch scopes, built-in flags and scoped kinds', async () => {
    const roles = await rolesOf(admin);
    expect(roles.map((r) => r.Code)).toEqual(['admin', 'librarian', 'class-librarian', 'teacher', 'reader', 'head-teacher', 'reviewer']);
    expect(roles.every((r) => r.BuiltIn && r.BranchIDs.length === 2)).toBe(true);
    expect(roles.find((r) => r.Code === 'class-librarian')!.ScopeKind).toBe('class');
    expect(roles.find((r) => r.Code === 'reviewer')!.ScopeKind).toBe('dept');
    expect(roles.find((r) => r.Code === 'admin')!.Permissions).toEqual(['*']);
    // Tenancy: the second school sees only its own roles.
    const other = await rolesOf(admin2);
    expect(other).toHaveLength(7);
    expect(other.some((r) => roles.some((x) => x.ID === r.ID))).toBe(false);
  });

  it('gives the editor a menu tree with operations, branches and resource types', async () => {
    const d = (await t.call(roleCalls.options, {}, { token: admin })).json().data;
    const people = d.Menus.find((g: { Url: string }) => g.Url === 'group:people');
    expect(people.Children.find((m: { Url: string }) => m.Url === '/department/permission/role').Operations).toEqual(['people.roles.edit']);
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
      const r = await t.call(roleCalls.add, input, { token: admin, lang: 'en-US' });
      expect(r.statusCode, message).toBe(status);
      expect(r.json().message).toBe(message);
    }
    expect(await roleCount()).toBe(before);
    const zh = await t.call(roleCalls.add, { Name: 'X', Permissions: [], BranchIDs: [] }, { token: admin, lang: 'zh-CN' });
    expect(zh.json().message).toBe('请至少选择一个分馆');

    const ok = await t.call(roleCalls.add, { Name: '志愿者', EnName: 'Volunteer', Permissions: ['/data-analysis', 'home.dashboard'], BranchIDs: [b1] }, { token: admin });
    expect(ok.statusCode).toBe(200);
    const role = ok.json().data as Role;
    expect(role).toMatchObject({ Name: '志愿者', BuiltIn: false, BranchIDs: [b1], UserCount: 0, Permissions: ['/data-analysis', 'home.dashboard'] });
    expect(role.Code).toMatch(/^custom-/);
  });

  it('keeps the administrator whole and built-in roles non-empty', async () => {
    const a = await byCode('admin');
    const stripped = await t.call(roleCalls.update, { ...a, Permissions: ['/data-analysis'] }, { token: admin, lang: 'en-US' });
    expect(stripped.statusCode).toBe(409);
    expect(stripped.json().message).toBe('The administrator role holds every permission and cannot be changed');
    const r = await byCode('reader');
    const empty = await t.call(roleCalls.update, { ...r, Permissions: [] }, { token: admin, lang: 'en-US' });
    expect(empty.json().message).toBe('A built-in role must keep at least one menu');
    expect((await byCode('reader')).Permissions).toEqual(r.Permissions);
    const del = await t.call(roleCalls.delete, { ID: r.ID, Confirm: true }, { token: admin, lang: 'en-US' });
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('The built-in role "读者" cannot be deleted');
  });

  it('refuses writes without people.roles.edit (403) and across schools (404)', async () => {
    const r = await byCode('reader');
    const denied = await t.call(roleCalls.update, { ...r, Name: 'Hacked' }, { token: teacher, lang: 'en-US' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe('No operation permission');
    expect((await t.call(roleCalls.list, {}, { token: teacher })).statusCode).toBe(403);
    const foreign = await t.call(roleCalls.update, { ...r, Name: 'Hacked' }, { token: admin2 });
    expect(foreign.statusCode).toBe(404);
    expect((await byCode('reader')).Name).toBe('读者');
  });

  it('enforces an edit at once: a removed menu leaves the menus and its calls get 403', async () => {
    const lib = await byCode('librarian');
    const menus = async () => (await t.call(authCalls.authorization, {}, { token: librarian })).json().data.Menus.map((m: { Url: string }) => m.Url);
    expect(await menus()).toContain('/department/permission/role');
    expect((await t.call(roleCalls.list, {}, { token: librarian })).statusCode).toBe(200);

    const without = lib.Permissions.filter((p) => p !== '/department/permission/role' && p !== 'people.roles.edit');
    const upd = await t.call(roleCalls.update, { ...lib, Permissions: without }, { token: admin });
    expect(upd.statusCode).toBe(200);
    expect(await menus()).not.toContain('/department/permission/role');
    expect((await t.call(roleCalls.list, {}, { token: librarian })).statusCode).toBe(403);
    expect((await t.call(roleCalls.add, { Name: 'Y', Permissions: [], BranchIDs: lib.BranchIDs }, { token: librarian })).statusCode).toBe(403);

    await t.call(roleCalls.update, { ...lib }, { token: admin });
    expect(await menus()).toContain('/department/permission/role');
  });

  it('deletes a role in use only with a reassignment or a confirmation', async () => {
    const [b1] = (await byCode('librarian')).BranchIDs;
    const make = async (name: string) => (await t.call(roleCalls.add, { Name: name, Permissions: ['/data-analysis'], BranchIDs: [b1] }, { token: admin })).json().data as Role;
    const temp = await make('临时');
    const users = await t.app.db.selectFrom('users').select('id').where('school_id', '=', 1).where('identity', '=', 'other').limit(3).execute();
    await t.app.db.insertInto('user_roles').values(users.map((u) => ({ user_id: u.id, role_id: temp.ID }))).execute();

    const refused = await t.call(roleCalls.delete, { ID: temp.ID }, { token: admin, lang: 'en-US' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('held by 3 users');
    const reader = await byCode('reader');
    const moved = await t.call(roleCalls.delete, { ID: temp.ID, ReassignToID: reader.ID }, { token: admin });
    expect(moved.json().data).toEqual({ Reassigned: 3, Removed: 0 });
    const held = await t.app.db.selectFrom('user_roles').select('role_id').where('user_id', 'in', users.map((u) => u.id)).execute();
    expect(held.every((h) => h.role_id === reader.ID)).toBe(true);

    const temp2 = await make('临时2');
    await t.app.db.insertInto('user_roles').values({ user_id: users[0]!.id, role_id: temp2.ID }).execute();
    expect((await t.call(roleCalls.delete, { ID: temp2.ID, Confirm: true }, { token: admin })).json().data).toEqual({ Reassigned: 0, Removed: 1 });
    expect((await rolesOf(admin)).some((r) => r.ID === temp2.ID)).toBe(false);
  });
});
