import { beforeAll, describe, expect, it } from 'vitest';
import { circulationCalls as C, DESK_MENUS } from '../../shared/api/circulation.ts';
import { circulationRecordCalls as R, RECORDS_EXPORT, RECORDS_MENUS, type LoanRecord } from '../../shared/api/circulation-records.ts';
import { addDays, endOfLocalDay, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { addStaff, freeCopies, freeReaders, groupFor, type FreeReader } from './desk-fixture.ts';
import { dayStart } from './records-store.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('the circulation records on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  let offset = 480;
  let today = '';
  let librarian = '';
  beforeAll(async () => {
    offset = (await loadCalendar(t.db, 1)).calendar.UtcOffsetMinutes;
    today = toLocalDay(new Date().toISOString(), offset);
    librarian = (await t.db.selectFrom('users').select('name').where('account', '=', 'librarian').executeTakeFirstOrThrow()).name;
  });

  async function readerWithCopies(n: number, branchId?: number) {
    const [reader] = await freeReaders(t, 1) as [FreeReader];
    await groupFor(t, [reader], { MaxLoans: 10, MaxRenewals: 2 });
    return { reader, copies: await freeCopies(t, n, branchId) };
  }
  const borrow = (reader: FreeReader, barcode: string, as = 'librarian') => t.data(C.literatureCirc, { UserID: reader.id, Barcode: barcode }, as);
  const search = (input: Record<string, unknown>, as = 'librarian') => t.data(R.getCircRecord, { Page: 1, Rows: 50, ...input }, as);
  const barcodesOf = (list: readonly LoanRecord[]) => list.map((l) => l.Barcode).sort();

  describe('借阅查询 (GetCircRecord)', () => {
    it('finds loans by reader (card or name), by book (barcode or title), by day lent and by state', async () => {
      const { reader, copies } = await readerWithCopies(3);
      const [a, b, c] = copies as [typeof copies[0], typeof copies[0], typeof copies[0]];
      await borrow(reader, a.barcode);
      await borrow(reader, b.barcode);
      await t.data(C.literatureReturn, { Barcode: b.barcode }, 'librarian');
      const undo = await borrow(reader, c.barcode);
      await t.data(C.undo, { TransactionID: undo.TransactionID }, 'librarian');

      const open = await search({ Reader: reader.reader_id, State: 'onLoan' });
      expect(open.List.map((l) => [l.Barcode, l.State, l.ReaderName, l.LoanedBy, l.ReturnedAt])).toEqual([[a.barcode, 'onLoan', reader.name, librarian, null]]);
      expect(open.List[0]!.ClassName).not.toBe('');
      const returned = await search({ Reader: reader.name, Book: b.barcode });
      expect(returned.List).toMatchObject([{ Barcode: b.barcode, State: 'returned', OverdueDays: 0 }]);
      expect(returned.List[0]!.ReturnedBy).toBe(librarian);
      expect((await search({ Reader: reader.reader_id, State: 'cancelled' })).List.map((l) => l.Barcode)).toEqual([c.barcode]);
      // Newest first; today's loans are found by today and not by yesterday.
      const all = await search({ Reader: reader.reader_id, DateFrom: today, DateTo: today });
      expect(all.Total).toBe(3);
      expect(all.List.map((l) => l.Barcode)).toEqual([c.barcode, b.barcode, a.barcode]);
      expect((await search({ Reader: reader.reader_id, DateTo: addDays(today, -1) })).List.filter((l) => l.LoanedAt >= dayStart(today, offset))).toEqual([]);
      // By title words.
      const title = (await t.db.selectFrom('copies').innerJoin('titles', 'titles.id', 'copies.title_id').select('titles.title').where('copies.id', '=', a.id).executeTakeFirstOrThrow()).title;
      expect(barcodesOf((await search({ Book: title, Reader: reader.reader_id })).List)).toContain(a.barcode);
    });

    it('tells overdue from on loan by the school\'s local day, whichever way the due date was stored', async () => {
      const { reader, copies } = await readerWithCopies(4);
      for (const c of copies) await borrow(reader, c.barcode);
      const due = [
        endOfLocalDay(addDays(today, -3), offset), // desk form, 3 days late
        endOfLocalDay(addDays(today, -1), offset), // desk form, due yesterday: 1 day late
        endOfLocalDay(today, offset), // due today: not late
        new Date(Date.parse(dayStart(today, offset)) - 60_000).toISOString(), // UTC form, the last minute of yesterday
      ];
      for (const [i, c] of copies.entries()) await t.db.updateTable('loans').set({ due_at: due[i]! }).where('copy_id', '=', c.id).where('returned_at', 'is', null).execute();
      const overdue = await search({ Reader: reader.reader_id, State: 'overdue' });
      expect(barcodesOf(overdue.List)).toEqual(copies.filter((_, i) => i !== 2).map((c) => c.barcode).sort());
      const byCopy = new Map((await search({ Reader: reader.reader_id, State: 'onLoan' })).List.map((l) => [l.Barcode, l]));
      expect(copies.map((c) => [byCopy.get(c.barcode)!.State, byCopy.get(c.barcode)!.OverdueDays])).toEqual([['overdue', 3], ['overdue', 1], ['onLoan', 0], ['overdue', 1]]);
      expect(byCopy.get(copies[0]!.barcode)!.DueDay).toBe(addDays(today, -3));
      // A late return stays "returned", with how late it came back.
      await t.data(C.literatureReturn, { Barcode: copies[0]!.barcode }, 'librarian');
      expect((await search({ Book: copies[0]!.barcode, State: 'returned' })).List[0]).toMatchObject({ State: 'returned', OverdueDays: 3 });
    });

    it('keeps to the school and to the branches of a limited role; refuses bad input in the caller\'s language', async () => {
      const branches = await t.db.selectFrom('branches').select(['id', 'code']).where('school_id', '=', 1).orderBy('id').execute();
      const main = branches.find((b) => b.code === 'MAIN')!.id;
      const other = branches.find((b) => b.code !== 'MAIN')!.id;
      const inMain = await readerWithCopies(1, main);
      const inOther = await readerWithCopies(1, other);
      await borrow(inMain.reader, inMain.copies[0]!.barcode);
      await borrow(inOther.reader, inOther.copies[0]!.barcode);
      await addStaff(t, 'recmain', [RECORDS_MENUS.search, RECORDS_MENUS.bookHistory], [main]);
      // (The seeded copies have loan histories: only today's open loan is counted.)
      const openOf = (barcode: string, as: string) => search({ Book: barcode, State: 'onLoan' }, as).then((p) => p.Total);
      expect(await openOf(inMain.copies[0]!.barcode, 'recmain')).toBe(1);
      expect(await openOf(inOther.copies[0]!.barcode, 'recmain')).toBe(0);
      expect((await search({ Book: inOther.copies[0]!.barcode }, 'recmain')).Total).toBe(0);
      expect(await openOf(inOther.copies[0]!.barcode, 'admin')).toBe(1);
      expect((await search({ Book: inOther.copies[0]!.barcode }, 'admin2')).Total).toBe(0);
      const outside = await t.fail(R.getBorrowHistory, { Barcode: inOther.copies[0]!.barcode }, 'recmain', 'en-US');
      expect(outside).toMatchObject({ status: 403, message: `${inOther.copies[0]!.barcode} belongs to a branch your role does not cover` });

      expect(await t.fail(R.getCircRecord, { State: 'lost' }, 'librarian', 'en-US')).toMatchObject({ status: 400, message: 'Loan state must be on loan, overdue, returned or cancelled' });
      expect((await t.fail(R.getCircRecord, { DateFrom: '2026-02-30' }, 'librarian')).status).toBe(400);
      expect((await t.fail(R.getCircRecord, { Reader: 'x'.repeat(101) }, 'librarian', 'en-US')).message).toMatch(/^Reader: /);
    });

    it('needs the route\'s menu: a class librarian may search, a teacher or a reader may not', async () => {
      expect((await t.data(R.getCircRecord, { Page: 1, Rows: 1 }, 'classlib')).Total).toBeGreaterThan(0);
      for (const who of ['teacher', 'student']) {
        for (const def of [R.getCircRecord, R.getTransactions, R.exportTransactions, R.getAllBorrowing, R.getDeptOptions]) {
          expect((await t.fail(def, {}, who)).status, `${def.id} as ${who}`).toBe(403);
        }
        expect((await t.fail(R.getBorrowHistory, { Barcode: 'T1' }, who)).status).toBe(403);
      }
      expect((await t.fail(R.getTransactions, {}, 'classlib')).status).toBe(403);
      expect((await t.fail(R.getCircRecord, {}, null)).status).toBe(401);
    });
  });

  describe('借阅历史 (GetBorrowHistory)', () => {
    it('lists every loan of a copy or of a reader, newest first; either input, each behind its own menu', async () => {
      const [r1, r2] = await freeReaders(t, 2) as [FreeReader, FreeReader];
      await groupFor(t, [r1, r2]);
      const [copy, other] = await freeCopies(t, 2);
      await borrow(r1, copy!.barcode);
      await t.data(C.literatureReturn, { Barcode: copy!.barcode }, 'librarian');
      await borrow(r2, copy!.barcode);
      await borrow(r1, other!.barcode);

      const book = await t.data(R.getBorrowHistory, { Barcode: copy!.barcode, Page: 1, Rows: 50 }, 'librarian');
      expect(book.List.slice(0, 2).map((l) => [l.ReaderID, l.State])).toEqual([[r2.reader_id, 'onLoan'], [r1.reader_id, 'returned']]);
      const reader = await t.data(R.getBorrowHistory, { ReaderID: r1.reader_id, Page: 1, Rows: 50 }, 'librarian');
      expect(reader.List.slice(0, 2).map((l) => l.Barcode)).toEqual([other!.barcode, copy!.barcode]);
      const both = await t.data(R.getBorrowHistory, { ReaderID: r1.reader_id, Barcode: copy!.barcode }, 'librarian');
      expect(both.List.map((l) => l.ReaderID)).toEqual([r1.reader_id]);

      expect(await t.fail(R.getBorrowHistory, {}, 'librarian', 'en-US')).toMatchObject({ status: 400, message: 'Enter a book barcode or a card number' });
      expect(await t.fail(R.getBorrowHistory, { Barcode: 'NOPE-0009' }, 'librarian', 'en-US')).toMatchObject({ status: 404, message: 'No book has the barcode NOPE-0009' });
      expect(await t.fail(R.getBorrowHistory, { ReaderID: 'NO-SUCH-CARD' }, 'librarian')).toMatchObject({ status: 404, message: '读者不存在' });
      // The book history menu alone does not open a reader's history.
      await addStaff(t, 'bookonly', [RECORDS_MENUS.bookHistory]);
      expect((await t.data(R.getBorrowHistory, { Barcode: copy!.barcode }, 'bookonly')).Total).toBeGreaterThanOrEqual(2);
      expect((await t.fail(R.getBorrowHistory, { ReaderID: r1.reader_id }, 'bookonly')).status).toBe(403);
    });
  });

  describe('借还记录 (the desk\'s transactions) and its export', () => {
    it('lists borrow, return, renew and undo with who did it, filtered by kind, staff, reader, book and day', async () => {
      const { reader, copies } = await readerWithCopies(2);
      await addStaff(t, 'logdesk', [...DESK_MENUS]);
      await borrow(reader, copies[0]!.barcode, 'logdesk');
      const renewed = await t.data(C.renew, { Barcode: copies[0]!.barcode }, 'logdesk');
      await t.data(C.undo, { TransactionID: renewed.TransactionID }, 'logdesk');
      await t.data(C.literatureReturn, { Barcode: copies[0]!.barcode }, 'librarian');
      await borrow(reader, copies[1]!.barcode, 'librarian');

      const log = (input: Record<string, unknown>, lang = 'zh-CN') => t.data(R.getTransactions, { Page: 1, Rows: 50, Reader: reader.reader_id, ...input }, { as: 'librarian', lang });
      const all = await log({});
      expect(all.List.map((x) => [x.Kind, x.Barcode, x.StaffName])).toEqual([
        ['borrow', copies[1]!.barcode, librarian],
        ['return', copies[0]!.barcode, librarian],
        ['undo', copies[0]!.barcode, 'Desk logdesk'],
        ['renew', copies[0]!.barcode, 'Desk logdesk'],
        ['borrow', copies[0]!.barcode, 'Desk logdesk'],
      ]);
      expect(all.List.every((x) => x.ReaderName === reader.name && x.ReaderID === reader.reader_id)).toBe(true);
      const renew = all.List[3]!;
      expect(renew.Undone).toBe(true);
      expect(renew.Note).toMatch(/^应还日期 \d{4}-\d{2}-\d{2} → \d{4}-\d{2}-\d{2}；已被撤销$/);
      expect((await log({}, 'en-US')).List[2]!.Note).toMatch(/^Undid a renewal; Due \d{4}-\d{2}-\d{2} → \d{4}-\d{2}-\d{2}$/);

      expect((await log({ Kind: 'renew' })).List.map((x) => x.Kind)).toEqual(['renew']);
      expect((await log({ Staff: 'logdesk' })).Total).toBe(3);
      expect((await log({ Staff: 'Desk logdesk', Kind: 'borrow' })).Total).toBe(1);
      expect((await log({ Book: copies[1]!.barcode })).Total).toBe(1);
      expect((await log({ DateFrom: today, DateTo: today })).Total).toBe(5);
      expect((await log({ DateFrom: addDays(today, 1) })).Total).toBe(0);
      expect((await t.fail(R.getTransactions, { Kind: 'lend' }, 'librarian', 'en-US')).message).toBe('Action must be borrow, return, renew or undo');
    });

    it('exports the filtered log as .xlsx with headers in the user\'s language; only with the export operation', async () => {
      const { reader, copies } = await readerWithCopies(2);
      for (const c of copies) await borrow(reader, c.barcode);
      await t.data(C.literatureReturn, { Barcode: copies[0]!.barcode }, 'librarian');
      const token = await t.tokenFor('librarian');
      const { DataID } = await t.data(R.exportTransactions, { Reader: reader.reader_id }, { as: 'librarian', lang: 'en-US' });
      const job = (await pollJob(t, DataID, token)).at(-1)!;
      expect(job).toMatchObject({ State: 2, DataCount: 3, Progress: 3 });
      expect(job.FileName).toMatch(/^Borrow and return records_\d{14}\.xlsx$/);
      const file = await downloadJobFile(t, DataID, token);
      expect(file.statusCode).toBe(200);
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as never);
      const sheet = wb.worksheets[0]!;
      const rows = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
      expect(rows[0]).toEqual(['Time', 'Action', 'Barcode', 'Title', 'Card number', 'Reader name', 'Class / dept.', 'Staff', 'Details']);
      expect(rows.slice(1).map((r) => [r[1], r[2], r[4]])).toEqual([
        ['Return', copies[0]!.barcode, reader.reader_id],
        ['Borrow', copies[1]!.barcode, reader.reader_id],
        ['Borrow', copies[0]!.barcode, reader.reader_id],
      ]);
      expect(String(rows[1]![0])).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

      // The log's menu without the export operation: the list, not the file.
      await addStaff(t, 'logview', [RECORDS_MENUS.log]);
      expect((await t.data(R.getTransactions, { Reader: reader.reader_id }, 'logview')).Total).toBe(3);
      expect((await t.fail(R.exportTransactions, {}, 'logview')).status).toBe(403);
      await addStaff(t, 'logexport', [RECORDS_MENUS.log, RECORDS_EXPORT]);
      expect((await t.data(R.exportTransactions, {}, 'logexport')).DataID).toMatch(/[0-9a-f-]{36}/);
    });
  });

  describe('未还图书 (GetAllBorrowing)', () => {
    it('lists open loans of a class, a grade or the school; overdue only; due by a day', async () => {
      const { reader, copies } = await readerWithCopies(3);
      for (const c of copies) await borrow(reader, c.barcode);
      await t.data(C.literatureReturn, { Barcode: copies[2]!.barcode }, 'librarian');
      await t.db.updateTable('loans').set({ due_at: endOfLocalDay(addDays(today, -2), offset) }).where('copy_id', '=', copies[0]!.id).where('returned_at', 'is', null).execute();
      const user = await t.db.selectFrom('users').select('dept_id').where('id', '=', reader.id).executeTakeFirstOrThrow();
      const cls = await t.db.selectFrom('departments').select(['id', 'parent_id', 'name']).where('id', '=', user.dept_id!).executeTakeFirstOrThrow();
      const sibling = await t.db.selectFrom('departments').select('id').where('parent_id', '=', cls.parent_id).where('id', '!=', cls.id).executeTakeFirstOrThrow();

      const open = (input: Record<string, unknown>) => t.data(R.getAllBorrowing, { Page: 1, Rows: 200, ...input }, 'librarian');
      const mine = (list: readonly LoanRecord[]) => list.filter((l) => l.UserID === reader.id).map((l) => l.Barcode).sort();
      const inClass = await open({ DeptID: cls.id });
      expect(mine(inClass.List)).toEqual([copies[0]!.barcode, copies[1]!.barcode].sort());
      expect(inClass.List.every((l) => l.ClassName === cls.name && l.ReturnedAt === null)).toBe(true);
      expect(mine((await open({ DeptID: cls.parent_id })).List)).toHaveLength(2);
      expect(mine((await open({ DeptID: sibling.id })).List)).toEqual([]);
      expect(mine((await open({ DeptID: cls.id, OverdueOnly: true })).List)).toEqual([copies[0]!.barcode]);
      expect(mine((await open({ DeptID: cls.id, DueBy: addDays(today, -2) })).List)).toEqual([copies[0]!.barcode]);
      expect(mine((await open({ DeptID: cls.id, DueBy: addDays(today, -3) })).List)).toEqual([]);
      expect(mine((await open({ SearchKey: reader.name })).List)).toHaveLength(2);
      // Sorted by class, then card number, then due day.
      const school = await open({ Rows: 1000 });
      const cards = school.List.filter((l) => l.ClassName === cls.name).map((l) => l.ReaderID);
      expect(cards).toEqual([...cards].sort());

      expect((await t.fail(R.getAllBorrowing, { DeptID: 999_999 }, 'librarian')).status).toBe(404);
      const options = await t.data(R.getDeptOptions, {}, 'librarian');
      const at = (id: number | null) => options.findIndex((o) => o.ID === id);
      expect(options[at(cls.id)]!.Name).toBe(cls.name);
      expect(at(cls.parent_id)).toBeLessThan(at(cls.id));
      expect((await t.data(R.getDeptOptions, {}, { as: 'librarian', lang: 'en-US' }))[at(cls.id)]!.Name).toMatch(/Class/);
    });
  });
});
