import { beforeAll, describe, expect, it } from 'vitest';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { addDays, endOfLocalDay, formatOffset, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { addStaff, freeCopies, freeReaders, groupFor, openLoanCounts, userIdOf, type FreeReader } from './desk-fixture.ts';

type Reasons = { Reasons: Array<{ Code: string; Key: string; Params: Record<string, string | number> }> };
const codes = (data: unknown) => (data as Reasons).Reasons.map((r) => r.Code);

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

// Days below are the demo school's days, in its offset (read from its calendar).
let OFFSET = 0;
const today = () => toLocalDay(new Date().toISOString(), OFFSET);
const endOf = (day: string) => new Date(endOfLocalDay(day, OFFSET)).toISOString();

describe.each(databases)('deferred returns (/deferred-return) on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  let librarian: number;
  beforeAll(async () => {
    librarian = await userIdOf(t, 'librarian');
    OFFSET = (await loadCalendar(t.db, 1)).calendar.UtcOffsetMinutes;
  });

  /**
   * A reader's loan of a fresh copy, moved back in time: lent `lentDaysAgo` days ago, due at the
   * end of the day `dueDaysAgo` days ago.
   */
  async function pastLoan(lentDaysAgo: number, dueDaysAgo: number) {
    const [reader] = await freeReaders(t, 1) as [FreeReader];
    await groupFor(t, [reader]);
    const [copy] = await freeCopies(t, 1);
    const lent = await t.data(C.literatureCirc, { UserID: reader.id, Barcode: copy!.barcode }, 'librarian');
    const loanedAt = new Date(`${addDays(today(), -lentDaysAgo)}T10:00:00${formatOffset(OFFSET)}`).toISOString();
    await t.db.updateTable('loans').set({ loaned_at: loanedAt, due_at: endOfLocalDay(addDays(today(), -dueDaysAgo), OFFSET) }).where('id', '=', lent.Loan.LoanID).execute();
    return { reader, copy: copy!, loanId: lent.Loan.LoanID };
  }
  const loanRow = (id: number) => t.db.selectFrom('loans').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stateOf = async (copyId: number) => (await t.db.selectFrom('copies').select('circ_state').where('id', '=', copyId).executeTakeFirstOrThrow()).circ_state;

  it('shows the loan as it would come back that day, overdue days as of the day, changing nothing', async () => {
    const { reader, copy, loanId } = await pastLoan(20, 10);
    const day = addDays(today(), -5);
    const item = await t.data(C.getDeferredItem, { Barcode: copy.barcode, ReturnDay: day }, 'librarian');
    expect(item.Loan).toMatchObject({ LoanID: loanId, Barcode: copy.barcode, Overdue: true, OverdueDays: 5, ReturnedAt: null });
    expect(item.Reader).toMatchObject({ UserID: reader.id, ReaderID: reader.reader_id, Name: reader.name });
    expect(item.Reader.ClassName).not.toBe('');
    // Returned before its due day: not overdue at all.
    const early = await t.data(C.getDeferredItem, { Barcode: copy.barcode, ReturnDay: addDays(today(), -12) }, 'librarian');
    expect(early.Loan).toMatchObject({ Overdue: false, OverdueDays: 0 });
    expect((await loanRow(loanId)).returned_at).toBeNull();
    expect(await stateOf(copy.id)).toBe('borrowed');
  });

  it('returns the loan at the end of that day, journaled now, the day in the copy event', async () => {
    const { reader, copy, loanId } = await pastLoan(20, 10);
    const day = addDays(today(), -3);
    const before = Date.now();
    const res = await t.data(C.deferredReturn, { Barcode: copy.barcode, ReturnDay: day }, 'librarian');
    expect(res.Loan).toMatchObject({ LoanID: loanId, Overdue: true, OverdueDays: 7, ReturnedAt: endOf(day) });
    expect(res.Reader).toMatchObject({ UserID: reader.id, Name: reader.name });
    expect(await loanRow(loanId)).toMatchObject({ returned_at: endOf(day), returned_by: librarian, cancelled: 0 });
    expect(toLocalDay((await loanRow(loanId)).returned_at!, OFFSET)).toBe(day);
    expect(await stateOf(copy.id)).toBe('available');
    const tx = await t.db.selectFrom('circ_transactions').selectAll().where('id', '=', res.TransactionID).executeTakeFirstOrThrow();
    expect(tx).toMatchObject({ kind: 'return', loan_id: loanId, copy_id: copy.id, reader_id: reader.id, staff_id: librarian });
    expect(Date.parse(tx.at)).toBeGreaterThanOrEqual(before - 1000);
    const event = await t.db.selectFrom('copy_events').select(['event', 'detail']).where('copy_id', '=', copy.id).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(event.event).toBe('return');
    expect(JSON.parse(event.detail)).toMatchObject({ loanId, readerId: reader.id, returnDay: day });
    // The loan as the reader's open loans and the desk see it: gone.
    expect((await openLoanCounts(t, [copy.id])).size).toBe(0);
    // Today is a return now; the desk's own return carries no day.
    const other = await pastLoan(2, -10);
    const now = await t.data(C.deferredReturn, { Barcode: other.copy.barcode, ReturnDay: today() }, 'librarian');
    expect(toLocalDay(now.Loan.ReturnedAt!, OFFSET)).toBe(today());
    expect(Date.parse(now.Loan.ReturnedAt!)).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a day after today, a day before the loan, a copy not on loan or unknown, and other branches', async () => {
    const { copy } = await pastLoan(4, -10);
    for (const call of [C.getDeferredItem, C.deferredReturn]) {
      const future = await t.fail(call, { Barcode: copy.barcode, ReturnDay: addDays(today(), 1) }, 'librarian', 'en-US');
      expect(future).toMatchObject({ status: 409, message: `Return failed: The return day ${addDays(today(), 1)} is after today (${today()})` });
      expect(codes(future.data)).toEqual(['returnDayFuture']);
      const early = await t.fail(call, { Barcode: copy.barcode, ReturnDay: addDays(today(), -5) }, 'librarian');
      expect(early.status).toBe(409);
      expect((early.data as Reasons).Reasons).toEqual([{
        Code: 'returnDayBeforeLoan', Key: 'circulation:reason.returnDayBeforeLoan',
        Params: { barcode: copy.barcode, day: addDays(today(), -5), loanDay: addDays(today(), -4) },
      }]);
      expect(codes((await t.fail(call, { Barcode: 'NOPE-0003', ReturnDay: today() }, 'librarian')).data)).toEqual(['copyNotFound']);
      expect((await t.fail(call, { Barcode: 'NOPE-0003', ReturnDay: today() }, 'librarian')).status).toBe(404);
      // A class librarian holds the desk but not this menu; a reader holds neither.
      expect((await t.fail(call, { Barcode: copy.barcode, ReturnDay: today() }, 'classlib')).status).toBe(403);
      expect((await t.fail(call, { Barcode: copy.barcode, ReturnDay: today() }, 'student')).status).toBe(403);
      expect((await t.fail(call, { Barcode: copy.barcode, ReturnDay: '2026-13-01' }, 'librarian')).status).toBe(400);
    }
    expect(await stateOf(copy.id)).toBe('borrowed');
    // The loan's own day is allowed; then the copy is not on loan any more.
    await t.data(C.deferredReturn, { Barcode: copy.barcode, ReturnDay: addDays(today(), -4) }, 'librarian');
    const again = await t.fail(C.deferredReturn, { Barcode: copy.barcode, ReturnDay: today() }, 'librarian', 'en-US');
    expect(again).toMatchObject({ status: 409, message: `Return failed: ${copy.barcode} is not on loan` });
    expect(codes((await t.fail(C.getDeferredItem, { Barcode: copy.barcode, ReturnDay: today() }, 'librarian')).data)).toEqual(['notOnLoan']);

    const branches = await t.db.selectFrom('branches').select(['id', 'code']).where('school_id', '=', 1).orderBy('id').execute();
    const main = branches.find((b) => b.code === 'MAIN')!.id;
    const other = branches.find((b) => b.code !== 'MAIN')!.id;
    await addStaff(t, 'dropbox', ['/deferred-return'], [main]);
    const [reader] = await freeReaders(t, 1) as [FreeReader];
    await groupFor(t, [reader]);
    const [outside] = await freeCopies(t, 1, other);
    await t.data(C.literatureCirc, { UserID: reader.id, Barcode: outside!.barcode }, 'librarian');
    for (const call of [C.getDeferredItem, C.deferredReturn]) {
      expect(codes((await t.fail(call, { Barcode: outside!.barcode, ReturnDay: today() }, 'dropbox')).data)).toEqual(['outsideBranches']);
    }
  });

  it('is undone at the desk like any return: the loan reopens', async () => {
    const { copy, loanId } = await pastLoan(20, 10);
    const back = await t.data(C.deferredReturn, { Barcode: copy.barcode, ReturnDay: addDays(today(), -2) }, 'librarian');
    const undone = await t.data(C.undo, { TransactionID: back.TransactionID }, 'librarian');
    expect(undone).toMatchObject({ Kind: 'return', Barcode: copy.barcode });
    expect(await loanRow(loanId)).toMatchObject({ returned_at: null, returned_by: null, cancelled: 0 });
    expect(await stateOf(copy.id)).toBe('borrowed');
    expect((await t.db.selectFrom('circ_transactions').select('undone_by').where('id', '=', back.TransactionID).executeTakeFirstOrThrow()).undone_by).toBe(undone.TransactionID);
    // Back on loan, it can be returned again, with another day.
    const day = addDays(today(), -1);
    const res = await t.data(C.deferredReturn, { Barcode: copy.barcode, ReturnDay: day }, 'librarian');
    expect(res.Loan).toMatchObject({ OverdueDays: 9, ReturnedAt: endOf(day) });
  });

  it('replays a retry with the same Idempotency-Key: one return, the same reply', async () => {
    const { copy } = await pastLoan(20, 10);
    const headers = { 'idempotency-key': `deferred-${copy.barcode}` };
    const input = { Barcode: copy.barcode, ReturnDay: addDays(today(), -1) };
    const first = await t.call(C.deferredReturn, input, { as: 'librarian', headers });
    const again = await t.call(C.deferredReturn, input, { as: 'librarian', headers });
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replay']).toBe('true');
    expect(await t.db.selectFrom('circ_transactions').select('kind').where('copy_id', '=', copy.id).orderBy('id').execute()).toEqual([{ kind: 'borrow' }, { kind: 'return' }]);
    // The same key with another day is a different request: refused, nothing returned twice.
    const other = await t.call(C.deferredReturn, { ...input, ReturnDay: today() }, { as: 'librarian', headers });
    expect(other.statusCode).toBe(409);
  });
});
