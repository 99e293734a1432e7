import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallDef } from '../../shared/api/contract.ts';
import { authCalls } from '../../shared/api/auth.ts';
import { homeCalls, type Shortcut } from '../../shared/api/home.ts';
import { jobCalls, type Job } from '../../shared/api/jobs.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { translationCalls } from '../../shared/api/translation.ts';
import { downloadJobFile } from '../testing/job-files.ts';
import { makeTestApp, type CallOptions, type TestApp } from '../testing/test-app.ts';
import { createPgTestDatabase, PG_TEST_URL, pgSkipReason, type PgTestDatabase } from '../testing/pg-test-db.ts';

// The real gateway (buildApp: migrations, seed, handlers, error mapping) on PostgreSQL, with a
// SQLite twin seeded for the same "now" so answers can be compared call by call.
if (pgSkipReason) console.info(pgSkipReason);

const SEED_NOW = new Date('2026-03-16T08:00:00.000Z');
let pgdb: PgTestDatabase;
let pg: TestApp;
let lite: TestApp;
let startMs = 0;

beforeAll(async () => {
  if (!PG_TEST_URL) return;
  pgdb = await createPgTestDatabase();
  const t0 = performance.now();
  // A small pause per job chunk (test hook) so export progress is observable.
  pg = await makeTestApp({ db: pgdb.db, jobChunkDelayMs: 20 }, SEED_NOW);
  startMs = performance.now() - t0;
  lite = await makeTestApp({}, SEED_NOW);
});

afterAll(async () => {
  await pg?.close();
  await lite?.close();
  await pgdb?.drop();
});

/** The same call as the same account on both gateways. */
async function both(call: CallDef, input: unknown, account: string | null, opts: CallOptions = {}) {
  const run = async (t: TestApp) => {
    const res = await t.call(call, input, { ...opts, token: account ? await t.tokenFor(account) : null });
    return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any } };
  };
  return { pg: await run(pg), lite: await run(lite) };
}

