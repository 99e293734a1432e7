import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CallDef } from '../../shared/api/contract.ts';
import { authCalls } from '../../shared/api/auth.ts';
import { homeCalls, type Shortcut } from '../../shared/api/home.ts';
import { jobCalls, type Job } from '../../shared/api/jobs.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { translationCalls } from '../../shared/api/translation.ts';
import { downloadJobFile } from '../testing/job-files.ts';
import { useTestGateway, type TestGateway } from '../testing/gateway-fixture.ts';
import type { CallOptions } from '../testing/test-app.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';

// The real gateway (buildApp: migrations, seed, handlers, error mapping) on PostgreSQL, with a
// SQLite twin seeded for the same "now" so answers can be compared call by call.
if (pgSkipReason) console.info(pgSkipReason);

const SEED_NOW = new Date('2026-03-16T08:00:00.000Z');

describe.skipIf(!PG_TEST_URL)('gateway on PostgreSQL', () => {
  // A small pause per job chunk (test hook) so export progress is observable.
  const pg = useTestGateway({ postgres: true, config: { jobChunkDelayMs: 20 }, seedNow: SEED_NOW });
  const lite = useTestGateway({ seedNow: SEED_NOW });

  /** The same call as the same account on both gateways. */
  async function both(call: CallDef, input: unknown, account: string | null, opts: CallOptions = {}) {
    const run = async (t: TestGateway) => {
      const res = await t.call(call, input, { ...opts, as: account ?? undefined });
      return { status: res.statusCode, body: res.json() as { code: number; message: string; data: any } };
    };
    return { pg: await run(pg), lite: await run(lite) };
  }

  it('starts on an empty database: migrates and seeds the demo school', async () => {
    console.info(`gateway build on PostgreSQL incl. migrations + seed: ${Math.round(pg.buildMs)} ms`);
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
    const add = await pg.data(translationCalls.addTranslation, { Key: 'common:secret', ZhCN: '二校', EnUS: 'school two' }, 'admin2');
    const id = add.ID as number;
    expect((await pg.data(translationCalls.getTranslation, { SearchKey: 'secret' }, 'admin')).Total).toBe(0);
    expect((await pg.fail(translationCalls.updateTranslation, { ID: id, Key: 'common:secret', ZhCN: 'x', EnUS: 'x' }, 'admin')).status).toBe(404);
    expect((await pg.fail(translationCalls.deleteTranslation, { ID: id }, 'admin')).status).toBe(404);
    // The same key in school 1 is fine: uniqueness is per school.
    await pg.data(translationCalls.addTranslation, { Key: 'common:secret', ZhCN: '一校', EnUS: 'one' }, 'admin');

    const d1 = await pg.data(homeCalls.getDashboard, {}, 'admin');
    const d2 = await pg.data(homeCalls.getDashboard, {}, 'admin2');
    expect([d1.TitleCount, d2.TitleCount]).toEqual([3000, 200]);
    const jobs2 = await pg.data(jobCalls.getProgressList, {}, 'admin2');
    expect(jobs2.Total).toBe(0);

    expect(await pg.fail(sessionCalls.getUser, {}, { as: 'admin', school: 2 })).toMatchObject({ status: 403, code: 403, message: '无权访问该学校的数据' });
    await pg.data(sessionCalls.getUser, {}, { as: 'admin', school: 1 });
  });

  it('runs the reader export job to the end and serves the file', async () => {
    const admin = await pg.tokenFor('admin');
    const start = await pg.data(readerCalls.exportReaders, {}, { as: 'admin', lang: 'en-US' });
    const dataId = start.DataID as string;
    const seen: Job[] = [];
    for (let i = 0; i < 500 && seen.at(-1)?.State !== 2; i++) {
      seen.push(await pg.data(jobCalls.getProgress, { DataID: dataId }, 'admin') as Job);
      if (seen.at(-1)!.State === 1) await sleep(10);
    }
    const last = seen.at(-1)!;
    expect(last).toMatchObject({ State: 2, OperationType: 'ExportReaders', Message: 'File generated, please click to download' });
    expect(seen.some((j) => j.State === 1 && j.Progress > 0 && j.Progress < j.DataCount)).toBe(true);
    const readers = (await pg.db.selectFrom('users').where('school_id', '=', 1).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(last.DataCount).toBe(readers);
    expect(last.Progress).toBe(readers);

    const file = await downloadJobFile(pg, dataId, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.actualRowCount).toBe(readers + 1);

    // The job list's search is case-insensitive (lower() LIKE on both dialects).
    expect((await pg.data(jobCalls.getProgressList, { SearchKey: 'READERS_' }, 'admin')).Total).toBe(1);
  });

  it('manages translations: CRUD, case-insensitive search, duplicate key → 409 (also in a race)', async () => {
    const a = await pg.data(translationCalls.addTranslation, { Key: 'home:title', ZhCN: '首页', EnUS: 'Home' }, 'admin');
    expect(a).toMatchObject({ Key: 'home:title', ZhCN: '首页' });
    expect(await pg.fail(translationCalls.addTranslation, { Key: 'home:title', ZhCN: 'x', EnUS: 'x' }, 'admin', 'en-US')).toMatchObject({ status: 409, code: 409, message: 'The translation key home:title already exists' });
    const b = await pg.data(translationCalls.addTranslation, { Key: 'home:other', ZhCN: '其他', EnUS: 'Other' }, 'admin');
    expect((await pg.fail(translationCalls.updateTranslation, { ID: b.ID, Key: 'home:title', ZhCN: '', EnUS: '' }, 'admin')).status).toBe(409);
    const upd = await pg.data(translationCalls.updateTranslation, { ID: b.ID, Key: 'home:other', ZhCN: '别的', EnUS: 'Else' }, 'admin');
    expect(upd).toMatchObject({ ID: b.ID, EnUS: 'Else' });
    expect((await pg.data(translationCalls.getTranslation, { SearchKey: 'ELSE' }, 'admin')).Total).toBe(1);
    expect((await pg.data(translationCalls.getTranslation, { SearchKey: '别' }, 'admin')).Total).toBe(1);

    // Two admins adding the same key at once: one 200, one 409, never a 500.
    const race = await Promise.all(
      Array.from({ length: 4 }, () => pg.call(translationCalls.addTranslation, { Key: 'race:key', ZhCN: '并发', EnUS: 'race' }, 'admin')),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);

    expect(await pg.data(translationCalls.deleteTranslation, { ID: b.ID }, 'admin')).toBeNull();
    expect((await pg.fail(translationCalls.deleteTranslation, { ID: b.ID }, 'admin')).status).toBe(404);
  });

  it('saves, reorders and trims home shortcuts, also under concurrent saves', async () => {
    const set = await pg.data(homeCalls.addShortcuts, { Urls: ['/data-analysis', '/class-booksearch', '/weekrank'] }, 'teacher');
    expect(set.map((s: Shortcut) => s.Url)).toEqual(['/data-analysis', '/class-booksearch', '/weekrank']);
    const ids = (set as Shortcut[]).map((s) => s.ID);
    const sorted = await pg.data(homeCalls.updateShortcutsSort, { IDs: [ids[2], ids[0]] }, 'teacher');
    expect(sorted.map((s: Shortcut) => s.ID)).toEqual([ids[2], ids[0], ids[1]]);
    // Two windows adding at once (one serializable transaction each): both additions land, none twice.
    const saves = await Promise.all([
      pg.call(homeCalls.addShortcuts, { Urls: ['/weekrank', '/setting', '/collLendrank'] }, 'teacher'),
      pg.call(homeCalls.addShortcuts, { Urls: ['/weekrank', '/process', '/collLendrank'] }, 'teacher'),
    ]);
    expect(saves.map((s) => s.statusCode)).toEqual([200, 200]);
    const final = await pg.data(homeCalls.getShortcuts, {}, 'teacher') as Shortcut[];
    expect(final.slice(0, 3).map((s) => s.Url)).toEqual(['/weekrank', '/data-analysis', '/class-booksearch']);
    expect(final.map((s) => s.Url).sort()).toEqual(['/class-booksearch', '/collLendrank', '/data-analysis', '/process', '/setting', '/weekrank']);

    const dash = await pg.data(homeCalls.getDashboard, {}, 'librarian');
    expect(dash.LoansByMonth).toHaveLength(12);
    expect(dash.OnLoanCount).toBeGreaterThanOrEqual(dash.OverdueCount);
    expect(dash.TitleCount).toBe(3000);
  });
});
