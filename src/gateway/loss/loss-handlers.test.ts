import { describe, expect, it } from 'vitest';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { lossCalls as L, LOSS_MENUS, LOSS_OPS } from '../../shared/api/loss.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway, type TestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { addStaff, freeCopies, freeReaders, groupFor, type FreeReader } from '../circulation/desk-fixture.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

async function readerWithLoans(t: TestGateway, n: number, branchId?: number) {
  const [reader] = await freeReaders(t, 1) as [FreeReader];
  await groupFor(t, [reader], { MaxLoans: 10 });
  const copies = await freeCopies(t, n, branchId);
  for (const c of copies) await t.data(C.literatureCirc, { UserID: reader.id, Barcode: c.barcode }, 'librarian');
  return { reader, copies };
}

const copyRow = (t: TestGateway, id: number) =>
  t.db.selectFrom('copies').select(['storage_area', 'circ_state', 'area_id', 'branch_id', 'price', 'discount_price']).where('id', '=', id).executeTakeFirstOrThrow();

describe.each(databases)('lost books on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  describe('registering a loss', () => {
    it('against a loan: closes the loan, marks the copy lost, bills the price, all at once', async () => {
      const { reader, copies } = await readerWithLoans(t, 1);
      const c = copies[0]!;
      await t.db.updateTable('copies').set({ price: 30, discount_price: 24.5 }).where('id', '=', c.id).execute();
      const view = await t.data(L.getCopy, { Barcode: c.barcode }, 'librarian');
      expect(view).toMatchObject({ Barcode: c.barcode, Price: 24.5, SuggestedAmount: 24.5, Loan: { ReaderID: reader.reader_id }, OpenRecord: null });
      const rec = await t.data(L.register, { Barcode: c.barcode, Kind: 'borrower', Note: '丢在公交车上' }, 'librarian');
      expect(rec).toMatchObject({
        Barcode: c.barcode, Kind: 'borrower', ReaderID: reader.reader_id, ReaderName: reader.name, Price: 24.5, SuggestedAmount: 24.5,
        Amount: 24.5, State: 'notCompensated', PaidAmount: null, Note: '丢在公交车上',
      });
      expect(rec.BillNo).toMatch(/^PC\d{4}\d{5}$/);
      expect(rec.ClassName).not.toBe('');
      expect(rec.RegisteredBy).not.toBe('');
      expect(await copyRow(t, c.id)).toMatchObject({ storage_area: 6, circ_state: 'lost' });
      const loan = await t.db.selectFrom('loans').selectAll().where('id', '=', rec.LoanID!).executeTakeFirstOrThrow();
      expect(loan.returned_at).not.toBeNull();
      expect(loan.closed_as).toBe('lost');
      const events = await t.db.selectFrom('copy_events').select('event').where('copy_id', '=', c.id).orderBy('id', 'desc').limit(1).execute();
      expect(events.map((e) => e.event)).toEqual(['markLost']);
      // The reader no longer holds it; a second registration is refused by the state machine.
      expect(await t.db.selectFrom('loans').select('id').where('user_id', '=', reader.id).where('returned_at', 'is', null).execute()).toEqual([]);
      const again = await t.fail(L.register, { Barcode: c.barcode, Kind: 'shelf' }, 'librarian', 'en-US');
      expect(again.status).toBe(409);
      expect((await t.data(L.getCopy, { Barcode: c.barcode }, 'librarian')).OpenRecord?.BillNo).toBe(rec.BillNo);
    });

    it('numbers bills per school in sequence; uses the school\'s multiple and fee; another amount needs a reason', async () => {
      await t.data(L.saveSettings, { Multiple: 2, ProcessingFee: 5 }, 'admin');
      try {
        const [a, b] = await freeCopies(t, 2);
        await t.db.updateTable('copies').set({ price: 10, discount_price: 0 }).where('id', 'in', [a!.id, b!.id]).execute();
        const ra = await t.data(L.register, { Barcode: a!.barcode, Kind: 'shelf' }, 'librarian');
        expect(ra).toMatchObject({ Kind: 'shelf', ReaderID: '', LoanID: null, SuggestedAmount: 25, Amount: 25 });
        expect(await t.fail(L.register, { Barcode: b!.barcode, Kind: 'damaged', Amount: 12 }, 'librarian', 'en-US'))
          .toMatchObject({ status: 400, message: 'Please give the reason for the amount' });
        expect(await copyRow(t, b!.id)).toMatchObject({ storage_area: 2, circ_state: 'available' });
        const rb = await t.data(L.register, { Barcode: b!.barcode, Kind: 'damaged', Amount: 12, AmountReason: '旧书' }, 'librarian');
        expect(rb).toMatchObject({ Kind: 'damaged', Amount: 12, SuggestedAmount: 25, AmountReason: '旧书' });
        expect(Number(rb.BillNo.slice(6))).toBe(Number(ra.BillNo.slice(6)) + 1);
      } finally {
        await t.data(L.saveSettings, { Multiple: 1, ProcessingFee: 0 }, 'admin');
      }
    });

    it('refuses what does not fit: no loan for a borrower loss, a loan for a shelf loss, unknown barcodes', async () => {
      const { reader, copies } = await readerWithLoans(t, 1);
      const [free] = await freeCopies(t, 1);
      expect(await t.fail(L.register, { Barcode: free!.barcode, Kind: 'borrower' }, 'librarian', 'en-US'))
        .toMatchObject({ status: 409, message: `Book ${free!.barcode} is not on loan: it cannot be lost by a borrower` });
      expect(await t.fail(L.register, { Barcode: copies[0]!.barcode, Kind: 'shelf' }, 'librarian', 'en-US'))
        .toMatchObject({ status: 409, message: `Book ${copies[0]!.barcode} is on loan to ${reader.name}: register it as lost by its borrower` });
      expect(await t.fail(L.register, { Barcode: 'NO-SUCH-1', Kind: 'shelf' }, 'librarian', 'en-US')).toMatchObject({ status: 404 });
      expect(await t.fail(L.getCopy, { Barcode: 'NO-SUCH-1' }, 'librarian', 'en-US')).toMatchObject({ status: 404 });
      expect(await copyRow(t, free!.id)).toMatchObject({ storage_area: 2, circ_state: 'available' });
    });

    it('picks from a reader\'s open loans by card', async () => {
      const { reader, copies } = await readerWithLoans(t, 2);
      const loans = await t.data(L.getReaderLoans, { ReaderID: reader.reader_id }, 'librarian');
      expect(loans).toMatchObject({ ReaderID: reader.reader_id, Name: reader.name });
      expect(loans.Loans.map((l) => l.Barcode).sort()).toEqual(copies.map((c) => c.barcode).sort());
      expect(await t.fail(L.getReaderLoans, { ReaderID: 'NOBODY-1' }, 'librarian')).toMatchObject({ status: 404 });
    });
  });

  describe('permissions, branches and schools', () => {
    it('a student may not read or write; staff need the operation; a role limited to a branch acts only there', async () => {
      const [free] = await freeCopies(t, 1);
      expect((await t.fail(L.register, { Barcode: free!.barcode, Kind: 'shelf' }, 'student')).status).toBe(403);
      expect((await t.fail(L.getRecords, {}, 'student')).status).toBe(403);
      expect((await t.fail(L.borrowingBookWeeding, { Barcode: free!.barcode }, 'student')).status).toBe(403);
      expect((await t.fail(L.getRetrieveRecords, {}, 'student')).status).toBe(403);
      await addStaff(t, 'lossview', [LOSS_MENUS.register]);
      expect((await t.data(L.getCopy, { Barcode: free!.barcode }, 'lossview')).Barcode).toBe(free!.barcode);
      expect((await t.fail(L.register, { Barcode: free!.barcode, Kind: 'shelf' }, 'lossview')).status).toBe(403);

      const branches = await t.db.selectFrom('branches').select(['id', 'code']).where('school_id', '=', 1).execute();
      const main = branches.find((b) => b.code === 'MAIN')!.id;
      const other = branches.find((b) => b.code !== 'MAIN')!.id;
      const [inOther] = await freeCopies(t, 1, other);
      await addStaff(t, 'lossmain', [LOSS_MENUS.register, LOSS_OPS.register, LOSS_MENUS.record], [main]);
      expect(await t.fail(L.register, { Barcode: inOther!.barcode, Kind: 'shelf' }, 'lossmain', 'en-US'))
        .toMatchObject({ status: 403, message: `Book ${inOther!.barcode} belongs to a branch outside your role` });
      expect(await copyRow(t, inOther!.id)).toMatchObject({ storage_area: 2, circ_state: 'available' });
      const rec = await t.data(L.register, { Barcode: inOther!.barcode, Kind: 'shelf' }, 'librarian');
      expect((await t.data(L.getRecords, { BillNo: rec.BillNo }, 'lossmain')).Total).toBe(0);
      expect((await t.data(L.getRecords, { BillNo: rec.BillNo }, 'librarian')).Total).toBe(1);
    });

    it('school 2 neither sees nor touches school 1\'s records and copies', async () => {
      const [free] = await freeCopies(t, 1);
      const rec = await t.data(L.register, { Barcode: free!.barcode, Kind: 'shelf' }, 'librarian');
      expect((await t.data(L.getRecords, { BillNo: rec.BillNo }, 'admin2')).Total).toBe(0);
      expect((await t.data(L.searchBills, { BillNo: rec.BillNo }, 'admin2')).Total).toBe(0);
      expect((await t.fail(L.compensate, { ID: rec.ID, PaidAmount: 1, PayWay: 'cash' }, 'admin2')).status).toBe(404);
      expect((await t.fail(L.found, { Barcode: free!.barcode }, 'admin2')).status).toBe(404);
      expect((await t.fail(L.borrowingBookWeeding, { Barcode: free!.barcode }, 'admin2')).status).toBe(404);
      expect((await t.data(L.getLostCopies, { SearchKey: free!.barcode }, 'admin2')).Total).toBe(0);
      expect((await t.data(L.searchBills, { BillNo: rec.BillNo }, 'librarian')).List[0]!.State).toBe('notCompensated');
    });
  });

  describe('settling a loss', () => {
    it('records a compensation once; waived is paid 0; the amount changes only while unpaid', async () => {
      const [a, b] = await freeCopies(t, 2);
      await t.db.updateTable('copies').set({ price: 20, discount_price: 0 }).where('id', 'in', [a!.id, b!.id]).execute();
      const ra = await t.data(L.register, { Barcode: a!.barcode, Kind: 'shelf' }, 'librarian');
      const adjusted = await t.data(L.adjust, { ID: ra.ID, Amount: 15, AmountReason: '半价' }, 'librarian');
      expect(adjusted).toMatchObject({ Amount: 15, AmountReason: '半价' });
      expect((await t.data(L.getOpen, { BillNo: ra.BillNo }, 'librarian')).List.map((r) => r.ID)).toEqual([ra.ID]);
      const paid = await t.data(L.compensate, { ID: ra.ID, PaidAmount: 15, PayWay: 'cash', Note: '收据 001' }, 'librarian');
      expect(paid).toMatchObject({ State: 'compensated', PaidAmount: 15, PayWay: 'cash', Note: '收据 001' });
      expect(paid.PaidAt).not.toBeNull();
      expect((await t.data(L.getOpen, { BillNo: ra.BillNo }, 'librarian')).Total).toBe(0);
      expect(await t.fail(L.compensate, { ID: ra.ID, PaidAmount: 15, PayWay: 'cash' }, 'librarian', 'en-US'))
        .toMatchObject({ status: 409, message: `Order ${ra.BillNo} is Compensated: nothing left to settle` });
      expect((await t.fail(L.adjust, { ID: ra.ID, Amount: 1, AmountReason: 'x' }, 'librarian')).status).toBe(409);
      const rb = await t.data(L.register, { Barcode: b!.barcode, Kind: 'damaged' }, 'librarian');
      expect(await t.data(L.compensate, { ID: rb.ID, PaidAmount: 20, PayWay: 'waived' }, 'librarian')).toMatchObject({ PaidAmount: 0, PayWay: 'waived' });
      expect((await t.fail(L.compensate, { ID: 2_000_000_000, PaidAmount: 1, PayWay: 'cash' }, 'librarian')).status).toBe(404);
      expect((await t.data(L.getRecords, { State: 'compensated', Book: b!.barcode }, 'librarian')).Total).toBe(1);
    });
  });

  describe('found again', () => {
    it('sends the copy back to its former area and marks the record retrieved; a compensated one may be refunded', async () => {
      const { copies } = await readerWithLoans(t, 1);
      const c = copies[0]!;
      const before = await copyRow(t, c.id);
      const rec = await t.data(L.register, { Barcode: c.barcode, Kind: 'borrower' }, 'librarian');
      await t.data(L.compensate, { ID: rec.ID, PaidAmount: rec.Amount, PayWay: 'cash' }, 'librarian');
      const found = await t.data(L.found, { Barcode: c.barcode }, 'librarian');
      expect(found).toMatchObject({ Barcode: c.barcode, WasCompensated: true, Record: { ID: rec.ID, State: 'retrieved', PayWay: 'cash' } });
      expect(await copyRow(t, c.id)).toMatchObject({ storage_area: 2, circ_state: 'available', area_id: before.area_id, branch_id: before.branch_id });
      // The loan stays closed: found is not a return to the reader.
      expect((await t.db.selectFrom('loans').select('closed_as').where('id', '=', rec.LoanID!).executeTakeFirstOrThrow()).closed_as).toBe('lost');
      expect(await t.fail(L.found, { Barcode: c.barcode }, 'librarian')).toMatchObject({ status: 409 });
      const retrieved = await t.data(L.getRetrieveRecords, { Book: c.barcode }, 'librarian');
      expect(retrieved.List.map((r) => r.BillNo)).toEqual([rec.BillNo]);
      expect(await t.fail(L.refund, { ID: rec.ID, RefundAmount: rec.Amount + 1 }, 'librarian')).toMatchObject({ status: 409 });
      expect(await t.data(L.refund, { ID: rec.ID, RefundAmount: rec.Amount }, 'librarian')).toMatchObject({ RefundAmount: rec.Amount });
      expect((await t.fail(L.refund, { ID: rec.ID, RefundAmount: 0 }, 'librarian')).status).toBe(409);
    });

    it('goes to a chosen area; refuses a copy that is not lost', async () => {
      const [a, b] = await freeCopies(t, 2);
      await t.data(L.register, { Barcode: a!.barcode, Kind: 'shelf' }, 'librarian');
      const areas = await t.data(L.getAreas, {}, 'librarian');
      const target = await t.db.selectFrom('collection_areas').select(['id', 'storage_area', 'branch_id']).where('id', 'in', areas.map((x) => x.ID))
        .where('storage_area', '=', 8).executeTakeFirst()
        ?? await t.db.selectFrom('collection_areas').select(['id', 'storage_area', 'branch_id']).where('id', '=', areas[0]!.ID).executeTakeFirstOrThrow();
      await t.data(L.found, { Barcode: a!.barcode, AreaID: target.id }, 'librarian');
      expect(await copyRow(t, a!.id)).toMatchObject({ storage_area: target.storage_area, area_id: target.id, branch_id: target.branch_id, circ_state: 'available' });
      expect(await t.fail(L.found, { Barcode: b!.barcode }, 'librarian')).toMatchObject({ status: 409 });
    });
  });

  describe('found again while a reader waits', () => {
    it('a found copy goes to the first reader of its title\'s queue still without a copy, to fetch', async () => {
      const [a] = await freeCopies(t, 1);
      await t.data(L.register, { Barcode: a!.barcode, Kind: 'shelf' }, 'librarian');
      const title = (await t.db.selectFrom('copies').select('title_id').where('id', '=', a!.id).executeTakeFirstOrThrow()).title_id;
      const [reader] = await freeReaders(t, 1) as [FreeReader];
      const hold = await t.db.insertInto('holds').values({ school_id: 1, title_id: title, user_id: reader.id, state: 'notFound', copy_id: null, placed_at: new Date().toISOString(), placed_by: null, found_at: null, expires_at: null, closed_at: null, closed_by: null, loan_id: null })
        .returning('id').executeTakeFirstOrThrow();
      await t.data(L.found, { Barcode: a!.barcode }, 'librarian');
      expect((await copyRow(t, a!.id)).circ_state).toBe('reserving');
      expect(await t.db.selectFrom('holds').select(['state', 'copy_id']).where('id', '=', hold.id).executeTakeFirstOrThrow()).toEqual({ state: 'notFound', copy_id: a!.id });
    });
  });

  describe('lost copies and write-off (BorrowingBookWeeding)', () => {
    it('lists lost copies with their bill; a lost copy is weeded keeping its record', async () => {
      const [a] = await freeCopies(t, 1);
      const rec = await t.data(L.register, { Barcode: a!.barcode, Kind: 'shelf' }, 'librarian');
      const lost = await t.data(L.getLostCopies, { SearchKey: a!.barcode }, 'librarian');
      expect(lost.List).toMatchObject([{ Barcode: a!.barcode, BillNo: rec.BillNo, State: 'notCompensated' }]);
      expect(lost.List[0]!.LostAt).not.toBeNull();
      const out = await t.data(L.borrowingBookWeeding, { Barcode: a!.barcode }, 'librarian');
      expect(out.Record).toMatchObject({ ID: rec.ID, State: 'notCompensated' });
      expect(out.Record.WrittenOffAt).not.toBeNull();
      expect(await copyRow(t, a!.id)).toMatchObject({ storage_area: 3, circ_state: 'available' });
      expect((await t.data(L.getLostCopies, { SearchKey: a!.barcode }, 'librarian')).Total).toBe(0);
    });

    it('a copy on loan: closes the loan and weeds it in one go, with a new record', async () => {
      const { reader, copies } = await readerWithLoans(t, 1);
      const c = copies[0]!;
      const out = await t.data(L.borrowingBookWeeding, { Barcode: c.barcode, Kind: 'damaged' }, 'librarian');
      expect(out.Record).toMatchObject({ Kind: 'damaged', ReaderID: reader.reader_id, State: 'notCompensated' });
      expect(await copyRow(t, c.id)).toMatchObject({ storage_area: 3 });
      const loan = await t.db.selectFrom('loans').select(['returned_at', 'closed_as']).where('id', '=', out.Record.LoanID!).executeTakeFirstOrThrow();
      expect(loan.closed_as).toBe('weeded');
      expect(loan.returned_at).not.toBeNull();
      const events = await t.db.selectFrom('copy_events').select('event').where('copy_id', '=', c.id).orderBy('id', 'desc').limit(2).execute();
      expect(events.map((e) => e.event)).toEqual(['weed', 'markLost']);
    });

    it('refuses a copy on the shelf, and changes nothing', async () => {
      const [a] = await freeCopies(t, 1);
      expect(await t.fail(L.borrowingBookWeeding, { Barcode: a!.barcode }, 'librarian', 'en-US'))
        .toMatchObject({ status: 409, message: `Book ${a!.barcode} is neither on loan nor lost: weed it from the collection` });
      expect(await copyRow(t, a!.id)).toMatchObject({ storage_area: 2, circ_state: 'available' });
    });
  });

  describe('records', () => {
    it('filters by days, class, reader, kind and state; exports the filtered records as .xlsx', async () => {
      const { reader, copies } = await readerWithLoans(t, 2);
      for (const c of copies) await t.data(L.register, { Barcode: c.barcode, Kind: 'borrower' }, 'librarian');
      const dept = await t.db.selectFrom('users').select('dept_id').where('id', '=', reader.id).executeTakeFirstOrThrow();
      const byClass = await t.data(L.getRecords, { DeptID: dept.dept_id!, Reader: reader.reader_id, Kind: 'borrower', State: 'notCompensated' }, 'librarian');
      expect(byClass.Total).toBe(2);
      expect((await t.data(L.getRecords, { Reader: reader.name, DateFrom: '2000-01-01', DateTo: '2000-01-02' }, 'librarian')).Total).toBe(0);
      expect((await t.data(L.getRecords, { Reader: reader.name, DateFrom: '2000-01-01' }, 'librarian')).Total).toBe(2);
      expect((await t.data(L.getRecords, { Reader: reader.reader_id, Kind: 'shelf' }, 'librarian')).Total).toBe(0);
      expect((await t.fail(L.getRecords, { DeptID: 2_000_000_000 }, 'librarian')).status).toBe(404);
      expect((await t.data(L.getDeptOptions, {}, 'librarian')).length).toBeGreaterThan(0);

      const token = await t.tokenFor('librarian');
      const { DataID } = await t.data(L.exportRecords, { Reader: reader.reader_id }, { as: 'librarian', lang: 'en-US' });
      const job = (await pollJob(t, DataID, token)).at(-1)!;
      expect(job).toMatchObject({ State: 2, DataCount: 2, Progress: 2 });
      expect(job.FileName).toMatch(/^Loss records_\d{14}\.xlsx$/);
      const file = await downloadJobFile(t, DataID, token);
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(file.rawPayload as never);
      const rows = wb.worksheets[0]!.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
      expect(rows[0]![0]).toBe('Order no.');
      expect(rows.slice(1).map((r) => [r[2], r[6], r[10]])).toEqual([
        ['Lost by reader', reader.reader_id, 'Not compensated'],
        ['Lost by reader', reader.reader_id, 'Not compensated'],
      ]);
      await addStaff(t, 'lossrecview', [LOSS_MENUS.record]);
      expect((await t.fail(L.exportRecords, {}, 'lossrecview')).status).toBe(403);
    });
  });
});
