import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../shared/api/auth.ts';
import { homeCalls } from '../../shared/api/home.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { translationCalls } from '../../shared/api/translation.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('tenancy and permissions', () => {
  it('never shows school 2 data to a school 1 token', async () => {
    const admin1 = await t.tokenFor('admin');
    const admin2 = await t.tokenFor('admin2');
    const add = await t.call(translationCalls.addTranslation, { Key: 'common:secret', ZhCN: '二校', EnUS: 'school two' }, { token: admin2 });
    expect(add.json()).toMatchObject({ code: 0 });
    const id = add.json().data.ID as number;

    const list1 = await t.call(translationCalls.getTranslation, {}, { token: admin1 });
    expect(list1.json().data.Total).toBe(0);
    const upd = await t.call(translationCalls.updateTranslation, { ID: id, Key: 'common:secret', ZhCN: 'x', EnUS: 'x' }, { token: admin1 });
    expect(upd.statusCode).toBe(404);
    const del = await t.call(translationCalls.deleteTranslation, { ID: id }, { token: admin1 });
    expect(del.statusCode).toBe(404);
    // Same key in school 1 is allowed: uniqueness is per school.
    const add1 = await t.call(translationCalls.addTranslation, { Key: 'common:secret', ZhCN: '一校', EnUS: 'school one' }, { token: admin1 });
    expect(add1.json()).toMatchObject({ code: 0 });

    const d1 = (await t.call(homeCalls.getDashboard, {}, { token: admin1 })).json().data;
    const d2 = (await t.call(homeCalls.getDashboard, {}, { token: admin2 })).json().data;
    expect(d1.ReaderCount).toBeGreaterThan(700);
    expect(d2.ReaderCount).toBeLessThan(100);
    expect(d1.TitleCount).toBe(3000);
    expect(d2.TitleCount).toBe(200);

    const n1 = (await t.call(homeCalls.getNotices, {}, { token: admin1 })).json().data;
    expect(n1.List.every((n: { Title: string }) => !n.Title.includes('育才'))).toBe(true);
  });

  it('refuses a SchoolID header that differs from the token school with 403 wrongSchool', async () => {
    const admin1 = await t.tokenFor('admin');
    const res = await t.call(sessionCalls.getUser, {}, { token: admin1, school: 2 });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, message: '无权访问该学校的数据' });
    const ok = await t.call(sessionCalls.getUser, {}, { token: admin1, school: 1 });
    expect(ok.statusCode).toBe(200);
    const opt = await t.call(sessionCalls.getUnitInfo, {}, { token: admin1, school: 2, lang: 'en-US' });
    expect(opt.json()).toMatchObject({ code: 403, message: "You may not access this school's data" });
  });

  it('gives anonymous optional calls the school of a valid SchoolID header (its public data only)', async () => {
    const res = await t.call(sessionCalls.getUnitInfo, {}, { school: 2 });
    expect(res.json()).toMatchObject({ code: 0, data: { SchoolName: '上海市育才中学', ThemeColor: { bgColor: expect.any(String) } } });
    expect(res.json().data.SchoolCode).toBeUndefined();
    const none = await t.call(sessionCalls.getUnitInfo, {}, { school: 999 });
    expect(none.statusCode).toBe(400);
    const notices = await t.call(homeCalls.getNotices, { Page: 1, Rows: 5 }, { school: 1, lang: 'en-US' });
    const list = notices.json().data;
    expect(list.Total).toBe(4);
    expect(list.List[0]).toMatchObject({ Top: true, Public: true, Title: 'Library opening hours during the winter holiday' });
  });

  it('refuses calls whose permission the roles lack with 403 "no operation permission"', async () => {
    const student = await t.tokenFor('student');
    const dash = await t.call(homeCalls.getDashboard, {}, { token: student });
    expect(dash.statusCode).toBe(403);
    expect(dash.json()).toMatchObject({ code: 403, message: '无操作权限' });
    const exp = await t.call(readerCalls.exportReaders, {}, { token: student, lang: 'en-US' });
    expect(exp.statusCode).toBe(403);
    expect(exp.json()).toMatchObject({ message: 'No operation permission' });
    const tr = await t.call(translationCalls.addTranslation, { Key: 'a:b', ZhCN: '', EnUS: '' }, { token: await t.tokenFor('librarian') });
    expect(tr.statusCode).toBe(403);
    const lib = await t.call(homeCalls.getDashboard, {}, { token: await t.tokenFor('librarian') });
    expect(lib.statusCode).toBe(200);
  });

  it('filters menus by role, keeps parents, and marks the external link', async () => {
    const menusOf = async (account: string) =>
      (await t.call(authCalls.authorization, {}, { token: await t.tokenFor(account) })).json().data as {
        Menus: Array<{ ID: number; ParentID: number | null; Url: string; External: boolean; Functions: string[] }>;
        Operations: string[];
        MenuVersion: string;
      };
    const admin = await menusOf('admin');
    const reader = await menusOf('student');
    const librarian = await menusOf('librarian');
    expect(admin.MenuVersion).toBe('new');
    expect(admin.Menus.length).toBeGreaterThan(180);
    expect(admin.Operations).toEqual(expect.arrayContaining(['home.dashboard', 'people.readers.export', 'sys.translation.edit']));
    expect(admin.Menus.find((m) => m.External)).toMatchObject({ Url: 'https://www.nlc.cn' });
    expect(reader.Menus.filter((m) => !m.Url.startsWith('group:')).map((m) => m.Url).sort()).toEqual(['/data-analysis', '/process', '/setting']);
    expect(reader.Menus.filter((m) => m.ParentID == null).map((m) => m.Url)).toEqual(['group:home-system']);
    expect(reader.Operations).toEqual([]);
    expect(reader.Menus.find((m) => m.Url === '/data-analysis')?.Functions).toEqual([]);
    expect(librarian.Menus.some((m) => m.Url.startsWith('/sys/'))).toBe(false);
    expect(librarian.Menus.some((m) => m.Url === '/surrency/borrow')).toBe(true);
    const ids = new Set(librarian.Menus.map((m) => m.ID));
    for (const m of librarian.Menus) if (m.ParentID != null) expect(ids.has(m.ParentID)).toBe(true);
  });
});
