import { describe, expect, it } from 'vitest';
import { authCalls } from '../../shared/api/auth.ts';
import { homeCalls, type Shortcut } from '../../shared/api/home.ts';
import { MAX_SHORTCUTS } from '../../shared/domain/ui-constants.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { translationCalls } from '../../shared/api/translation.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

describe('home, session and translation handlers', () => {
  it('saves, refuses and reorders shortcuts', async () => {
    const set = await t.data(homeCalls.addShortcuts, { Urls: ['/data-analysis', '/class-booksearch', '/weekrank'] }, 'teacher');
    expect(set.map((s: Shortcut) => s.Url)).toEqual(['/data-analysis', '/class-booksearch', '/weekrank']);
    expect(set[0]!.MenuName).not.toBe('/data-analysis');

    expect(await t.fail(homeCalls.addShortcuts, { Urls: ['/sys/menu'] }, 'teacher', 'en-US')).toMatchObject({ status: 409, message: 'You may not add this menu: /sys/menu' });

    const ids = (set as Shortcut[]).map((s) => s.ID);
    const sorted = await t.data(homeCalls.updateShortcutsSort, { IDs: [ids[2], ids[0]] }, 'teacher');
    expect(sorted.map((s: Shortcut) => s.ID)).toEqual([ids[2], ids[0], ids[1]]);

    // Adding adds: the existing ones stay in their order, the new ones follow, none twice.
    const more = await t.data(homeCalls.addShortcuts, { Urls: ['/weekrank', '/setting', '/process', '/setting'] }, 'teacher');
    expect(more.map((s: Shortcut) => s.Url)).toEqual(['/weekrank', '/data-analysis', '/class-booksearch', '/setting', '/process']);
    const same = await t.data(homeCalls.addShortcuts, { Urls: ['/data-analysis'] }, 'teacher');
    expect(same.map((s: Shortcut) => s.Url)).toEqual(['/weekrank', '/data-analysis', '/class-booksearch', '/setting', '/process']);

    // Removing is its own call; another user's shortcut IDs are ignored.
    const theirs = await t.data(homeCalls.getShortcuts, {}, 'librarian') as Shortcut[];
    expect(theirs.length).toBeGreaterThan(0);
    const mine = more as Shortcut[];
    const removed = await t.data(homeCalls.deleteShortcuts, { IDs: [mine[1]!.ID, theirs[0]!.ID] }, 'teacher');
    expect(removed.map((s: Shortcut) => s.Url)).toEqual(['/weekrank', '/class-booksearch', '/setting', '/process']);
    expect(await t.data(homeCalls.getShortcuts, {}, 'librarian')).toHaveLength(theirs.length);
  });

  it('refuses shortcuts beyond the limit and adds none of them', async () => {
    const menus = (await t.db.selectFrom('menus').select('url').where('school_id', '=', 1).where('url', 'not like', 'group:%').where('url', 'like', '/%').orderBy('id').execute()).map((m) => m.url);
    const before = await t.data(homeCalls.getShortcuts, {}, 'admin') as Shortcut[];
    const fresh = menus.filter((u) => !before.some((s) => s.Url === u));
    const fill = fresh.slice(0, MAX_SHORTCUTS - before.length);
    const full = await t.data(homeCalls.addShortcuts, { Urls: fill }, 'admin');
    expect(full).toHaveLength(MAX_SHORTCUTS);
    expect(await t.fail(homeCalls.addShortcuts, { Urls: [fresh[MAX_SHORTCUTS]!, '/data-analysis'] }, 'admin', 'en-US')).toMatchObject({ status: 409, code: 409, message: `You can keep at most ${MAX_SHORTCUTS} shortcuts; remove some first` });
    expect(await t.data(homeCalls.getShortcuts, {}, 'admin')).toHaveLength(MAX_SHORTCUTS);
    // Adding one that is already there is no addition, even when full.
    await t.data(homeCalls.addShortcuts, { Urls: [fill[0]!] }, 'admin');
  });

  it('computes the dashboard from the tables', async () => {
    const d = await t.data(homeCalls.getDashboard, {}, 'librarian');
    expect(d.TitleCount).toBe(3000);
    expect(d.CopyCount).toBeGreaterThan(5500);
    expect(d.OnLoanCount).toBeGreaterThan(d.OverdueCount);
    expect(d.OverdueCount).toBeGreaterThan(0);
    expect(d.LoansByMonth).toHaveLength(12);
    expect(d.LoansByMonth.reduce((s: number, m: { Count: number }) => s + m.Count, 0)).toBeGreaterThan(10000);
  });

  it('stores the language and reports session and reader info', async () => {
    expect(await t.data(authCalls.language, { Language: 'en-US' }, 'classlib')).toEqual({ Language: 'en-US' });
    const user = await t.data(sessionCalls.getUser, {}, 'classlib');
    expect(user).toMatchObject({ Account: 'classlib', Language: 'en-US', Identity: 'student', PasswordPolicy: 'strong' });
    expect(user.Roles.map((r: { EnName: string }) => r.EnName)).toEqual(['Class librarian', 'Reader']);
    const info = await t.data(authCalls.getReadersInfo, {}, { as: 'classlib', lang: 'en-US' });
    expect(info).toMatchObject({ SchoolCode: 'BJSY01', SchoolName: 'Beijing No.1 Experimental School', DeptName: expect.stringMatching(/^Grade \d Class \d$/) });
    const school = await t.data(authCalls.getSchoolByCode, { SchoolCode: 'shyc02' }, null);
    expect(school).toMatchObject({ SchoolID: 2, SchoolName: '上海市育才中学' });
    expect((await t.fail(authCalls.getSchoolByCode, { SchoolCode: 'NOPE' }, null)).status).toBe(404);
  });

  it('manages translation overrides with a friendly duplicate error', async () => {
    const a = await t.data(translationCalls.addTranslation, { Key: 'home:title', ZhCN: '首页', EnUS: 'Home' }, 'admin');
    expect(a).toMatchObject({ Key: 'home:title', ZhCN: '首页' });
    expect(await t.fail(translationCalls.addTranslation, { Key: 'home:title', ZhCN: 'x', EnUS: 'x' }, 'admin', 'en-US')).toMatchObject({ status: 409, message: 'The translation key home:title already exists' });
    const b = await t.data(translationCalls.addTranslation, { Key: 'home:other', ZhCN: '其他', EnUS: 'Other' }, 'admin');
    expect((await t.fail(translationCalls.updateTranslation, { ID: b.ID, Key: 'home:title', ZhCN: '', EnUS: '' }, 'admin')).status).toBe(409);
    const upd = await t.data(translationCalls.updateTranslation, { ID: b.ID, Key: 'home:other', ZhCN: '别的', EnUS: 'Else' }, 'admin');
    expect(upd.EnUS).toBe('Else');
    const found = await t.data(translationCalls.getTranslation, { SearchKey: '别' }, 'admin');
    expect(found.Total).toBe(1);
    expect(await t.data(translationCalls.searchTranslation, {}, 'admin')).toHaveLength(2);
    // home: strings belong to signed-in screens: nothing of them before sign-in.
    expect(await t.data(translationCalls.searchTranslation, {}, { school: 1 })).toEqual([]);
    expect(await t.data(translationCalls.deleteTranslation, { ID: b.ID }, 'admin')).toBeNull();
  });

  it('replays a retried write with the same Idempotency-Key and refuses a different one', async () => {
    const headers = { 'idempotency-key': 'desk-1-0001' };
    const first = await t.call(translationCalls.addTranslation, { Key: 'x:y', ZhCN: '1', EnUS: '1' }, { as: 'admin', headers });
    const again = await t.call(translationCalls.addTranslation, { Key: 'x:y', ZhCN: '1', EnUS: '1' }, { as: 'admin', headers });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replay']).toBe('true');
    expect((await t.fail(translationCalls.addTranslation, { Key: 'x:z', ZhCN: '1', EnUS: '1' }, { as: 'admin', headers })).status).toBe(409);
  });
});
