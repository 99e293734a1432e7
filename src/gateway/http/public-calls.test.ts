import { describe, expect, it } from 'vitest';
import { homeCalls } from '../../shared/api/home.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { isPublicTranslationKey, translationCalls } from '../../shared/api/translation.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

// What answers before sign-in (issue 6): only what a pre-sign-in page needs, of the school the
// SchoolID header names; the rest needs a token. Each call: no token, another school's header,
// and a signed-in user for comparison.
const t = useTestGateway();

type Notice = { Title: string; Public: boolean };
type Tr = { Key: string };

describe('public calls', () => {
  it('LibNotice/GetNoticeList: without a token only the notices the school marked public', async () => {
    const all = await t.data(homeCalls.getNotices, { Rows: 50 }, 'student');
    expect(all.Total).toBe(5);
    expect(all.List.filter((n: Notice) => !n.Public).map((n: Notice) => n.Title)).toEqual(['逾期图书归还提醒']);

    const anon = await t.data(homeCalls.getNotices, { Rows: 50 }, { school: 1 });
    expect(anon.Total).toBe(4);
    expect(anon.List.every((n: Notice) => n.Public)).toBe(true);
    expect(anon.List.map((n: Notice) => n.Title)).not.toContain('逾期图书归还提醒');
    // Searching does not reach past the rule either.
    expect((await t.data(homeCalls.getNotices, { SearchKey: '逾期' }, { school: 1 })).Total).toBe(0);

    // Another school's header: that school's public notices, nothing of school 1.
    const other = await t.data(homeCalls.getNotices, { Rows: 50 }, { school: 2 });
    expect(other.List.map((n: Notice) => n.Title)).toEqual(['育才中学图书馆开放通知']);
    // No school at all: nothing.
    expect(await t.data(homeCalls.getNotices, {}, null)).toEqual({ List: [], Total: 0 });
    // A token of one school with the header of another is refused.
    expect((await t.fail(homeCalls.getNotices, {}, { as: 'admin', school: 2 })).status).toBe(403);
  });

  it('Config/GetTranslation (the administrators\' list) needs a token and the translations menu', async () => {
    await t.call(translationCalls.addTranslation, { Key: 'auth:title', ZhCN: '欢迎登录', EnUS: 'Welcome' }, 'admin');
    await t.call(translationCalls.addTranslation, { Key: 'home:secretPlan', ZhCN: '内部', EnUS: 'internal' }, 'admin');
    const anon = await t.call(translationCalls.getTranslation, {}, { school: 1, lang: 'en-US' });
    expect(anon.statusCode).toBe(401);
    expect(anon.headers['content-type']).toMatch(/^application\/json/);
    expect(anon.json()).toMatchObject({ code: 401, success: false });
    // The probe's overflow request, without a token, is refused before anything runs.
    expect((await t.fail(translationCalls.getTranslation, { Page: 2000000000000000, Rows: 5000 }, { school: 1 })).status).toBe(401);
    for (const account of ['student', 'librarian']) {
      expect((await t.fail(translationCalls.getTranslation, {}, account)).status, account).toBe(403);
    }
    const list = await t.data(translationCalls.getTranslation, {}, 'admin');
    expect(list.List.map((r: Tr) => r.Key)).toEqual(['auth:title', 'home:secretPlan']);
    expect((await t.data(translationCalls.getTranslation, {}, 'admin2')).Total).toBe(0);
  });

  it('Search/Translation: every override to a signed-in user, only the pre-sign-in pages\' ones without a token', async () => {
    await t.call(translationCalls.addTranslation, { Key: 'shell:portal.title', ZhCN: '读者门户', EnUS: 'Portal' }, 'admin');
    await t.call(translationCalls.addTranslation, { Key: 'shell:menu.hidden', ZhCN: '隐藏', EnUS: 'hidden' }, 'admin');
    await t.call(translationCalls.addTranslation, { Key: 'auth:title', ZhCN: '育才登录', EnUS: 'Yucai' }, 'admin2');

    const signedIn = (await t.data(translationCalls.searchTranslation, {}, 'student')).map((r: Tr) => r.Key);
    expect(signedIn).toEqual(['auth:title', 'home:secretPlan', 'shell:menu.hidden', 'shell:portal.title']);
    const anon = await t.data(translationCalls.searchTranslation, {}, { school: 1 });
    expect(anon.map((r: Tr) => r.Key)).toEqual(['auth:title', 'shell:portal.title']);
    expect(anon.find((r: Tr) => r.Key === 'auth:title')).toMatchObject({ ZhCN: '欢迎登录' });
    // Another school's header: its own public overrides, none of school 1's.
    const other = await t.data(translationCalls.searchTranslation, {}, { school: 2 });
    expect(other).toEqual([expect.objectContaining({ Key: 'auth:title', ZhCN: '育才登录' })]);
    expect(await t.data(translationCalls.searchTranslation, {}, null)).toEqual([]);
    expect((await t.fail(translationCalls.searchTranslation, {}, { as: 'admin', school: 2 })).status).toBe(403);
  });

  it('space/info: names and theme colours without a token; code, address, area and period to signed-in users', async () => {
    const anon = await t.data(sessionCalls.getUnitInfo, {}, { school: 1 });
    expect(Object.keys(anon).sort()).toEqual(['SchoolEnName', 'SchoolID', 'SchoolName', 'ThemeColor']);
    expect(anon).toMatchObject({ SchoolID: 1, SchoolName: '北京市第一实验学校', ThemeColor: { bgColor: '#1f4e79' } });
    const other = await t.data(sessionCalls.getUnitInfo, {}, { school: 2 });
    expect(Object.keys(other).sort()).toEqual(['SchoolEnName', 'SchoolID', 'SchoolName', 'ThemeColor']);
    expect(other.SchoolName).toBe('上海市育才中学');
    const full = await t.data(sessionCalls.getUnitInfo, {}, 'student');
    expect(full).toMatchObject({ SchoolID: 1, SchoolCode: 'BJSY01', Address: '北京市西城区实验路1号', Area: '北京市西城区', LearningPeriod: expect.any(String) });
    expect((await t.fail(sessionCalls.getUnitInfo, {}, null)).status).toBe(400);
    expect((await t.fail(sessionCalls.getUnitInfo, {}, { as: 'admin', school: 2 })).status).toBe(403);
  });

  it('names the public translation prefixes narrowly', () => {
    expect(isPublicTranslationKey('auth:login.title')).toBe(true);
    expect(isPublicTranslationKey('shell:portal.title')).toBe(true);
    expect(isPublicTranslationKey('shell:menu.x')).toBe(false);
    expect(isPublicTranslationKey('readers:publicCheck.title')).toBe(true);
    expect(isPublicTranslationKey('readers:fields.Phone')).toBe(false);
    expect(isPublicTranslationKey('authx:y')).toBe(false);
  });
});

