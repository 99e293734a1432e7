import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobCalls } from '../../shared/api/jobs.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

// A small pause per chunk (test hook) so progress can be watched and a job stopped midway.
const t = useTestGateway({ config: { jobChunkDelayMs: 30 } });
// pollJob and downloadJobFile take the bearer token itself.
let admin: string;
beforeAll(async () => {
  admin = await t.tokenFor('admin');
});

describe('reader export job', () => {
  it('runs, reports progress, and serves the .xlsx (phones masked) against a download ticket', async () => {
    const start = await t.data(readerCalls.exportReaders, {}, { as: 'admin', lang: 'en-US' });
    expect(start).toMatchObject({ DataID: expect.any(String) });
    const dataId = start.DataID as string;
    const seen = await pollJob(t, dataId, admin, (j) => j.State !== 1);
    const last = seen[seen.length - 1]!;
    expect(last).toMatchObject({ State: 2, Message: 'File generated, please click to download', OperationType: 'ExportReaders' });
    expect(last.Progress).toBe(last.DataCount);
    expect(last.FileName).toMatch(/^Readers_\d{8}_\d{6}\.xlsx$/);
    // Progress was observable between 0 and the end.
    expect(seen.some((j) => j.State === 1 && j.Progress > 0 && j.Progress < j.DataCount)).toBe(true);

    const readers = Number((await t.db.selectFrom('users').where('school_id', '=', 1).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(last.DataCount).toBe(readers);

    // ResultFile names the file; it is no address. The file comes with a single-use ticket.
    expect(last.ResultFile).toBe(last.FileName);
    const file = await downloadJobFile(t, dataId, admin);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(last.FileName)}`);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe('Readers');
    expect(sheet.actualRowCount).toBe(readers + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Reader ID');
    expect(String(sheet.getRow(2).getCell(1).value)).toMatch(/^R2026\d{6}$/);

    // Mobile numbers are masked as on the screens: first 3 and last 4 digits, never the whole number.
    const phoneCol = (sheet.getRow(1).values as unknown[]).indexOf('Phone');
    expect(phoneCol).toBeGreaterThan(0);
    const stored = await t.db.selectFrom('users').select(['reader_id', 'phone']).where('school_id', '=', 1).where('phone', '!=', '').execute();
    const phoneOf = new Map(stored.map((r) => [r.reader_id, r.phone]));
    let checked = 0;
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      const real = phoneOf.get(String(row.getCell(1).value));
      if (!real) return;
      const shown = String(row.getCell(phoneCol).value);
      expect(shown).toBe(`${real.slice(0, 3)}${'*'.repeat(real.length - 7)}${real.slice(-4)}`);
      expect(shown).not.toBe(real);
      checked++;
    });
    expect(checked).toBeGreaterThan(100);
  });

  it('names files in Chinese by default and downloads them with a UTF-8 safe name', async () => {
    const dataId = (await t.data(readerCalls.exportReaders, { SearchKey: '王' }, 'admin')).DataID as string;
    const seen = await pollJob(t, dataId, admin, (j) => j.State !== 1);
    const last = seen[seen.length - 1]!;
    expect(last.FileName).toMatch(/^读者列表_/);
    expect(last.DataCount).toBeGreaterThan(0);
    expect(last.DataCount).toBeLessThan(200);
    const file = await downloadJobFile(t, dataId, admin);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''%E8%AF%BB/);
  });

  it('stops a running job (state 4) and lists jobs newest first, filtered', async () => {
    const dataId = (await t.data(readerCalls.exportReaders, {}, 'admin')).DataID as string;
    await pollJob(t, dataId, admin, (j) => j.Progress > 0);
    const stopped = await t.data(jobCalls.stopProgress, { DataID: dataId }, 'admin');
    expect(stopped).toMatchObject({ State: 4, ResultFile: '' });

    const all = await t.data(jobCalls.getProgressList, { Page: 1, Rows: 5 }, 'admin');
    expect(all.Total).toBe(3);
    expect(all.List[0]!.DataID).toBe(dataId);
    const done = await t.data(jobCalls.getProgressList, { State: 2 }, 'admin');
    expect(done.Total).toBe(2);
    const search = await t.data(jobCalls.getProgressList, { SearchKey: 'Readers_' }, 'admin');
    expect(search.Total).toBe(1);

    // Another user (even an administrator of the same school) sees none of them.
    expect((await t.data(jobCalls.getProgressList, {}, 'librarian')).Total).toBe(0);
    expect((await t.fail(jobCalls.getProgress, { DataID: dataId }, 'librarian')).status).toBe(404);
  });
});
