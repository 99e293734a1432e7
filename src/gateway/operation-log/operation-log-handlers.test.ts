import { describe, expect, it } from 'vitest';
import { basicSetsCalls as B } from '../../shared/api/basic-sets.ts';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { circulationRecordCalls as R } from '../../shared/api/circulation-records.ts';
import { circulationVerifyCalls as V } from '../../shared/api/circulation-verify.ts';
import { allCalls } from '../../shared/api/all-calls.ts';
import { OPERATION_DOMAINS, OPERATION_LOG_EXPORT, OPERATION_LOG_MENU, operationLogCalls as L, type OperationEntry } from '../../shared/api/operation-log.ts';
import { addStaff, freeCopies, freeReaders, groupFor, type FreeReader } from '../circulation/desk-fixture.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe('the operation log contract', () => {
  it('names every domain of the contract, so each logged call has a module to be found by', () => {
    expect([...new Set(allCalls.map((c) => c.id.split('.')[0]))].sort()).toEqual([...OPERATION_DOMAINS].sort());
  });
});

describe.each(databases)('the operation log on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  const search = (input: Record<string, unknown>, who: Parameters<typeof t.data>[2] = 'admin') => t.data(L.search, { Page: 1, Rows: 50, ...input }, who) as Promise<{ List: OperationEntry[]; Total: number }>;
  const desk = { as: 'librarian', headers: { 'x-workstation': encodeURIComponent('一楼流通台') } };

  it('records each desk transaction, done or refused, with who, where, what and the result; each viewer reads it in their language', async () => {
    const [reader] = await freeReaders(t, 1) as [FreeReader];
    await groupFor(t, [reader], { MaxLoans: 10 });
    const [copy] = await freeCopies(t, 1);
    await t.data(C.literatureCirc, { UserID: reader.id, Barcode: copy!.barcode }, desk);
    await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: 'NO-SUCH-COPY' }, desk);

    const zh = await search({ Keyword: copy!.barcode }, { as: 'admin', lang: 'zh-CN' });
    expect(zh.List).toHaveLength(1);
    expect(zh.List[0]).toMatchObject({
      Workstation: '一楼流通台', Domain: 'circulation', CallID: 'circulation.literatureCirc', Action: '借书', Result: 'ok', Message: '', UserAccount: 'librarian',
    });
    expect(zh.List[0]!.Target).toContain(`Barcode=${copy!.barcode}`);
    expect(zh.List[0]!.UserName).not.toBe('');

    const refusedZh = (await search({ Keyword: 'NO-SUCH-COPY' }, { as: 'admin', lang: 'zh-CN' })).List;
    const refusedEn = (await search({ Keyword: 'NO-SUCH-COPY' }, { as: 'admin', lang: 'en-US' })).List;
    expect(refusedZh).toMatchObject([{ Result: 'refused', Action: '借书' }]);
    expect(refusedEn).toMatchObject([{ Result: 'refused', Action: 'Borrow' }]);
    expect(refusedZh[0]!.Message).toContain('NO-SUCH-COPY');
    expect(refusedEn[0]!.Message).toContain('NO-SUCH-COPY');
    expect(refusedEn[0]!.Message).not.toBe(refusedZh[0]!.Message);

    // Filters: result, module, workstation, user.
    expect((await search({ Keyword: 'NO-SUCH-COPY', Result: 'ok' })).Total).toBe(0);
    expect((await search({ Keyword: copy!.barcode, Domain: 'circulation', Workstation: '流通台', User: 'librar' })).Total).toBe(1);
    expect((await search({ Keyword: copy!.barcode, Domain: 'readers' })).Total).toBe(0);
    expect((await search({ Keyword: copy!.barcode, DateFrom: '2000-01-01', DateTo: '2000-01-02' })).Total).toBe(0);
  });

  it('logs a change made anywhere, never a read, and never writes a secret', async () => {
    const before = (await search({})).Total;
    await t.data(R.getTransactions, { Page: 1, Rows: 5 }, 'admin');
    expect((await search({})).Total).toBe(before);

    await t.data(B.branchAdd, { Code: 'OPLOG1', Name: '日志分馆', Sort: 1 }, 'admin');
    const added = (await search({ Keyword: 'OPLOG1' }, { as: 'admin', lang: 'zh-CN' })).List;
    expect(added).toMatchObject([{ Domain: 'basic', CallID: 'basic.branch.add', Result: 'ok', Action: '基础设置 · 新增', Workstation: '' }]);
    expect(added[0]!.IP).not.toBe('');

    // A refused write that is not a desk transaction changed nothing and is not an operation.
    await t.fail(B.branchAdd, { Code: 'OPLOG1', Name: '日志分馆', Sort: 1 }, 'admin');
    expect((await search({ Keyword: 'OPLOG1' })).Total).toBe(1);

    // Borrow verification is always logged (a wrong PIN is worth knowing about); the password never reaches the log.
    const [reader] = await freeReaders(t, 1) as [FreeReader];
    await t.call(V.checkVerify, { UserID: reader.id, Password: 'Wrong-Secret-77' }, 'librarian');
    const rows = await t.db.selectFrom('operation_log').selectAll().where('call_id', '=', 'circulationVerify.checkVerify').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.target).toContain('Password=***');
      expect(JSON.stringify(r)).not.toContain('Wrong-Secret-77');
    }
  });

  it('is read behind its menu and exported behind its own operation, with headers in the caller\'s language', async () => {
    for (const who of ['student', 'librarian', 'teacher']) expect((await t.fail(L.search, {}, who)).status).toBe(403);
    await addStaff(t, 'oplogview', [OPERATION_LOG_MENU]);
    expect((await search({}, 'oplogview')).Total).toBeGreaterThan(0);
    expect((await t.fail(L.export, {}, 'oplogview')).status).toBe(403);
    await addStaff(t, 'oplogexport', [OPERATION_LOG_MENU, OPERATION_LOG_EXPORT]);

    const filters = { Domain: 'basic' } as const;
    const shown = await search(filters, 'oplogexport');
    const { DataID } = await t.data(L.export, filters, { as: 'oplogexport', lang: 'en-US' });
    const token = await t.tokenFor('oplogexport');
    const job = (await pollJob(t, DataID, token)).at(-1)!;
    expect(job).toMatchObject({ State: 2, DataCount: shown.Total });
    expect(job.FileName).toMatch(/^operation-log_\d{14}\.xlsx$/);
    const file = await downloadJobFile(t, DataID, token);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Time', 'User', 'Account', 'Workstation', 'IP address', 'Action', 'Acted on', 'Result', 'Message', 'Time taken (ms)']);
    expect(rows.length - 1).toBe(shown.Total);
    expect(rows.slice(1).every((r) => r[7] === 'Done')).toBe(true);
    // The export itself is an operation: who took the log away, and when.
    expect((await search({ Domain: 'operationLog' })).List.map((e) => e.CallID)).toContain('operationLog.export');
  });

  it('/counter-statistics counts each desk and staff member from the log, as the test counts the rows itself', async () => {
    const [reader] = await freeReaders(t, 1) as [FreeReader];
    await groupFor(t, [reader], { MaxLoans: 10 });
    const copies = await freeCopies(t, 3);
    const tag = `柜台${Date.now() % 100000}`;
    const at = (n: number) => ({ as: 'librarian', headers: { 'x-workstation': encodeURIComponent(`${tag}-${n}`) } });
    await t.data(C.literatureCirc, { UserID: reader.id, Barcode: copies[0]!.barcode }, at(1));
    await t.data(C.literatureCirc, { UserID: reader.id, Barcode: copies[1]!.barcode }, at(1));
    await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: 'NO-SUCH-COPY' }, at(1));
    await t.data(C.literatureCirc, { UserID: reader.id, Barcode: copies[2]!.barcode }, at(2));
    await t.data(C.literatureReturn, { Barcode: copies[0]!.barcode }, at(2));
    await t.data(C.renew, { Barcode: copies[1]!.barcode }, at(2));

    const rows = await t.data(L.counterStatistics, { Workstation: tag }, 'admin');
    // The expected lines, counted here from the log's rows.
    const log = await t.db.selectFrom('operation_log').select(['workstation', 'user_account', 'call_id', 'result'])
      .where('school_id', '=', 1).where('workstation', 'like', `${tag}-%`).execute();
    const expected = [1, 2].map((n) => {
      const mine = log.filter((r) => r.workstation === `${tag}-${n}`);
      const ok = (ids: string[]) => mine.filter((r) => r.result === 'ok' && ids.includes(r.call_id)).length;
      return { Workstation: `${tag}-${n}`, UserAccount: 'librarian', Borrow: ok(['circulation.literatureCirc']), Return: ok(['circulation.literatureReturn', 'circulation.deferredReturn']), Renew: ok(['circulation.renew']), Undo: 0, Refused: mine.filter((r) => r.result === 'refused').length };
    });
    expect(expected).toEqual([
      { Workstation: `${tag}-1`, UserAccount: 'librarian', Borrow: 2, Return: 0, Renew: 0, Undo: 0, Refused: 1 },
      { Workstation: `${tag}-2`, UserAccount: 'librarian', Borrow: 1, Return: 1, Renew: 1, Undo: 0, Refused: 0 },
    ]);
    expect(rows.map(({ Workstation, UserAccount, Borrow, Return, Renew, Undo, Refused }) => ({ Workstation, UserAccount, Borrow, Return, Renew, Undo, Refused })).sort((a, b) => a.Workstation.localeCompare(b.Workstation))).toEqual(expected);
    // The busiest first; per desk only, the staff columns are empty; a period before any of it is empty.
    expect(rows.map((r) => r.Total)).toEqual([3, 2]);
    const byDesk = await t.data(L.counterStatistics, { Workstation: tag, GroupBy: 'desk' }, 'admin');
    expect(byDesk.map((r) => [r.UserAccount, r.Total])).toEqual([['', 3], ['', 2]]);
    expect(await t.data(L.counterStatistics, { Workstation: tag, DateTo: '2000-01-01' }, 'admin')).toEqual([]);
    expect((await t.fail(L.counterStatistics, {}, 'student')).status).toBe(403);
  });
});

