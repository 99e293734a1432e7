import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { homeCalls } from '../../shared/api/home.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { useTestGateway } from './gateway-fixture.ts';

// The fixture of the next describe block starts only when that block runs.
let later: ReturnType<typeof useTestGateway>;

describe('useTestGateway', () => {
  const t = useTestGateway();

  it('is not running outside its own block', () => {
    expect(() => later.app).toThrow(/not running/);
  });

  it('calls as a seeded account, resolving and caching its token', async () => {
    const user = await t.data(sessionCalls.getUser, {}, 'admin');
    expect(user).toMatchObject({ Account: 'admin', SchoolCode: 'BJSY01' });
    expect(await t.data(sessionCalls.getUser, {}, { as: 'admin2', lang: 'en-US' })).toMatchObject({ Account: 'admin2' });
    expect(t.tokenFor('teacher')).toBe(t.tokenFor('teacher'));
    const res = await t.call(sessionCalls.getUser, {}, { as: 'student' });
    expect(res.json().data.Account).toBe('student');
    // Raw tokens still go through; no token is anonymous.
    expect((await t.call(sessionCalls.getUser, {}, { token: await t.tokenFor('librarian') })).json().data.Account).toBe('librarian');
    expect((await t.call(sessionCalls.getUser)).statusCode).toBe(401);
  });

  it('data() throws on a refusal and fail() on a success, naming the call and the caller', async () => {
    await expect(t.data(homeCalls.getDashboard, {}, 'student')).rejects.toThrow(/^home\.getDashboard as student: expected success, got HTTP 403/);
    await expect(t.fail(sessionCalls.getUser, {}, 'admin')).rejects.toThrow(/^session\.getUser as admin: expected a refusal, got HTTP 200/);
    await expect(t.data(sessionCalls.getUser, {}, null)).rejects.toThrow(/as anonymous: expected success, got HTTP 401/);
  });

  it('fail() returns status, code, message and data in the asked language', async () => {
    expect(await t.fail(homeCalls.getDashboard, {}, 'student', 'en-US')).toEqual({ status: 403, code: 403, success: false, message: 'No operation permission', data: null });
    expect(await t.fail(homeCalls.getDashboard, {}, { as: 'student' })).toMatchObject({ status: 403, message: '无操作权限' });
    const bad = await t.fail(homeCalls.addShortcuts, { Urls: 5 }, 'admin');
    expect(bad).toMatchObject({ status: 400, code: 400 });
    expect((bad.data as { Issues: unknown[] }).Issues.length).toBeGreaterThan(0);
    expect((await t.fail(sessionCalls.getUser, {}, null)).status).toBe(401);
  });

  it('refuses `as` together with `token`, and an unknown account without poisoning the cache', async () => {
    await expect(t.call(sessionCalls.getUser, {}, { as: 'admin', token: 'x' })).rejects.toThrow(/either `as` or `token`/);
    await expect(t.tokenFor('nobody-like-this')).rejects.toThrow();
    await expect(t.tokenFor('nobody-like-this')).rejects.toThrow();
  });
});

describe('useTestGateway options', () => {
  let hooked: FastifyInstance | null = null;
  let dir = '';
  beforeAll(() => {
    dir = 'read-when-started';
  });
  const t = useTestGateway(() => ({
    config: { jobChunkDelayMs: dir === 'read-when-started' ? 7 : 0 },
    seedNow: new Date('2026-03-10T02:00:00Z'),
    hooks: { beforeReady: (app) => void (hooked = app) },
  }));
  later = t;

  it('passes config, seed time and hooks through, reading the options when it starts', async () => {
    expect(t.config.jobChunkDelayMs).toBe(7);
    expect(hooked).toBe(t.app);
    expect(t.buildMs).toBeGreaterThan(0);
    // The demo loans end at the seed time.
    const last = await t.db.selectFrom('loans').select((eb) => eb.fn.max('loaned_at').as('at')).executeTakeFirstOrThrow();
    expect(String(last.at) < '2026-03-10T02:00:00Z' && String(last.at) > '2026-03-03').toBe(true);
    expect(t.db).toBe(t.app.db);
  });

  it('closes early on request; afterwards nothing answers', async () => {
    await t.close();
    expect(() => t.app).toThrow(/not running/);
    await expect(t.call(sessionCalls.getUser, {}, 'admin')).rejects.toThrow(/not running/);
  });
});
