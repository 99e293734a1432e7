import { beforeAll, describe, expect, it } from 'vitest';
import { circulationCalls as C, DESK_MENUS, UNDO_WINDOW_MS } from '../../shared/api/circulation.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { addStaff, freeCopies, freeReaders, groupFor, openLoanCounts, userIdOf, type FreeReader } from './desk-fixture.ts';

type Reasons = { Reasons: Array<{ Code: string; Key: string; Params: Record<string, string | number> }> };
const codes = (data: unknown) => (data as Reasons).Reasons.map((r) => r.Code);

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('the circulation desk on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  let librarian: number;
  let classlib: number;
  beforeAll(async () => {
    librarian = await userIdOf(t, 'librarian');
    classlib = await userIdOf(t, 'classlib');
  });

  /** A reader in a fresh group of MaxLoans 5, MaxRenewals 1, and `n` copies to lend them. */
  async function readerWithCopies(n: number, group: Record<string, unknown> = {}) {
    const [reader] = await freeReaders(t, 1) as [FreeReader];
    await groupFor(t, [reader], group);
    return { reader, copies: await freeCopies(t, n) };
  }

  const borrow = (reader: FreeReader, barcode: string, as = 'librarian') => t.data(C.literatureCirc, { UserID: reader.id, Barcode: barcode }, as);

  describe('the scan box', () => {
    it('tells a reader card from a copy and from neither', async () => {
      const { reader, copies } = await readerWithCopies(1);
      const r = await t.data(C.getCircUserInfoByBarCode, { BarCode: reader.reader_id }, 'librarian');
      expect(r.Kind).toBe('reader');
      if (r.Kind !== 'reader') return;
      expect(r.Reader).toMatchObject({ UserID: reader.id, ReaderID: reader.reader_id, Name: reader.name, Identity: 'student', CardStatus: 'active', Loans: [], Blocks: [] });
      expect(r.Reader.ClassName).not.toBe('');
      expect(r.Reader.Limits).toMatchObject({ Ok: true, MaxLoans: 5, Current: 0, Left: 5 });

      const c = await t.data(C.getCircUserInfoByBarCode, { BarCode: copies[0]!.barcode }, 'classlib');
      expect(c).toMatchObject({ Kind: 'copy', Copy: { CopyID: copies[0]!.id, Barcode: copies[0]!.barcode, State: 'available', Loan: null } });
      expect(await t.data(C.getCircUserInfoByBarCode, { BarCode: 'NO-SUCH-CODE' }, 'librarian')).toEqual({ Kind: 'none' });
    });

    it('shows a copy on loan with its reader, and a lost card among the blocks', async () => {
      const { reader, copies } = await readerWithCopies(1);
      await borrow(reader, copies[0]!.barcode);
      const c = await t.data(C.getCircUserInfoByBarCode, { BarCode: copies[0]!.barcode }, 'librarian');
      expect(c).toMatchObject({ Kind: 'copy', Copy: { State: 'borrowed', Loan: { UserID: reader.id, ReaderID: reader.reader_id, ReaderName: reader.name, Overdue: false, OverdueDays: 0 } } });
      await t.db.updateTable('users').set({ status: 'lost' }).where('id', '=', reader.id).execute();
      const r = await t.data(C.getCircUserInfoByBarCode, { BarCode: reader.reader_id }, 'librarian');
      expect(r.Kind === 'reader' && r.Reader.Blocks.map((b) => b.Code)).toEqual(['cardLost']);
      expect(r.Kind === 'reader' && r.Reader.Loans.map((l) => l.Barcode)).toEqual([copies[0]!.barcode]);
    });

    it('is for desks only: a reader or a teacher without a desk menu gets 403', async () => {
      expect((await t.fail(C.getCircUserInfoByBarCode, { BarCode: 'X' }, 'student')).status).toBe(403);
      expect((await t.fail(C.getCircUserInfoByBarCode, { BarCode: 'X' }, 'teacher')).status).toBe(403);
      expect((await t.fail(C.getCircUserInfoByBarCode, { BarCode: 'X' }, null)).status).toBe(401);
    });
  });

  describe('borrowing', () => {
    it('lends up to the group\'s limit, updating the quota, then refuses with overallLimitReached', async () => {
      const { reader, copies } = await readerWithCopies(6);
      for (let i = 0; i < 5; i++) {
        const res = await borrow(reader, copies[i]!.barcode);
        expect(res.Loan).toMatchObject({ CopyID: copies[i]!.id, Barcode: copies[i]!.barcode, RenewCount: 0, Overdue: false, ReturnedAt: null });
        expect(res.Loan.DueAt > res.Loan.LoanedAt).toBe(true);
        expect(res.Reader.Limits).toMatchObject({ Current: i + 1, Left: 4 - i });
        expect(res.Reader.Loans).toHaveLength(i + 1);
      }
      const refused = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: copies[5]!.barcode }, 'librarian', 'en-US');
      expect(refused).toMatchObject({ status: 409, code: 409, message: 'Not lent: Maximum loan quantity reached (5/5)' });
      expect((refused.data as Reasons).Reasons).toEqual([{ Code: 'overallLimitReached', Key: 'borrowing:reason.overallLimitReached', Params: { max: 5, current: 5 } }]);

      // Each loan has its transaction, its history row and its staff member; the refusal wrote nothing.
      const txs = await t.db.selectFrom('circ_transactions').selectAll().where('reader_id', '=', reader.id).orderBy('id').execute();
      expect(txs.map((x) => [x.kind, x.copy_id, x.staff_id])).toEqual(copies.slice(0, 5).map((c) => ['borrow', c.id, librarian]));
      const loans = await t.db.selectFrom('loans').selectAll().where('user_id', '=', reader.id).where('returned_at', 'is', null).execute();
      expect(loans.map((l) => l.loaned_by)).toEqual([librarian, librarian, librarian, librarian, librarian]);
      const events = await t.db.selectFrom('copy_events').select(['copy_id', 'event']).where('copy_id', 'in', copies.map((c) => c.id)).where('event', '=', 'borrow').execute();
      expect(events).toHaveLength(5);
      expect((await t.db.selectFrom('copies').select('circ_state').where('id', '=', copies[5]!.id).executeTakeFirstOrThrow()).circ_state).toBe('available');
    });

    it('sends back after a loan the reader a scan shows: every open loan, oldest first, the new one in its place', async () => {
      const { reader, copies } = await readerWithCopies(3);
      // A loan dated after now (an offline desk's clock ahead): the desk's new loans come before it.
      const later = new Date(Date.now() + 3_600_000).toISOString();
      await t.db.insertInto('loans').values({ school_id: 1, copy_id: copies[2]!.id, user_id: reader.id, loaned_at: later, due_at: later, returned_at: null, renew_count: 0 }).execute();
      for (const copy of copies.slice(0, 2)) {
        const res = await borrow(reader, copy.barcode);
        const scan = await t.data(C.getCircUserInfoByBarCode, { BarCode: reader.reader_id }, 'librarian');
        expect(scan.Kind === 'reader' && scan.Reader).toEqual(res.Reader);
      }
      const scan = await t.data(C.getCircUserInfoByBarCode, { BarCode: reader.reader_id }, 'librarian');
      expect(scan.Kind === 'reader' && scan.Reader.Loans.map((l) => l.CopyID)).toEqual(copies.map((c) => c.id));
    });

    it('refuses a lost card with every reason, card first', async () => {
      const { reader, copies } = await readerWithCopies(1);
      await t.db.updateTable('users').set({ status: 'lost' }).where('id', '=', reader.id).execute();
      const refused = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: copies[0]!.barcode }, 'librarian');
      expect(refused).toMatchObject({ status: 409, message: '不能借出：实体读者证已挂失，不能借书' });
      expect(codes(refused.data)).toEqual(['cardLost']);
      // The same reader, a book already out: both reasons, the card's first.
      const other = await readerWithCopies(1);
      await borrow(other.reader, other.copies[0]!.barcode);
      const both = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: other.copies[0]!.barcode }, 'librarian');
      expect(codes(both.data)).toEqual(['cardLost', 'alreadyOnLoan']);
    });

    it('refuses an unknown copy (404), a copy on loan (naming the reader) and a copy that is not lendable', async () => {
      const { reader, copies } = await readerWithCopies(3);
      const missing = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: 'NOPE-0001' }, 'librarian', 'en-US');
      expect(missing).toMatchObject({ status: 404, code: 404, message: 'Not lent: No book has the barcode NOPE-0001' });
      expect((missing.data as Reasons).Reasons).toEqual([{ Code: 'copyNotFound', Key: 'circulation:reason.copyNotFound', Params: { barcode: 'NOPE-0001' } }]);

      const other = await readerWithCopies(0);
      await borrow(other.reader, copies[0]!.barcode);
      const onLoan = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: copies[0]!.barcode }, 'librarian', 'en-US');
      expect(onLoan).toMatchObject({ status: 409, message: `Not lent: ${copies[0]!.barcode} is on loan to ${other.reader.name}` });
      // Lending it again to the same reader is refused just the same.
      expect(codes((await t.fail(C.literatureCirc, { UserID: other.reader.id, Barcode: copies[0]!.barcode }, 'librarian')).data)).toEqual(['alreadyOnLoan']);

      await t.db.updateTable('copies').set({ circ_state: 'locked' }).where('id', '=', copies[1]!.id).execute();
      const locked = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: copies[1]!.barcode }, 'librarian', 'en-US');
      expect(locked).toMatchObject({ status: 409, message: `Not lent: ${copies[1]!.barcode} is locked and cannot be lent` });
      expect((locked.data as Reasons).Reasons[0]!.Params).toEqual({ barcode: copies[1]!.barcode, state: 'locked' });
      await t.db.updateTable('copies').set({ storage_area: 8 }).where('id', '=', copies[2]!.id).execute();
      const reading = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: copies[2]!.barcode }, 'librarian', 'en-US');
      expect(reading.message).toBe(`Not lent: ${copies[2]!.barcode} is not lent (kept as: reading room)`);
      expect((reading.data as Reasons).Reasons.map((r) => [r.Code, r.Params])).toEqual([['notForLoan', { barcode: copies[2]!.barcode, area: 'reading' }]]);

      const nobody = await t.fail(C.literatureCirc, { UserID: 999_999, Barcode: 'NOPE-0001' }, 'librarian');
      expect(nobody.status).toBe(404);
      expect(codes(nobody.data)).toEqual(['readerNotFound', 'copyNotFound']);
    });

    it('refuses copies of branches the role does not cover', async () => {
      const branches = await t.db.selectFrom('branches').select(['id', 'code']).where('school_id', '=', 1).orderBy('id').execute();
      const main = branches.find((b) => b.code === 'MAIN')!.id;
      const other = branches.find((b) => b.code !== 'MAIN')!.id;
      await addStaff(t, 'deskmain', [...DESK_MENUS], [main]);
      const [reader] = await freeReaders(t, 1) as [FreeReader];
      await groupFor(t, [reader]);
      const [outside] = await freeCopies(t, 1, other);
      const [inside] = await freeCopies(t, 1, main);
      const refused = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: outside!.barcode }, 'deskmain', 'en-US');
      expect(refused).toMatchObject({ status: 409, message: `Not lent: ${outside!.barcode} belongs to a branch your role does not cover` });
      expect(codes(refused.data)).toEqual(['outsideBranches']);
      await t.data(C.literatureCirc, { UserID: reader.id, Barcode: inside!.barcode }, 'deskmain');
      // Return and renew are bound by the same scope.
      await borrow(reader, outside!.barcode);
      expect(codes((await t.fail(C.literatureReturn, { Barcode: outside!.barcode }, 'deskmain')).data)).toEqual(['outsideBranches']);
      expect(codes((await t.fail(C.renew, { Barcode: outside!.barcode }, 'deskmain')).data)).toEqual(['outsideBranches']);
    });

    it('needs the borrow permission, and keeps to the caller\'s school', async () => {
      const { reader, copies } = await readerWithCopies(1);
      expect((await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: copies[0]!.barcode }, 'student')).status).toBe(403);
      expect((await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: copies[0]!.barcode }, 'teacher')).status).toBe(403);
      // School 2's administrator: neither the reader nor the copy exists there.
      const foreign = await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: copies[0]!.barcode }, 'admin2');
      expect(foreign.status).toBe(404);
      expect(codes(foreign.data)).toEqual(['readerNotFound', 'copyNotFound']);
      expect((await t.fail(C.literatureCirc, { UserID: reader.id, Barcode: copies[0]!.barcode }, { as: 'librarian', school: 2 })).status).toBe(403);
      const school2Reader = await t.db.selectFrom('users').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
      expect(codes((await t.fail(C.literatureCirc, { UserID: school2Reader.id, Barcode: copies[0]!.barcode }, 'librarian')).data)).toEqual(['readerNotFound']);
      expect((await openLoanCounts(t, [copies[0]!.id])).size).toBe(0);
    });
  });

  describe('returning and renewing', () => {
    it('takes a book back from any reader at any desk, once', async () => {
      const { reader, copies } = await readerWithCopies(1);
      await borrow(reader, copies[0]!.barcode, 'librarian');
      const res = await t.data(C.literatureReturn, { Barcode: copies[0]!.barcode }, 'classlib');
      expect(res.Reader).toMatchObject({ UserID: reader.id, ReaderID: reader.reader_id, Name: reader.name });
      expect(res.Reader.ClassName).not.toBe('');
      expect(res.Loan).toMatchObject({ CopyID: copies[0]!.id, Overdue: false, OverdueDays: 0 });
      expect(res.Loan.ReturnedAt).not.toBeNull();
      const loan = await t.db.selectFrom('loans').selectAll().where('id', '=', res.Loan.LoanID).executeTakeFirstOrThrow();
      expect(loan).toMatchObject({ returned_by: classlib, loaned_by: librarian, cancelled: 0 });
      expect((await t.db.selectFrom('copies').select('circ_state').where('id', '=', copies[0]!.id).executeTakeFirstOrThrow()).circ_state).toBe('available');
      const tx = await t.db.selectFrom('circ_transactions').selectAll().where('id', '=', res.TransactionID).executeTakeFirstOrThrow();
      expect(tx).toMatchObject({ kind: 'return', loan_id: loan.id, reader_id: reader.id, staff_id: classlib });

      const again = await t.fail(C.literatureReturn, { Barcode: copies[0]!.barcode }, 'librarian', 'en-US');
      expect(again).toMatchObject({ status: 409, message: `Return failed: ${copies[0]!.barcode} is not on loan` });
      expect(codes(again.data)).toEqual(['notOnLoan']);
      expect(codes((await t.fail(C.literatureReturn, { Barcode: 'NOPE-0002' }, 'librarian')).data)).toEqual(['copyNotFound']);
      expect((await t.fail(C.literatureReturn, { Barcode: copies[0]!.barcode }, 'student')).status).toBe(403);
    });

    it('says how late a book came back', async () => {
      const { reader, copies } = await readerWithCopies(1);
      const { Loan } = await borrow(reader, copies[0]!.barcode);
      await t.db.updateTable('loans').set({ due_at: new Date(Date.now() - 10 * 86_400_000).toISOString() }).where('id', '=', Loan.LoanID).execute();
      const listed = await t.data(C.getUserBorrowing, { UserID: reader.id }, 'librarian');
      expect(listed.List[0]).toMatchObject({ Overdue: true });
      expect(listed.List[0]!.OverdueDays).toBeGreaterThanOrEqual(9);
      const res = await t.data(C.literatureReturn, { Barcode: copies[0]!.barcode }, 'librarian');
      expect(res.Loan.Overdue).toBe(true);
      expect(res.Loan.OverdueDays).toBe(listed.List[0]!.OverdueDays);
    });

    it('renews a loan to a later due date, and refuses past MaxRenewals', async () => {
      const { reader, copies } = await readerWithCopies(1);
      const lent = await borrow(reader, copies[0]!.barcode);
      const res = await t.data(C.renew, { Barcode: copies[0]!.barcode }, 'classlib');
      expect(res.PreviousDueAt).toBe(lent.Loan.DueAt);
      expect(res.Loan.DueAt > lent.Loan.DueAt).toBe(true);
      expect(res.Loan.RenewCount).toBe(1);
      const tx = await t.db.selectFrom('circ_transactions').selectAll().where('id', '=', res.TransactionID).executeTakeFirstOrThrow();
      expect(tx).toMatchObject({ kind: 'renew', due_before: lent.Loan.DueAt, due_after: res.Loan.DueAt, staff_id: classlib });

      const refused = await t.fail(C.renew, { Barcode: copies[0]!.barcode }, 'librarian', 'en-US');
      expect(refused).toMatchObject({ status: 409, message: 'Not renewed: Maximum renewal times reached (1/1)' });
      expect(codes(refused.data)).toEqual(['renewalLimitReached']);
      expect((await t.db.selectFrom('loans').select('due_at').where('id', '=', lent.Loan.LoanID).executeTakeFirstOrThrow()).due_at).toBe(res.Loan.DueAt);

      const free = await freeCopies(t, 1);
      expect(codes((await t.fail(C.renew, { Barcode: free[0]!.barcode }, 'librarian')).data)).toEqual(['notOnLoan']);
      expect((await t.fail(C.renew, { Barcode: copies[0]!.barcode }, 'teacher')).status).toBe(403);
    });

    it('lists a reader\'s loans to themselves and to desks only', async () => {
      const { reader, copies } = await readerWithCopies(2);
      await borrow(reader, copies[0]!.barcode);
      await borrow(reader, copies[1]!.barcode);
      const list = await t.data(C.getUserBorrowing, { UserID: reader.id }, 'classlib');
      expect(list.List.map((l) => l.CopyID)).toEqual([copies[0]!.id, copies[1]!.id]);
      const student = await userIdOf(t, 'student');
      await t.data(C.getUserBorrowing, { UserID: student }, 'student');
      expect((await t.fail(C.getUserBorrowing, { UserID: reader.id }, 'student')).status).toBe(403);
      expect((await t.fail(C.getUserBorrowing, { UserID: reader.id }, 'admin2')).status).toBe(404);
    });
  });

  describe('undo', () => {
    const txOf = (id: number) => t.db.selectFrom('circ_transactions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const stateOf = async (copyId: number) => (await t.db.selectFrom('copies').select('circ_state').where('id', '=', copyId).executeTakeFirstOrThrow()).circ_state;

    it('undoes a borrow: the loan is cancelled (kept), the copy is back, the undo is recorded', async () => {
      const { reader, copies } = await readerWithCopies(1);
      const lent = await borrow(reader, copies[0]!.barcode);
      const res = await t.data(C.undo, { TransactionID: lent.TransactionID }, 'librarian');
      expect(res).toMatchObject({ Kind: 'borrow', Barcode: copies[0]!.barcode });
      const loan = await t.db.selectFrom('loans').selectAll().where('id', '=', lent.Loan.LoanID).executeTakeFirstOrThrow();
      expect(loan.cancelled).toBe(1);
      expect(loan.returned_at).not.toBeNull();
      expect(await stateOf(copies[0]!.id)).toBe('available');
      expect(await txOf(res.TransactionID)).toMatchObject({ kind: 'undo', undo_of: lent.TransactionID, staff_id: librarian, loan_id: loan.id });
      expect((await txOf(lent.TransactionID)).undone_by).toBe(res.TransactionID);
      // Its quota is free again, and the book can be lent again.
      const r = await t.data(C.getCircUserInfoByBarCode, { BarCode: reader.reader_id }, 'librarian');
      expect(r.Kind === 'reader' && r.Reader.Limits.Current).toBe(0);
      await borrow(reader, copies[0]!.barcode);

      expect(await t.fail(C.undo, { TransactionID: lent.TransactionID }, 'librarian', 'en-US')).toMatchObject({ status: 409, message: 'This transaction was already undone' });
      // An undo is not undone.
      expect((await t.fail(C.undo, { TransactionID: res.TransactionID }, 'librarian')).status).toBe(404);
    });

    it('undoes a return (the loan reopens) and a renewal (the due date goes back)', async () => {
      const { reader, copies } = await readerWithCopies(1);
      const lent = await borrow(reader, copies[0]!.barcode);
      const renewed = await t.data(C.renew, { Barcode: copies[0]!.barcode }, 'librarian');
      await t.data(C.undo, { TransactionID: renewed.TransactionID }, 'librarian');
      let loan = await t.db.selectFrom('loans').selectAll().where('id', '=', lent.Loan.LoanID).executeTakeFirstOrThrow();
      expect(loan).toMatchObject({ due_at: lent.Loan.DueAt, renew_count: 0, returned_at: null });
      expect(await txOf(renewed.TransactionID)).toMatchObject({ undone_by: expect.any(Number) });

      const back = await t.data(C.literatureReturn, { Barcode: copies[0]!.barcode }, 'librarian');
      const undone = await t.data(C.undo, { TransactionID: back.TransactionID }, 'librarian');
      expect(undone.Kind).toBe('return');
      loan = await t.db.selectFrom('loans').selectAll().where('id', '=', lent.Loan.LoanID).executeTakeFirstOrThrow();
      expect(loan).toMatchObject({ returned_at: null, returned_by: null, cancelled: 0 });
      expect(await stateOf(copies[0]!.id)).toBe('borrowed');
      // With the return and the renewal undone, the borrow is the copy's latest again.
      await t.data(C.undo, { TransactionID: lent.TransactionID }, 'librarian');
      expect(await stateOf(copies[0]!.id)).toBe('available');
    });

    it('refuses another desk\'s transaction, an old one, and one that is not the copy\'s latest', async () => {
      const { reader, copies } = await readerWithCopies(2);
      const lent = await borrow(reader, copies[0]!.barcode);
      expect(await t.fail(C.undo, { TransactionID: lent.TransactionID }, 'classlib', 'en-US')).toMatchObject({ status: 409, message: 'You can undo only your own transactions' });

      const back = await t.data(C.literatureReturn, { Barcode: copies[0]!.barcode }, 'librarian');
      expect(await t.fail(C.undo, { TransactionID: lent.TransactionID }, 'librarian', 'en-US')).toMatchObject({ status: 409, message: 'Only the book\'s latest transaction can be undone' });

      await t.db.updateTable('circ_transactions').set({ at: new Date(Date.now() - UNDO_WINDOW_MS - 1000).toISOString() }).where('id', '=', back.TransactionID).execute();
      expect(await t.fail(C.undo, { TransactionID: back.TransactionID }, 'librarian', 'en-US')).toMatchObject({ status: 409, message: 'Only the last 2 minutes can be undone' });
      expect(await t.fail(C.undo, { TransactionID: back.TransactionID }, 'librarian')).toMatchObject({ message: '只能撤销 2 分钟内的操作' });

      // Refusals changed nothing.
      expect(await stateOf(copies[0]!.id)).toBe('available');
      expect((await txOf(back.TransactionID)).undone_by).toBeNull();

      // A reader, another school, and a transaction that does not exist.
      const second = await borrow(reader, copies[1]!.barcode);
      expect((await t.fail(C.undo, { TransactionID: second.TransactionID }, 'student')).status).toBe(403);
      expect((await t.fail(C.undo, { TransactionID: second.TransactionID }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.undo, { TransactionID: 999_999 }, 'librarian')).status).toBe(404);
    });

    it('refuses to reopen a loan when the copy was lent again outside the desk', async () => {
      const { reader, copies } = await readerWithCopies(1);
      await borrow(reader, copies[0]!.barcode);
      const back = await t.data(C.literatureReturn, { Barcode: copies[0]!.barcode }, 'librarian');
      // A loan the desk did not make (an import, say): no transaction, but an open loan.
      const now = new Date().toISOString();
      await t.db.insertInto('loans').values({ school_id: 1, copy_id: copies[0]!.id, user_id: reader.id, loaned_at: now, due_at: now, returned_at: null }).execute();
      expect(await t.fail(C.undo, { TransactionID: back.TransactionID }, 'librarian', 'en-US')).toMatchObject({ status: 409, message: 'Only the book\'s latest transaction can be undone' });
      expect((await openLoanCounts(t, [copies[0]!.id])).get(copies[0]!.id)).toBe(1);
    });
  });

  describe('retries', () => {
    it('replays a write retried with the same Idempotency-Key: one loan, the same reply', async () => {
      const { reader, copies } = await readerWithCopies(1);
      const headers = { 'idempotency-key': `desk-${copies[0]!.barcode}` };
      const input = { UserID: reader.id, Barcode: copies[0]!.barcode };
      const first = await t.call(C.literatureCirc, input, { as: 'librarian', headers });
      const again = await t.call(C.literatureCirc, input, { as: 'librarian', headers });
      expect(first.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replay']).toBe('true');
      expect((await openLoanCounts(t, [copies[0]!.id])).get(copies[0]!.id)).toBe(1);
      expect(await t.db.selectFrom('circ_transactions').select('id').where('copy_id', '=', copies[0]!.id).execute()).toHaveLength(1);
    });

    it('makes one loan when the same key arrives twice at once (the second is a replay, or told the first is still at work)', async () => {
      const { reader, copies } = await readerWithCopies(2);
      for (const copy of copies) {
        const headers = { 'idempotency-key': `desk-race-${copy.barcode}` };
        const replies = await Promise.all([0, 1].map(() => t.call(C.literatureCirc, { UserID: reader.id, Barcode: copy.barcode }, { as: 'librarian', headers })));
        expect(replies.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
        // The key is claimed before the write: a copy arriving meanwhile never reaches the desk.
        for (const r of replies.filter((x) => x.statusCode !== 200)) {
          expect(r.statusCode).toBe(409);
          expect(r.json().message).toBe('同一请求仍在处理中，请稍后再试');
        }
        expect((await openLoanCounts(t, [copy.id])).get(copy.id)).toBe(1);
        // Both returns at once: one closes the loan, the other finds nothing to return.
        const backs = await Promise.all([0, 1].map((i) => t.call(C.literatureReturn, { Barcode: copy.barcode }, { as: 'librarian', headers: { 'idempotency-key': `back-${copy.barcode}-${i}` } })));
        expect(backs.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        expect(await t.db.selectFrom('circ_transactions').select('kind').where('copy_id', '=', copy.id).orderBy('id').execute()).toEqual([{ kind: 'borrow' }, { kind: 'return' }]);
      }
    });
  });
});
