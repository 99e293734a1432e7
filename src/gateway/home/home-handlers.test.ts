import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authCalls } from '../../shared/api/auth.ts';
import { homeCalls, type Shortcut } from '../../shared/api/home.ts';
import { MAX_SHORTCUTS } from '../../shared/domain/ui-constants.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { translationCalls } from '../../shared/api/translation.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('home, session and translation handlers', () => {
  it('saves, refuses and reorders shortcuts', async () => {
    const token = await t.tokenFor('teacher');
    const set = await t.call(homeCalls.addShortcuts, { Urls: ['/data-analysis', '/class-booksearch', '/weekrank'] }, { token });
    expect(set.json().data.map((s: Shortcut) => s.Url)).toEqual(['/data-analysis', '/class-booksearch', '/weekrank']);
    expect(set.json().data[0].MenuName).not.toBe('/data-analysis');

    const refused = await t.call(homeCalls.addShortcuts, { Urls: ['/sys/menu'] }, { token, lang: 'en-US' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You may not add this menu: /sys/menu');

    const ids = (set.json().data as Shortcut[]).map((s) => s.ID);
    const sorted = await t.call(homeCalls.updateShortcutsSort, { IDs: [ids[2], ids[0]] }, { token });
    expect(sorted.json().data.map((s: Shortcut) => s.ID)).toEqual([ids[2], ids[0], ids[1]]);

    // Adding adds: the existing ones stay in their order, the new ones follow, none twice.
    const more = await t.call(homeCalls.addShortcuts, { Urls: ['/weekrank', '/setting', '/process', '/setting'] }, { token });
    expect(more.statusCode).toBe(200);
    expect(more.json().data.map((s: Shortcut) => s.Url)).toEqual(['/weekrank', '/data-analysis', '/class-booksearch', '/setting', '/process']);
    const same = await t.call(homeCalls.addShortcuts, { Urls: ['/data-analysis'] }, { token });
    expect(same.json().data.map((s: Shortcut) => s.Url)).toEqual(['/weekrank', '/data-analysis', '/class-booksearch', '/setting', '/process']);

    // Removing is its own call; another user's shortcut IDs are ignored.
    const librarian = await t.tokenFor('librarian');
    const theirs = (await t.call(homeCalls.getShortcuts, {}, { token: librarian })).json().data as Shortcut[];
    expect(theirs.length).toBeGreaterThan(0);
    const mine = more.json().data as Shortcut[];
    const removed = await t.call(homeCalls.deleteShortcuts, { IDs: [mine[1]!.ID, theirs[0]!.ID] }, { token });
    expect(removed.json().data.map((s: Shortcut) => s.Url)).toEqual(['/weekrank', '/class-booksearch', '/setting', '/process']);
    expect((await t.call(homeCalls.getShortcuts, {}, { token: librarian })).json().data).toHaveLength(theirs.length);
  });

  it('refuses shortcuts beyond the limit and adds none of them', async () => {
    const token = await t.tokenFor('admin');
    const menus = (await t.app.db.selectFrom('menus').select('url').where('school_id', '=', 1).where('url', 'not like', 'group:%').where('url', 'like', '/%').orderBy('id').execute()).map((m) => m.url);
    const before = (await t.call(homeCalls.getShortcuts, {}, { token })).json().data as Shortcut[];
    const fresh = menus.filter((u) => !before.some((s) => s.Url === u));
    const fill = fresh.slice(0, MAX_SHORTCUTS - before.length);
    const full = await t.call(homeCalls.addShortcuts, { Urls: fill }, { token });
    expect(full.json().data).toHaveLength(MAX_SHORTCUTS);
    const over = await t.call(homeCalls.addShortcuts, { Urls: [fresh[MAX_SHORTCUTS]!, '/data-analysis'] }, { token, lang: 'en-US' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ code: 409, message: `You can keep at most ${MAX_SHORTCUTS} shortcuts; remove some first` });
    expect((await t.call(homeCalls.getShortcuts, {}, { token })).json().data).toHaveLength(MAX_SHORTCUTS);
    // Adding one that is already there is no addition, even when full.
    expect((await t.call(homeCalls.addShortcuts, { Urls: [fill[0]!] }, { token })).statusCode).toBe(200);
  });

  it('computes the dashboard from the tables', async () => {
    const d = (await t.call(homeCalls.getDashboard, {}, { token: await t.tokenFor('librarian') })).json().data;
    expect(d.TitleCount).toBe(3000);
    expect(d.CopyCount).toBeGreaterThan(5500);
    expect(d.OnLoanCount).toBeGreaterThan(d.OverdueCount);
    expect(d.OverdueCount).toBeGreaterThan(0);
    expect(d.LoansByMonth).toHaveLength(12);
    expect(d.LoansByMonth.reduce((s: number, m: { Count: number }) => s + m.Count, 0)).toBeGreaterThan(10000);
  });

  it('stores the language and reports session and reader info', async () => {
    const token = await t.tokenFor('classlib');
    expect((await t.call(authCalls.language, { Language: 'en-US' }, { token })).json().data).toEqual({ Language: 'en-US' });
    const user = (await t.call(sessionCalls.getUser, {}, { token })).json().data;
    expect(user).toMatchObject({ Account: 'classlib', Language: 'en-US', Identity: 'student', PasswordPolicy: 'strong' });
    expect(user.Roles.map((r: { EnName: string }) => r.EnName)).toEqual(['Class librarian', 'Reader']);
    const info = (await t.call(authCalls.getReadersInfo, {}, { token, lang: 'en-US' })).json().data;
    expect(info).toMatchObject({ SchoolCode: 'BJSY01', SchoolName: 'Beijing No.1 Experimental School', DeptName: expect.stringMatching(/^Grade \d Class \d$/) });
    const school = (await t.call(authCalls.getSchoolByCode, { SchoolCode: 'shyc02' })).json();
    expect(school).toMatchObject({ code: 0, data: { SchoolID: 2, SchoolName: '上海市育才中学' } });
    expect((await t.call(authCalls.getSchoolByCode, { SchoolCode: 'NOPE' })).statusCode).toBe(404);
  });

  it('manages translation overrides with a friendly duplicate error', async () => {
    const token = await t.tokenFor('admin');
    const a = await t.call(translationCalls.addTranslation, { Key: 'home:title', ZhCN: '首页', EnUS: 'Home' }, { token });
    expect(a.json()).toMatchObject({ code: 0, data: { Key: 'home:title', ZhCN: '首页' } });
    const dup = await t.call(translationCalls.addTranslation, { Key: 'home:title', ZhCN: 'x', EnUS: 'x' }, { token, lang: 'en-US' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('The translation key home:title already exists');
    const b = await t.call(translationCalls.addTranslation, { Key: 'home:other', ZhCN: '其他', EnUS: 'Other' }, { token });
    const clash = await t.call(translationCalls.updateTranslation, { ID: b.json().data.ID, Key: 'home:title', ZhCN: '', EnUS: '' }, { token });
    expect(clash.statusCode).toBe(409);
    const upd = await t.call(translationCalls.updateTranslation, { ID: b.json().data.ID, Key: 'home:other', ZhCN: '别的', EnUS: 'Else' }, { token });
    expect(upd.json().data.EnUS).toBe('Else');
    const found = (await t.call(translationCalls.getTranslation, { SearchKey: '别' }, { token })).json().data;
    expect(found.Total).toBe(1);
    expect((await t.call(translationCalls.searchTranslation, {}, { token })).json().data).toHaveLength(2);
    // home: strings belong to signed-in screens: nothing of them before sign-in.
    expect((await t.call(translationCalls.searchTranslation, {}, { school: 1 })).json().data).toEqual([]);
    expect((await t.call(translationCalls.deleteTranslation, { ID: b.json().data.ID }, { token })).json()).toMatchObject({ code: 0, data: null });
  });

  it('replays a retried write with the same Idempotency-Key and refuses a different one', async () => {
    const token = await t.tokenFor('admin');
    const headers = { 'idempotency-key': 'desk-1-0001' };
    const first = await t.call(translationCalls.addTranslation, { Key: 'x:y', ZhCN: '1', EnUS: '1' }, { token, headers });
    const again = await t.call(translationCalls.addTranslation, { Key: 'x:y', ZhCN: '1', EnUS: '1' }, { token, headers });
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replay']).toBe('true');
    const other = await t.call(translationCalls.addTranslation, { Key: 'x:z', ZhCN: '1', EnUS: '1' }, { token, headers });
    expect(other.statusCode).toBe(409);
  });
});