describe('rate limit of the public calls', () => {
  const r = useTestGateway({
    config: {
      rateLimit: { max: 1000, windowMs: 60_000, exemptLoopback: false },
      publicRateLimit: { max: 3, windowMs: 60_000, exemptLoopback: false },
    },
  });

  it('limits anonymous callers per address and call; signed-in callers are not held to it', async () => {
    const token = await r.tokenFor('student');
    const ask = (remoteAddress: string, headers: Record<string, string>) =>
      r.app.inject({ method: 'GET', url: sessionCalls.getUnitInfo.path, remoteAddress, headers: { schoolid: '1', ...headers } });
    for (let i = 0; i < 3; i++) expect((await ask('198.51.100.1', {})).statusCode).toBe(200);
    const limited = await ask('198.51.100.1', { 'accept-language': 'en-US' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/^application\/json/);
    expect(limited.json()).toMatchObject({ code: 429, success: false, message: expect.any(String) });
    // Another address, and a signed-in user behind the same address, are not affected.
    expect((await ask('198.51.100.2', {})).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await ask('198.51.100.1', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    // A made-up token counts as anonymous.
    expect((await ask('198.51.100.1', { authorization: 'Bearer made-up' })).statusCode).toBe(429);
    // The limit is per call: notices from the same address still answer.
    const notices = await r.app.inject({ method: 'POST', url: homeCalls.getNotices.path, remoteAddress: '198.51.100.1', headers: { schoolid: '1' }, payload: {} });
    expect(notices.statusCode).toBe(200);
  });
});
