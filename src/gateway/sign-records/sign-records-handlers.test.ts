import { describe, expect, it } from 'vitest';
import { SIGN_MENU, SIGN_STATION, SIGN_VIEW, signRecordCalls as C } from '../../shared/api/sign-records.ts';
import { addStaff, freeReaders, type FreeReader } from '../circulation/desk-fixture.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';

const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('reader visits (/signrecord) on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  const branches = async (school = 1) => (await t.db.selectFrom('branches').select('id').where('school_id', '=', school).orderBy('id').execute()).map((b) => b.id);

  it('records a scanned card once; a repeat at the same place within 10 minutes is told, not counted; another room counts', async () => {
    const [reader] = await freeReaders(t, 1) as [FreeReader];
    const [main] = await branches();
    const first = await t.data(C.signIn, { ReaderID: reader.reader_id, BranchID: main!, Station: '入口1' }, 'librarian');
    expect(first).toMatchObject({ Counted: true, CardStatus: '', Record: { ReaderID: reader.reader_id, ReaderName: reader.name, Identity: 'student', Room: '', Station: '入口1' } });
    expect(first.Record.ClassName).not.toBe('');
    const again = await t.data(C.signIn, { ReaderID: reader.reader_id, BranchID: main! }, 'librarian');
    expect(again).toMatchObject({ Counted: false, Record: { ID: first.Record.ID } });
    const room = await t.data(C.signIn, { ReaderID: reader.reader_id, BranchID: main!, Room: '阅览室A' }, 'librarian');
    expect(room.Counted).toBe(true);
    const list = await t.data(C.getList, { Page: 1, Rows: 50, Reader: reader.reader_id }, 'librarian');
    expect(list.Total).toBe(2);
    expect(list.List.map((r) => r.Room)).toEqual(['阅览室A', '']);
    expect((await t.data(C.getList, { Page: 1, Rows: 50, Reader: reader.reader_id, Room: '阅览室A' }, 'librarian')).Total).toBe(1);
    expect(await t.data(C.getRooms, {}, 'librarian')).toContain('阅览室A');
    // Ten minutes later the same place counts again.
    await t.db.updateTable('sign_records').set({ at: new Date(Date.now() - 11 * 60_000).toISOString() }).where('user_id', '=', reader.id).execute();
    expect((await t.data(C.signIn, { ReaderID: reader.reader_id, BranchID: main! }, 'librarian')).Counted).toBe(true);
  });

  it('counts visits and distinct readers per day and per class under the filters; filters by class, identity and day', async () => {
    const readers = await freeReaders(t, 3);
    const [main] = await branches();
    for (const r of readers) await t.data(C.signIn, { ReaderID: r.reader_id, BranchID: main!, Room: '统计室' }, 'librarian');
    const stats = await t.data(C.getStats, { Room: '统计室' }, 'librarian');
    expect(stats).toMatchObject({ Visits: 3, Readers: 3 });
    expect(stats.ByDay).toHaveLength(1);
    expect(stats.ByClass.reduce((n, c) => n + c.Visits, 0)).toBe(3);
    const dept = (await t.db.selectFrom('users').select('dept_id').where('id', '=', readers[0]!.id).executeTakeFirstOrThrow()).dept_id!;
    const inClass = await t.data(C.getList, { Page: 1, Rows: 50, Room: '统计室', DeptID: dept }, 'librarian');
    expect(inClass.List.map((r) => r.ReaderID)).toContain(readers[0]!.reader_id);
    expect((await t.data(C.getList, { Page: 1, Rows: 50, Room: '统计室', Identity: 'teacher' }, 'librarian')).Total).toBe(0);
    const day = stats.ByDay[0]!.Day;
    expect((await t.data(C.getStats, { Room: '统计室', DateFrom: day, DateTo: day }, 'librarian')).Visits).toBe(3);
    expect((await t.data(C.getStats, { Room: '统计室', DateTo: '2000-01-01' }, 'librarian')).Visits).toBe(0);
    expect((await t.fail(C.getList, { DeptID: 999999 }, 'librarian')).status).toBe(404);
  });

  it('refuses an unknown card or branch, another school\'s branch, and a branch outside the station\'s scope', async () => {
    const [main, second] = await branches();
    const [other] = await branches(2);
    const [reader] = await freeReaders(t, 1) as [FreeReader];
    expect((await t.fail(C.signIn, { ReaderID: 'NO-SUCH-CARD', BranchID: main! }, 'librarian')).status).toBe(404);
    expect((await t.fail(C.signIn, { ReaderID: reader.reader_id, BranchID: other! }, 'librarian')).status).toBe(404);
    expect((await t.fail(C.signIn, { ReaderID: reader.reader_id }, 'librarian')).status).toBe(400);
    await addStaff(t, 'signstation', [SIGN_MENU, SIGN_STATION], [main!]);
    expect((await t.fail(C.signIn, { ReaderID: reader.reader_id, BranchID: second! }, 'signstation')).status).toBe(403);
    expect(await t.db.selectFrom('sign_records').select('id').where('user_id', '=', reader.id).execute()).toEqual([]);
  });

  it('a station signs readers in but cannot read the list; a reader and anonymous are refused; school 2 sees none of school 1', async () => {
    const [main] = await branches();
    const [reader] = await freeReaders(t, 1) as [FreeReader];
    await addStaff(t, 'kiosk', [SIGN_MENU, SIGN_STATION]);
    expect((await t.data(C.signIn, { ReaderID: reader.reader_id, BranchID: main! }, 'kiosk')).Record.StaffName).toBe('Desk kiosk');
    for (const def of [C.getList, C.getStats, C.export, C.getDeptOptions]) expect((await t.fail(def, {}, 'kiosk')).status, def.id).toBe(403);
    await addStaff(t, 'signviewer', [SIGN_MENU, SIGN_VIEW]);
    expect((await t.data(C.getList, { Page: 1, Rows: 5, Reader: reader.reader_id }, 'signviewer')).Total).toBe(1);
    expect((await t.fail(C.signIn, { ReaderID: reader.reader_id, BranchID: main! }, 'signviewer')).status).toBe(403);
    for (const def of [C.signIn, C.getBranchOptions, C.getRooms, C.getList, C.getStats, C.export]) {
      expect((await t.fail(def, { ReaderID: reader.reader_id, BranchID: main! }, 'student')).status, def.id).toBe(403);
      expect((await t.fail(def, {}, null)).status, def.id).toBe(401);
    }
    expect((await t.data(C.getList, { Page: 1, Rows: 5, Reader: reader.reader_id }, 'admin2')).Total).toBe(0);
    expect((await t.data(C.getBranchOptions, {}, 'admin2')).map((b) => b.ID)).not.toContain(main);
    expect(await t.data(C.getRooms, {}, 'admin2')).not.toContain('阅览室A');
  });

  it('exports the visits under the filters as .xlsx with headers in the user\'s language', async () => {
    const readers = await freeReaders(t, 2);
    const [main] = await branches();
    for (const r of readers) await t.data(C.signIn, { ReaderID: r.reader_id, BranchID: main!, Room: 'Export room' }, 'librarian');
    const token = await t.tokenFor('librarian');
    const { DataID } = await t.data(C.export, { Room: 'Export room' }, { as: 'librarian', lang: 'en-US' });
    const job = (await pollJob(t, DataID, token)).at(-1)!;
    expect(job).toMatchObject({ State: 2, DataCount: 2, Progress: 2 });
    const file = await downloadJobFile(t, DataID, token);
    const { default: ExcelJS } = await import('exceljs');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as never);
    const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['Time', 'Card number', 'Reader', 'Identity', 'Class / dept.', 'Branch', 'Reading room', 'Station', 'Signed in by']);
    expect(rows.slice(1).map((r) => r[1]).sort()).toEqual(readers.map((r) => r.reader_id).sort());
    expect(rows[1]![3]).toBe('Student');
  });
});