describe.skipIf(!PG_TEST_URL)('gateway on PostgreSQL', () => {
  it('starts on an empty database: migrates and seeds the demo school', async () => {
    console.info(`gateway build on PostgreSQL incl. migrations + seed: ${Math.round(startMs)} ms`);
    expect(pg.app.dbHandle.kind).toBe('postgres');
    expect(lite.app.dbHandle.kind).toBe('sqlite');
  });

  it('answers the read calls exactly like the SQLite gateway', async () => {
    const cases: Array<[CallDef, unknown, string | null, CallOptions?]> = [
      [sessionCalls.getUser, {}, 'admin'],
      [sessionCalls.getUser, {}, 'classlib', { lang: 'en-US' }],
      [sessionCalls.getUnitInfo, {}, null, { school: 2 }],
      [authCalls.authorization, {}, 'librarian'],
      [authCalls.authorization, {}, 'student'],
      [authCalls.getReadersInfo, {}, 'teacher', { lang: 'en-US' }],
      [authCalls.getSchoolByCode, { SchoolCode: 'shyc02' }, null],
      [homeCalls.getNotices, { Page: 1, Rows: 5 }, null, { school: 1, lang: 'en-US' }],
      [homeCalls.getNotices, { SearchKey: 'LIBRARY' }, null, { school: 1, lang: 'en-US' }],
      [homeCalls.getDashboard, {}, 'admin'],
      [homeCalls.getDashboard, {}, 'admin2'],
      [homeCalls.getShortcuts, {}, 'teacher'],
    ];
    for (const [call, input, account, opts] of cases) {
      const r = await both(call, input, account, opts);
      expect(r.pg.status, call.id).toBe(200);
      expect(r.pg, `${call.id} as ${account}`).toEqual(r.lite);
    }
  });

  it('isolates schools: school-2 data is invisible to a school-1 token; a foreign SchoolID is 403', async () => {
    const admin1 = await pg.tokenFor('admin');
    const admin2 = await pg.tokenFor('admin2');
    const add = await pg.call(translationCalls.addTranslation, { Key: 'common:secret', ZhCN: '二校', EnUS: 'school two' }, { token: admin2 });
    expect(add.json()).toMatchObject({ code: 0 });
    const id = add.json().data.ID as number;
    expect((await pg.call(translationCalls.getTranslation, { SearchKey: 'secret' }, { token: admin1 })).json().data.Total).toBe(0);
    expect((await pg.call(translationCalls.updateTranslation, { ID: id, Key: 'common:secret', ZhCN: 'x', EnUS: 'x' }, { token: admin1 })).statusCode).toBe(404);
    expect((await pg.call(translationCalls.deleteTranslation, { ID: id }, { token: admin1 })).statusCode).toBe(404);
    // The same key in school 1 is fine: uniqueness is per school.
    expect((await pg.call(translationCalls.addTranslation, { Key: 'common:secret', ZhCN: '一校', EnUS: 'one' }, { token: admin1 })).json().code).toBe(0);

    const d1 = (await pg.call(homeCalls.getDashboard, {}, { token: admin1 })).json().data;
    const d2 = (await pg.call(homeCalls.getDashboard, {}, { token: admin2 })).json().data;
    expect([d1.TitleCount, d2.TitleCount]).toEqual([3000, 200]);
    const jobs2 = (await pg.call(jobCalls.getProgressList, {}, { token: admin2 })).json().data;
    expect(jobs2.Total).toBe(0);

    const wrong = await pg.call(sessionCalls.getUser, {}, { token: admin1, school: 2 });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 403, message: '无权访问该学校的数据' });
    expect((await pg.call(sessionCalls.getUser, {}, { token: admin1, school: 1 })).statusCode).toBe(200);
  });

  it('runs the reader export job to the end and serves the file', async () => {
    const admin = await pg.tokenFor('admin');
    const start = await pg.call(readerCalls.exportReaders, {}, { token: admin, lang: 'en-US' });
    const dataId = start.json().data.DataID as string;
    const seen: Job[] = [];
    for (let i = 0; i < 500 && seen.at(-1)?.State !== 2; i++) {
      seen.push((await pg.call(jobCalls.getProgress, { DataID: dataId }, { token: admin })).json().data as Job);
      if (seen.at(-1)!.State === 1) await sleep(10);
    }
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ State: 2, OperationType: 'ExportReaders', Message: 'File generated, please click to download' });
    expect(seen.some((j) => j.State === 1 && j.Progress > 0 && j.Progress < j.DataCount)).toBe(true);
    const readers = (await pg.app.db.selectFrom('users').where('school_id', '=', 1).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(last.DataCount).toBe(readers);
    expect(last.Progress).toBe(readers);

    const file = await downloadJobFile(pg, dataId, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.actualRowCount).toBe(readers + 1);

    // The job list's search is case-insensitive (lower() LIKE on both dialects).
    expect((await pg.call(jobCalls.getProgressList, { SearchKey: 'READERS_' }, { token: admin })).json().data.Total).toBe(1);
  });

  it('manages translations: CRUD, case-insensitive search, duplicate key → 409 (also in a race)', async () => {
    const token = await pg.tokenFor('admin');
    const a = await pg.call(translationCalls.addTranslation, { Key: 'home:title', ZhCN: '首页', EnUS: 'Home' }, { token });
    expect(a.json()).toMatchObject({ code: 0, data: { Key: 'home:title', ZhCN: '首页' } });
    const dup = await pg.call(translationCalls.addTranslation, { Key: 'home:title', ZhCN: 'x', EnUS: 'x' }, { token, lang: 'en-US' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 409, message: 'The translation key home:title already exists' });
    const b = (await pg.call(translationCalls.addTranslation, { Key: 'home:other', ZhCN: '其他', EnUS: 'Other' }, { token })).json().data;
    const clash = await pg.call(translationCalls.updateTranslation, { ID: b.ID, Key: 'home:title', ZhCN: '', EnUS: '' }, { token });
    expect(clash.statusCode).toBe(409);
    const upd = await pg.call(translationCalls.updateTranslation, { ID: b.ID, Key: 'home:other', ZhCN: '别的', EnUS: 'Else' }, { token });
    expect(upd.json().data).toMatchObject({ ID: b.ID, EnUS: 'Else' });
    expect((await pg.call(translationCalls.getTranslation, { SearchKey: 'ELSE' }, { token })).json().data.Total).toBe(1);
    expect((await pg.call(translationCalls.getTranslation, { SearchKey: '别' }, { token })).json().data.Total).toBe(1);

    // Two admins adding the same key at once: one 200, one 409, never a 500.
    const race = await Promise.all(
      Array.from({ length: 4 }, () => pg.call(translationCalls.addTranslation, { Key: 'race:key', ZhCN: '并发', EnUS: 'race' }, { token })),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);

    expect((await pg.call(translationCalls.deleteTranslation, { ID: b.ID }, { token })).json()).toMatchObject({ code: 0, data: null });
    expect((await pg.call(translationCalls.deleteTranslation, { ID: b.ID }, { token })).statusCode).toBe(404);
  });

  it('saves, reorders and trims home shortcuts, also under concurrent saves', async () => {
    const token = await pg.tokenFor('teacher');
    const set = await pg.call(homeCalls.addShortcuts, { Urls: ['/data-analysis', '/class-booksearch', '/weekrank'] }, { token });
    expect(set.json().data.map((s: Shortcut) => s.Url)).toEqual(['/data-analysis', '/class-booksearch', '/weekrank']);
    const ids = (set.json().data as Shortcut[]).map((s) => s.ID);
    const sorted = await pg.call(homeCalls.updateShortcutsSort, { IDs: [ids[2], ids[0]] }, { token });
    expect(sorted.json().data.map((s: Shortcut) => s.ID)).toEqual([ids[2], ids[0], ids[1]]);
    // Two windows adding at once (one serializable transaction each): both additions land, none twice.
    const saves = await Promise.all([
      pg.call(homeCalls.addShortcuts, { Urls: ['/weekrank', '/setting', '/collLendrank'] }, { token }),
      pg.call(homeCalls.addShortcuts, { Urls: ['/weekrank', '/process', '/collLendrank'] }, { token }),
    ]);
    expect(saves.map((s) => s.statusCode)).toEqual([200, 200]);
    const final = (await pg.call(homeCalls.getShortcuts, {}, { token })).json().data as Shortcut[];
    expect(final.slice(0, 3).map((s) => s.Url)).toEqual(['/weekrank', '/data-analysis', '/class-booksearch']);
    expect(final.map((s) => s.Url).sort()).toEqual(['/class-booksearch', '/collLendrank', '/data-analysis', '/process', '/setting', '/weekrank']);

    const dash = (await pg.call(homeCalls.getDashboard, {}, { token: await pg.tokenFor('librarian') })).json().data;
    expect(dash.LoansByMonth).toHaveLength(12);
    expect(dash.OnLoanCount).toBeGreaterThanOrEqual(dash.OverdueCount);
    expect(dash.TitleCount).toBe(3000);
  });
});
