import { beforeAll, describe, expect, it } from 'vitest';
import { circulationBatchCalls as B, CONDITION_MAX } from '../../shared/api/circulation-batch.ts';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { circulationRecordCalls as R } from '../../shared/api/circulation-records.ts';
import { addDays, endOfLocalDay, formatOffset, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { freeCopies, freeReaders, groupFor, openLoanCounts, userIdOf, type FreeReader } from './desk-fixture.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
type Copy = { id: number; barcode: string; branch_id: number };
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

let OFFSET = 0;
const today = () => toLocalDay(new Date().toISOString(), OFFSET);
const csv = (lines: string[]) => ({ FileName: 'offline.csv', Content: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8').toString('base64') });

describe.each(databases)('batch circulation on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  let librarian: number;
  beforeAll(async () => {
    librarian = await userIdOf(t, 'librarian');
    OFFSET = (await loadCalendar(t.db, 1)).calendar.UtcOffsetMinutes;
  });

  async function readers(n: number, group: Record<string, unknown> = {}) {
    const list = await freeReaders(t, n);
    await groupFor(t, list, group);
    return list;
  }
  const copyState = async (id: number) => (await t.db.selectFrom('copies').select('circ_state').where('id', '=', id).executeTakeFirstOrThrow()).circ_state;
  const journal = (copyIds: number[]) => t.db.selectFrom('circ_transactions').selectAll().where('copy_id', 'in', copyIds).orderBy('id').execute();
  const lend = (reader: FreeReader, barcode: string) => t.data(C.literatureCirc, { UserID: reader.id, Barcode: barcode }, 'librarian');

  describe('batchcirc (lend many)', () => {
    it('lends the good rows, refuses the others with every reason, and changes nothing for a refused row', async () => {
      const [a, b] = await readers(2, { MaxLoans: 1 }) as [FreeReader, FreeReader];
      const copies = await freeCopies(t, 3);
      const [c1, c2, c3] = copies as [typeof copies[0], typeof copies[0], typeof copies[0]];
      const res = await t.data(B.batchCirc, {
        Items: [
          { UserID: a.id, Barcode: c1.barcode },
          { UserID: a.id, Barcode: c2.barcode }, // over a's quota of 1
          { UserID: b.id, Barcode: 'NO-SUCH-BOOK' },
          { UserID: b.id, Barcode: c1.barcode }, // already lent in row 1
          { UserID: b.id, Barcode: c3.barcode },
        ],
      }, { as: 'librarian', lang: 'en-US' });
      expect(res).toMatchObject({ Total: 5, Done: 2, Refused: 3 });
      expect(res.List.map((r) => [r.Row, r.Barcode, r.Ok])).toEqual([
        [1, c1.barcode, true], [2, c2.barcode, false], [3, 'NO-SUCH-BOOK', false], [4, c1.barcode, false], [5, c3.barcode, true],
      ]);
      expect(res.List[0]).toMatchObject({ Loan: { Barcode: c1.barcode, RenewCount: 0 }, Reader: { UserID: a.id, Name: a.name }, Reasons: [], Message: '' });
      expect(res.List[1]!.Reasons.map((r) => r.Code)).toContain('overallLimitReached');
      expect(res.List[1]!.Message).toMatch(/^Not lent/);
      expect(res.List[2]!.Reasons.map((r) => r.Code)).toEqual(['copyNotFound']);
      expect(res.List[3]!.Reasons.map((r) => r.Code)).toEqual(['alreadyOnLoan']);
      expect(res.List[3]!.Reasons[0]!.Params).toMatchObject({ name: a.name });
      // Exactly what the reply says changed: two loans, two journal rows, c2 untouched.
      expect(Object.fromEntries(await openLoanCounts(t, [c1.id, c2.id, c3.id]))).toEqual({ [c1.id]: 1, [c3.id]: 1 });
      expect(await copyState(c2.id)).toBe('available');
      expect((await journal([c1.id, c2.id, c3.id])).map((x) => [x.kind, x.copy_id, x.reader_id, x.staff_id])).toEqual([
        ['borrow', c1.id, a.id, librarian], ['borrow', c3.id, b.id, librarian],
      ]);
    });

    it('replays a retried batch with the same Idempotency-Key: the same reply, nothing lent twice', async () => {
      const [a] = await readers(1) as [FreeReader];
      const copies = await freeCopies(t, 2);
      const input = { Items: copies.map((c) => ({ UserID: a.id, Barcode: c.barcode })) };
      const headers = { 'idempotency-key': `batch-${copies[0]!.barcode}` };
      const first = await t.call(B.batchCirc, input, { as: 'librarian', headers });
      const again = await t.call(B.batchCirc, input, { as: 'librarian', headers });
      expect(first.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replay']).toBe('true');
      expect(await journal(copies.map((c) => c.id))).toHaveLength(2);
      // Without the key a second send is refused row by row: the books are already out.
      const third = await t.data(B.batchCirc, input, 'librarian');
      expect(third).toMatchObject({ Done: 0, Refused: 2 });
    });

    it('needs the operation, refuses a bad request whole, and keeps schools apart', async () => {
      const [a] = await readers(1) as [FreeReader];
      const [c] = await freeCopies(t, 1);
      expect((await t.fail(B.batchCirc, { Items: [{ UserID: a.id, Barcode: c!.barcode }] }, 'student')).status).toBe(403);
      expect((await t.fail(B.batchCirc, { Items: [] }, 'librarian')).status).toBe(400);
      const tooMany = Array.from({ length: 201 }, () => ({ UserID: a.id, Barcode: c!.barcode }));
      expect(await t.fail(B.batchCirc, { Items: tooMany }, 'librarian', 'en-US')).toMatchObject({ status: 400, message: expect.stringContaining('200') });
      // School 2 names school 1's reader and book: neither exists there.
      const foreign = await t.data(B.batchCirc, { Items: [{ UserID: a.id, Barcode: c!.barcode }] }, 'admin2');
      expect(foreign).toMatchObject({ Done: 0, Refused: 1 });
      expect(foreign.List[0]!.Reasons.map((r) => r.Code)).toEqual(['readerNotFound', 'copyNotFound']);
      expect((await openLoanCounts(t, [c!.id])).size).toBe(0);
    });
  });

  describe('batchreturn (return many)', () => {
    it('returns what is on loan, refuses the rest, row by row', async () => {
      const [a] = await readers(1) as [FreeReader];
      const [c1, c2] = await freeCopies(t, 2) as [Copy, Copy];
      await lend(a, c1.barcode);
      const res = await t.data(B.batchReturn, { Barcodes: [c1.barcode, c2.barcode, c1.barcode] }, { as: 'librarian', lang: 'en-US' });
      expect(res).toMatchObject({ Total: 3, Done: 1, Refused: 2 });
      expect(res.List[0]).toMatchObject({ Ok: true, Barcode: c1.barcode, Reader: { UserID: a.id, Name: a.name }, Loan: { Barcode: c1.barcode } });
      expect(res.List[0]!.Loan!.ReturnedAt).not.toBeNull();
      expect(res.List[1]!.Reasons.map((r) => r.Code)).toEqual(['notOnLoan']);
      expect(res.List[2]!.Reasons.map((r) => r.Code)).toEqual(['notOnLoan']);
      expect(await copyState(c1.id)).toBe('available');
      expect((await journal([c1.id, c2.id])).map((x) => x.kind)).toEqual(['borrow', 'return']);
      expect((await t.fail(B.batchReturn, { Barcodes: [c1.barcode] }, 'student')).status).toBe(403);
    });
  });

  describe('a class at once', () => {
    it('lists a class in roster order with the quota left, and its open loans', async () => {
      const [a] = await readers(1, { MaxLoans: 3 }) as [FreeReader];
      const [c] = await freeCopies(t, 1);
      await lend(a, c!.barcode);
      const dept = (await t.db.selectFrom('users').select('dept_id').where('id', '=', a.id).executeTakeFirstOrThrow()).dept_id!;
      const roster = await t.data(B.getClassReaders, { DeptID: dept }, 'librarian');
      expect(roster.Total).toBeGreaterThan(1);
      const ids = roster.List.map((r) => r.ReaderID);
      expect(ids).toEqual([...ids].sort());
      expect(roster.List.find((r) => r.UserID === a.id)).toMatchObject({ OnLoan: 1, MaxLoans: 3, Left: 2, Loans: [{ Barcode: c!.barcode }] });
      const loans = await t.data(B.getClassLoans, { DeptID: dept }, 'librarian');
      expect(loans.List.find((l) => l.Barcode === c!.barcode)).toMatchObject({ UserID: a.id, State: 'onLoan' });
      expect(loans.List.every((l) => l.ReturnedAt === null)).toBe(true);
      expect((await t.fail(B.getClassReaders, { DeptID: dept }, 'admin2')).status).toBe(404);
      expect((await t.fail(B.getClassReaders, { DeptID: dept }, 'student')).status).toBe(403);
      expect((await t.data(B.getDeptOptions, {}, 'librarian')).some((d) => d.ID === dept)).toBe(true);
      expect((await t.fail(B.getDeptOptions, {}, 'student')).status).toBe(403);
    });
  });

  describe('by conditions', () => {
    async function classWithLoans() {
      const list = await readers(2, { MaxRenewals: 1 });
      const copies = await freeCopies(t, 2);
      for (const [i, r] of list.entries()) await lend(r, copies[i]!.barcode);
      // A class of its own, so the condition takes exactly these loans.
      const dept = await t.db.insertInto('departments').values({
        school_id: 1, parent_id: null, name: `批量-${copies[0]!.barcode}`, en_name: '', kind: 'dept', learning_stage: null, sort: 0,
      }).returning('id').executeTakeFirstOrThrow();
      await t.db.updateTable('users').set({ dept_id: dept.id }).where('id', 'in', list.map((r) => r.id)).execute();
      return { list, copies, dept: dept.id };
    }

    it('previews, then sets a new due day on every loan, journaled with the old and new due', async () => {
      const { list, copies, dept } = await classWithLoans();
      const preview = await t.data(B.conditionPreview, { DeptID: dept }, 'librarian');
      expect(preview.Total).toBe(2);
      expect(preview.List.map((l) => l.Barcode).sort()).toEqual(copies.map((c) => c.barcode).sort());
      const day = addDays(today(), 40);
      const res = await t.data(B.conditionSetDue, { DeptID: dept, NewDueDay: day }, 'librarian');
      expect(res).toMatchObject({ Total: 2, Done: 2, Refused: 0 });
      const loans = await t.db.selectFrom('loans').select(['id', 'due_at', 'user_id']).where('copy_id', 'in', copies.map((c) => c.id)).where('returned_at', 'is', null).execute();
      expect(loans).toHaveLength(2);
      expect(loans.every((l) => l.due_at === endOfLocalDay(day, OFFSET))).toBe(true);
      const rows = (await journal(copies.map((c) => c.id))).filter((x) => x.kind === 'due');
      expect(rows).toHaveLength(2);
      expect(rows[0]).toMatchObject({ due_after: endOfLocalDay(day, OFFSET), staff_id: librarian });
      const byBarcode = new Map(res.List.map((r) => [r.Barcode, r]));
      for (const x of rows) {
        const copy = copies.find((c) => c.id === x.copy_id)!;
        expect(x.due_before).toBe(byBarcode.get(copy.barcode)!.PreviousDueAt);
        expect(byBarcode.get(copy.barcode)!.Loan!.DueAt).toBe(x.due_after);
      }
      expect(list.map((r) => r.id)).toContain(rows[0]!.reader_id);
      // The journal shows it, and the desk's undo does not take it.
      const log = await t.data(R.getTransactions, { Kind: 'due', Book: copies[0]!.barcode }, 'librarian');
      expect(log.List).toHaveLength(1);
      expect((await t.fail(C.undo, { TransactionID: rows[0]!.id }, 'librarian')).status).toBe(404);
      // The same day again changes nothing and says so.
      const again = await t.data(B.conditionSetDue, { DeptID: dept, NewDueDay: day }, 'librarian');
      expect(again).toMatchObject({ Done: 0, Refused: 2 });
      expect((await journal(copies.map((c) => c.id))).filter((x) => x.kind === 'due')).toHaveLength(2);
    });

    it('renews every loan under the rules, refusing each one the rules refuse', async () => {
      const { copies, dept } = await classWithLoans();
      const first = await t.data(B.conditionRenew, { DeptID: dept }, 'librarian');
      expect(first).toMatchObject({ Total: 2, Done: 2, Refused: 0 });
      expect(first.List[0]!.PreviousDueAt).not.toBe('');
      // MaxRenewals 1: the second round is refused, row by row, changing nothing.
      const second = await t.data(B.conditionRenew, { DeptID: dept }, { as: 'librarian', lang: 'en-US' });
      expect(second).toMatchObject({ Done: 0, Refused: 2 });
      expect(second.List[0]!.Reasons.map((r) => r.Code)).toContain('renewalLimitReached');
      expect((await journal(copies.map((c) => c.id))).filter((x) => x.kind === 'renew')).toHaveLength(2);
    });

    it('refuses a due day before today, a reversed range, and a student', async () => {
      const { dept } = await classWithLoans();
      expect(await t.fail(B.conditionSetDue, { DeptID: dept, NewDueDay: addDays(today(), -1) }, 'librarian', 'en-US')).toMatchObject({ status: 409, message: expect.stringContaining('before today') });
      expect((await t.fail(B.conditionPreview, { DueFrom: '2026-05-02', DueTo: '2026-05-01' }, 'librarian')).status).toBe(400);
      expect((await t.fail(B.conditionSetDue, { DeptID: dept, NewDueDay: addDays(today(), 3) }, 'student')).status).toBe(403);
      expect((await t.fail(B.conditionRenew, { DeptID: dept }, 'student')).status).toBe(403);
      expect((await t.fail(B.conditionPreview, { DeptID: dept }, 'admin2')).status).toBe(404);
      expect(CONDITION_MAX).toBe(5000);
    });
  });

  describe('offline upload (/batchdata)', () => {
    const local = (day: string, time: string) => `${day} ${time}`;

    it('previews each line, applies in time order, and skips what an earlier upload applied', async () => {
      const [a, b] = await readers(2) as [FreeReader, FreeReader];
      const [c1, c2] = await freeCopies(t, 2) as [Copy, Copy];
      const day = addDays(today(), -2);
      const file = csv([
        '时间,类型,读者证号,图书条码',
        // Out of order on purpose: the return of c1 comes after its borrow in time.
        `${local(day, '10:30')},还,${a.reader_id},${c1.barcode}`,
        `${local(day, '09:15')},借,${a.reader_id},${c1.barcode}`,
        `${local(day, '09:20')},借,${b.reader_id},${c2.barcode}`,
        `${local(day, '09:25')},借,NO-SUCH-CARD,${c2.barcode}`,
        `yesterday,借,${b.reader_id},${c2.barcode}`,
        `${local(day, '09:26')},lend?,${b.reader_id},${c2.barcode}`,
      ]);
      const preview = await t.data(B.uploadPreview, file, { as: 'librarian', lang: 'en-US' });
      expect(preview.List.map((l) => [l.Line, l.Status])).toEqual([[2, 'ready'], [3, 'ready'], [4, 'ready'], [5, 'invalid'], [6, 'invalid'], [7, 'invalid']]);
      expect(preview.List[3]!.Problems).toEqual(['No reader has card number NO-SUCH-CARD']);
      expect(preview.List[4]!.Problems[0]).toMatch(/^Time "yesterday" not understood/);
      expect(preview.List[5]!.Problems[0]).toMatch(/^Kind "lend\?" not understood/);
      expect(preview.Counts).toMatchObject({ ready: 3, invalid: 3 });
      expect((await openLoanCounts(t, [c1.id, c2.id])).size).toBe(0);

      const applied = await t.data(B.uploadApply, file, 'librarian');
      expect(applied.List.map((l) => [l.Line, l.Status])).toEqual([[2, 'done'], [3, 'done'], [4, 'done'], [5, 'invalid'], [6, 'invalid'], [7, 'invalid']]);
      const at = (time: string) => new Date(`${day}T${time}:00${formatOffset(OFFSET)}`).toISOString();
      // Copies of the demo seed have older loans: the upload's are the ones begun on the lines' times.
      const uploaded = () => t.db.selectFrom('loans').selectAll().where('copy_id', 'in', [c1.id, c2.id]).where('loaned_at', 'in', [at('09:15'), at('09:20')]).orderBy('loaned_at').execute();
      const [loan1, loan2] = await uploaded() as [Awaited<ReturnType<typeof uploaded>>[0], Awaited<ReturnType<typeof uploaded>>[0]];
      // Lent at the line's time, returned as of its day.
      expect(loan1).toMatchObject({ user_id: a.id, loaned_at: at('09:15'), cancelled: 0 });
      expect(toLocalDay(loan1.returned_at!, OFFSET)).toBe(day);
      expect(loan2).toMatchObject({ user_id: b.id, loaned_at: at('09:20'), returned_at: null });
      expect(applied.List[2]!.DueAt).toBe(loan2.due_at);
      expect(toLocalDay(loan2.due_at, OFFSET) > day).toBe(true);

      // The same file again: nothing lent or returned twice, and it says so.
      const twice = await t.data(B.uploadApply, file, 'librarian');
      expect(twice.Counts).toMatchObject({ applied: 3, done: 0, invalid: 3 });
      expect(await uploaded()).toHaveLength(2);
      expect(Object.fromEntries(await openLoanCounts(t, [c1.id, c2.id]))).toEqual({ [c2.id]: 1 });
      expect((await journal([c1.id, c2.id])).map((x) => x.kind)).toEqual(['borrow', 'borrow', 'return']);
      const previewAgain = await t.data(B.uploadPreview, file, 'librarian');
      expect(previewAgain.Counts).toMatchObject({ applied: 3, ready: 0 });
    });

    it('refuses a line the rules refuse, reads .xlsx, and refuses unreadable files and students', async () => {
      const [a] = await readers(1) as [FreeReader];
      const [c1] = await freeCopies(t, 1) as [Copy];
      await t.db.updateTable('users').set({ status: 'lost' }).where('id', '=', a.id).execute();
      const { default: ExcelJS } = await import('exceljs');
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('offline');
      ws.addRow(['Time', 'Kind', 'Reader', 'Barcode']);
      ws.addRow([new Date(`${addDays(today(), -1)}T08:00:00Z`), 'borrow', a.reader_id, c1.barcode]);
      const content = Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
      const res = await t.data(B.uploadApply, { FileName: 'desk.xlsx', Content: content }, { as: 'librarian', lang: 'en-US' });
      expect(res.List).toHaveLength(1);
      expect(res.List[0]).toMatchObject({ Status: 'refused', Time: `${addDays(today(), -1)} 08:00:00` });
      expect(res.List[0]!.Problems[0]).toMatch(/^Not lent/);
      expect((await openLoanCounts(t, [c1.id])).size).toBe(0);
      expect((await t.fail(B.uploadPreview, { FileName: 'x.csv', Content: Buffer.from('Time,Reader\n1,2\n').toString('base64') }, 'librarian', 'en-US')).message).toMatch(/columns/);
      expect((await t.fail(B.uploadPreview, { FileName: 'x.xlsx', Content: Buffer.from('not a workbook').toString('base64') }, 'librarian')).status).toBe(409);
      expect((await t.fail(B.uploadPreview, { FileName: 'x.txt', Content: 'AAAA' }, 'librarian')).status).toBe(400);
      expect((await t.fail(B.uploadApply, csv(['a']), 'student')).status).toBe(403);
    });
  });
});

describe('a condition matching more loans than may be handled at once', () => {
  // A gateway of its own: the loans made here would leave no free copy for the tests above.
  const t = useTestGateway();

  it('is refused whole with the count, changing nothing', async () => {
    const db = t.db;
    const open = Number((await db.selectFrom('loans').select((eb) => eb.fn.countAll().as('n')).where('school_id', '=', 1).where('returned_at', 'is', null).executeTakeFirstOrThrow()).n);
    const reader = (await db.selectFrom('users').select('id').where('school_id', '=', 1).where('identity', '=', 'student').executeTakeFirstOrThrow()).id;
    const free = await db.selectFrom('copies').select('id').where('school_id', '=', 1)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('loans').select('id').whereRef('loans.copy_id', '=', 'copies.id').where('loans.returned_at', 'is', null))))
      .limit(CONDITION_MAX + 1 - open).execute();
    expect(open + free.length).toBe(CONDITION_MAX + 1);
    const now = new Date().toISOString();
    const due = new Date(Date.now() + 14 * 86_400_000).toISOString();
    for (let i = 0; i < free.length; i += 500) {
      await db.insertInto('loans').values(free.slice(i, i + 500).map((c) => ({
        school_id: 1, copy_id: c.id, user_id: reader, loaned_at: now, due_at: due, returned_at: null, renew_count: 0, loaned_by: null,
      }))).execute();
    }
    const before = await db.selectFrom('circ_transactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect((await t.data(B.conditionPreview, { Rows: 10 }, 'librarian')).Total).toBe(CONDITION_MAX + 1);
    const refused = await t.fail(B.conditionSetDue, { NewDueDay: addDays(toLocalDay(now, 480), 30) }, 'librarian', 'en-US');
    expect(refused).toMatchObject({ status: 409, message: `${CONDITION_MAX + 1} loans match; at most ${CONDITION_MAX} can be handled at once. Narrow the conditions first.` });
    expect((await t.fail(B.conditionRenew, {}, 'librarian')).status).toBe(409);
    expect(await db.selectFrom('circ_transactions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
    expect(await db.selectFrom('loans').select('id').where('due_at', '=', due).execute()).toHaveLength(free.length);
  });
});
