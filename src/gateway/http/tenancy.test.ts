import { describe, expect, it } from 'vitest';
import { authCalls } from '../../shared/api/auth.ts';
import { homeCalls } from '../../shared/api/home.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { translationCalls } from '../../shared/api/translation.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

describe('tenancy and permissions', () => {
  it('never shows school 2 data to a school 1 token', async () => {
    const add = await t.data(translationCalls.addTranslation, { Key: 'common:secret', ZhCN: '二校', EnUS: 'school two' }, 'admin2');
    const id = add.ID as number;

    const list1 = await t.data(translationCalls.getTranslation, {}, 'admin');
    expect(list1.Total).toBe(0);
    expect((await t.fail(translationCalls.updateTranslation, { ID: id, Key: 'common:secret', ZhCN: 'x', EnUS: 'x' }, 'admin')).status).toBe(404);
    expect((await t.fail(translationCalls.deleteTranslation, { ID: id }, 'admin')).status).toBe(404);
    // Same key in school 1 is allowed: uniqueness is per school.
    await t.data(translationCalls.addTranslation, { Key: 'common:secret', ZhCN: '一校', EnUS: 'school one' }, 'admin');

    const d1 = await t.data(homeCalls.getDashboard, {}, 'admin');
    const d2 = await t.data(homeCalls.getDashboard, {}, 'admin2');
    expect(d1.ReaderCount).toBeGreaterThan(700);
    expect(d2.ReaderCount).toBeLessThan(100);
    expect(d1.TitleCount).toBe(3000);
    expect(d2.TitleCount).toBe(200);

    const n1 = await t.data(homeCalls.getNotices, {}, 'admin');
    expect(n1.List.every((n: { Title: string }) => !n.Title.includes('育才'))).toBe(true);
  });

  it('refuses a SchoolID header that differs from the token school with 403 wrongSchool', async () => {
    expect(await t.fail(sessionCalls.getUser, {}, { as: 'admin', school: 2 })).toMatchObject({ status: 403, code: 403, message: '无权访问该学校的数据' });
    await t.data(sessionCalls.getUser, {}, { as: 'admin', school: 1 });
    expect(await t.fail(sessionCalls.getUnitInfo, {}, { as: 'admin', school: 2, lang: 'en-US' })).toMatchObject({ code: 403, message: "You may not access this school's data" });
  });

  it('gives anonymous optional calls the school of a valid SchoolID header (its public data only)', async () => {
    const res = await t.data(sessionCalls.getUnitInfo, {}, { school: 2 });
    expect(res).toMatchObject({ SchoolName: '上海市育才中学', ThemeColor: { bgColor: expect.any(String) } });
    expect(res.SchoolCode).toBeUndefined();
    expect((await t.fail(sessionCalls.getUnitInfo, {}, { school: 999 })).status).toBe(400);
    const list = await t.data(homeCalls.getNotices, { Page: 1, Rows: 5 }, { school: 1, lang: 'en-US' });
    expect(list.Total).toBe(4);
    expect(list.List[0]).toMatchObject({ Top: true, Public: true, Title: 'Library opening hours during the winter holiday' });
  });

  it('refuses calls whose permission the roles lack with 403 "no operation permission"', async () => {
    expect(await t.fail(homeCalls.getDashboard, {}, 'student')).toMatchObject({ status: 403, code: 403, message: '无操作权限' });
    expect(await t.fail(readerCalls.exportReaders, {}, 'student', 'en-US')).toMatchObject({ status: 403, message: 'No operation permission' });
    expect((await t.fail(translationCalls.addTranslation, { Key: 'a:b', ZhCN: '', EnUS: '' }, 'librarian')).status).toBe(403);
    await t.data(homeCalls.getDashboard, {}, 'librarian');
  });

  it('filters menus by role, keeps parents, and marks the external link', async () => {
    const menusOf = async (account: string) =>
      await t.data(authCalls.authorization, {}, account) as {
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
