import { beforeAll, describe, expect, it } from 'vitest';
import { classCornerCalls as C, CLASS_CORNER_OPS } from '../../shared/api/class-corner.ts';
import { circulationCalls } from '../../shared/api/circulation.ts';
import { classScope } from '../access/class-scope.ts';
import { addStaff, freeCopies, userIdOf } from '../circulation/desk-fixture.ts';
import type { CallContext } from '../http/handler-types.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('the class corner on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  /** classlib's class, the class the demo teacher heads, and a third class of school 1. */
  let libClass: number;
  let headClass: number;
  let otherClass: number;
  let classmates: Array<{ id: number; reader_id: string; name: string }>;
  let outsider: { id: number; reader_id: string; name: string };
  beforeAll(async () => {
    const deptOf = async (account: string) => (await t.db.selectFrom('users').select('dept_id').where('account', '=', account).executeTakeFirstOrThrow()).dept_id!;
    libClass = await deptOf('classlib');
    headClass = await deptOf('student');
    const classes = await t.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('kind', '=', 'class').orderBy('id').execute();
    otherClass = classes.find((c) => c.id !== libClass && c.id !== headClass)!.id;
    classmates = await t.db.selectFrom('users').select(['id', 'reader_id', 'name'])
      .where('dept_id', '=', libClass).where('account', '!=', 'classlib').orderBy('id').limit(4).execute();
    outsider = await t.db.selectFrom('users').select(['id', 'reader_id', 'name']).where('dept_id', '=', otherClass).orderBy('id').executeTakeFirstOrThrow();
  });

  const ctxOf = async (account: string) => ({
    app: t.app,
    principal: { kind: 'user', userId: await userIdOf(t, account), schoolId: 1, clientId: 'x', scopes: [], grantId: null },
  }) as unknown as CallContext;

  /** Copies placed in `deptId`'s corner by the librarian. */
  async function placed(deptId: number, n: number) {
    const copies = await freeCopies(t, n);
    for (const c of copies) await t.data(C.placeItem, { DeptID: deptId, Barcode: c.barcode }, 'librarian');
    return copies;
  }

  describe('classScope', () => {
    it('gives library staff every class and scoped roles their own classes only', async () => {
      expect((await classScope(await ctxOf('admin'), CLASS_CORNER_OPS.place)).ids).toBeNull();
      expect((await classScope(await ctxOf('librarian'), CLASS_CORNER_OPS.place)).ids).toBeNull();
      expect((await classScope(await ctxOf('classlib'), CLASS_CORNER_OPS.place)).ids).toEqual([libClass]);
      expect((await classScope(await ctxOf('teacher'), CLASS_CORNER_OPS.place)).ids).toEqual([headClass]);
      expect((await classScope(await ctxOf('student'), CLASS_CORNER_OPS.place)).ids).toEqual([]);
      const s = await classScope(await ctxOf('classlib'), CLASS_CORNER_OPS.place);
      expect(s.allows(libClass)).toBe(true);
      expect(() => s.require(otherClass)).toThrow();
    });

    it('gives a role that grants the screens without a class scope no class', async () => {
      await addStaff(t, 'cc-plain', ['/class-booksearch']);
      expect((await classScope(await ctxOf('cc-plain'), CLASS_CORNER_OPS.place)).ids).toEqual([]);
      expect((await t.data(C.getClasses, {}, 'cc-plain')).List).toEqual([]);
    });
  });

  describe('classes', () => {
    it('lists every class for staff, their own for class librarians and head teachers; readers get 403', async () => {
      const all = await t.data(C.getClasses, { Rows: 1000 }, 'librarian');
      expect(all.AllClasses).toBe(true);
      expect(all.Total).toBeGreaterThan(3);
      expect(all.List.map((c) => c.ID)).toContain(otherClass);
      const mine = await t.data(C.getClasses, {}, 'classlib');
      expect(mine).toMatchObject({ AllClasses: false, Total: 1, List: [{ ID: libClass }] });
      expect((await t.data(C.getClasses, {}, 'teacher')).List.map((c) => c.ID)).toEqual([headClass]);
      expect((await t.fail(C.getClasses, {}, 'student')).status).toBe(403);
    });

    it('refuses another class with 403 and an unknown one with 404', async () => {
      expect((await t.fail(C.getItems, { DeptID: otherClass }, 'classlib')).status).toBe(403);
      expect((await t.fail(C.getRule, { DeptID: otherClass }, 'teacher')).status).toBe(403);
      expect((await t.fail(C.getItems, { DeptID: 999_999 }, 'librarian')).status).toBe(404);
      expect((await t.fail(C.getItems, { DeptID: libClass }, 'student')).status).toBe(403);
    });
  });

  describe('placing and taking back', () => {
    it('moves the copy to reading storage, where the main desk will not lend it, and back', async () => {
      const [copy] = await freeCopies(t, 1);
      const r = await t.data(C.placeItem, { DeptID: libClass, Barcode: copy!.barcode }, 'librarian');
      expect(r.Item).toMatchObject({ CopyID: copy!.id, State: 'onShelf', Loan: null });
      const row = await t.db.selectFrom('copies').select(['storage_area', 'circ_state']).where('id', '=', copy!.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ storage_area: 8, circ_state: 'available' });
      const ev = await t.db.selectFrom('copy_events').select(['event', 'detail']).where('copy_id', '=', copy!.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(ev.event).toBe('allocate');
      expect(JSON.parse(ev.detail)).toMatchObject({ classCorner: libClass, to: { storage: 8 } });

      const desk = await t.fail(circulationCalls.literatureCirc, { UserID: classmates[0]!.id, Barcode: copy!.barcode }, 'librarian', 'en-US');
      expect(desk.status).toBe(409);
      expect((desk.data as { Reasons: Array<{ Code: string }> }).Reasons.map((x) => x.Code)).toContain('notForLoan');

      const again = await t.fail(C.placeItem, { DeptID: otherClass, Barcode: copy!.barcode }, 'librarian', 'en-US');
      expect(again).toMatchObject({ status: 409, data: { Code: 'alreadyInCorner' } });
      expect(again.message).toContain(copy!.barcode);

      const back = await t.data(C.removeItem, { Barcode: copy!.barcode }, 'librarian');
      expect(back).toMatchObject({ CopyID: copy!.id, Storage: 2 });
      expect((await t.db.selectFrom('copies').select('storage_area').where('id', '=', copy!.id).executeTakeFirstOrThrow()).storage_area).toBe(2);
      const history = await t.db.selectFrom('class_corner_items').selectAll().where('copy_id', '=', copy!.id).execute();
      expect(history).toHaveLength(1);
      expect(history[0]!.removed_at).not.toBeNull();
      expect((await t.fail(C.removeItem, { Barcode: copy!.barcode }, 'librarian')).status).toBe(409);
    });

    it('refuses unknown, lent-out and unplaceable copies, and anyone without the operation', async () => {
      expect(await t.fail(C.placeItem, { DeptID: libClass, Barcode: 'NO-SUCH-BOOK' }, 'librarian')).toMatchObject({ status: 404, data: { Code: 'copyNotFound' } });
      const [lost] = await freeCopies(t, 1);
      await t.db.updateTable('copies').set({ storage_area: 6, circ_state: 'lost' }).where('id', '=', lost!.id).execute();
      expect(await t.fail(C.placeItem, { DeptID: libClass, Barcode: lost!.barcode }, 'librarian')).toMatchObject({ status: 409, data: { Code: 'copyNotPlaceable' } });
      const [copy] = await freeCopies(t, 1);
      for (const who of ['classlib', 'teacher', 'student']) expect((await t.fail(C.placeItem, { DeptID: libClass, Barcode: copy!.barcode }, who)).status).toBe(403);
      expect((await t.fail(C.removeItem, { Barcode: copy!.barcode }, 'classlib')).status).toBe(403);
      expect(await t.db.selectFrom('class_corner_items').select('id').where('copy_id', '=', copy!.id).execute()).toEqual([]);
    });
  });

  describe('lending and returning', () => {
    it('lends corner books to classmates only, under the class rule, and takes them back', async () => {
      const [a, b, c] = await placed(libClass, 3);
      const mate = classmates[0]!;
      const lent = await t.data(C.lend, { DeptID: libClass, UserID: mate.id, Barcode: a!.barcode }, 'classlib');
      expect(lent.Loan).toMatchObject({ Barcode: a!.barcode, UserID: mate.id, Overdue: false, ReturnedAt: null });
      expect(lent.Loan.DueDay > new Date().toISOString().slice(0, 10)).toBe(true);
      expect(lent.Reader).toMatchObject({ UserID: mate.id, OpenLoans: 1 });
      const mine = (await t.data(C.getClasses, {}, 'classlib')).List[0]!;
      expect(mine.Items).toBeGreaterThanOrEqual(3);
      expect(mine.OpenLoans).toBeGreaterThanOrEqual(1);
      // Not a library loan: the copy stays available in the corner, the library's ledger untouched.
      expect(await t.db.selectFrom('loans').select('id').where('copy_id', '=', a!.id).where('returned_at', 'is', null).execute()).toEqual([]);

      expect(await t.fail(C.lend, { DeptID: libClass, UserID: classmates[1]!.id, Barcode: a!.barcode }, 'classlib')).toMatchObject({ status: 409, data: { Code: 'alreadyLent' } });
      expect(await t.fail(C.lend, { DeptID: libClass, UserID: outsider.id, Barcode: b!.barcode }, 'classlib')).toMatchObject({ status: 409, data: { Code: 'notClassmate' } });
      // Another class's card scanned where a book belongs: named, not "no such book".
      expect(await t.fail(C.lend, { DeptID: libClass, UserID: mate.id, Barcode: outsider.reader_id }, 'classlib')).toMatchObject({ status: 409, data: { Code: 'notClassmate' } });
      const [library] = await freeCopies(t, 1);
      expect(await t.fail(C.lend, { DeptID: libClass, UserID: mate.id, Barcode: library!.barcode }, 'classlib')).toMatchObject({ status: 409, data: { Code: 'notInCorner' } });

      await t.data(C.lend, { DeptID: libClass, UserID: mate.id, Barcode: b!.barcode }, 'classlib');
      const limit = await t.fail(C.lend, { DeptID: libClass, UserID: mate.id, Barcode: c!.barcode }, 'classlib', 'en-US');
      expect(limit).toMatchObject({ status: 409, data: { Code: 'limitReached' } });
      expect(limit.message).toContain('2');

      const loans = await t.data(C.getLoans, { DeptID: libClass }, 'classlib');
      expect(loans.List.map((l) => l.Barcode).sort()).toEqual([a!.barcode, b!.barcode].sort());
      const roster = await t.data(C.getRoster, { DeptID: libClass, Rows: 1000 }, 'classlib');
      expect(roster.List.find((r) => r.UserID === mate.id)).toMatchObject({ OpenLoans: 2, Overdue: 0 });
      expect(roster.List.some((r) => r.UserID === outsider.id)).toBe(false);
      const items = await t.data(C.getItems, { DeptID: libClass, State: 'lent' }, 'teacher');
      expect(items.List.find((i) => i.Barcode === a!.barcode)).toMatchObject({ State: 'lent', Loan: { ReaderName: mate.name } });
      expect((await t.data(C.getItems, { DeptID: libClass, SearchKey: c!.barcode }, 'classlib')).List.map((i) => i.State)).toEqual(['onShelf']);

      // The corner copy cannot be taken back while lent.
      expect(await t.fail(C.removeItem, { Barcode: a!.barcode }, 'librarian')).toMatchObject({ status: 409, data: { Code: 'alreadyLent' } });

      const ret = await t.data(C.returnBook, { Barcode: a!.barcode }, 'classlib');
      expect(ret).toMatchObject({ Loan: { Barcode: a!.barcode, Overdue: false }, Reader: { UserID: mate.id } });
      expect(ret.Loan.ReturnedAt).not.toBeNull();
      expect(await t.fail(C.returnBook, { Barcode: a!.barcode }, 'classlib')).toMatchObject({ status: 409, data: { Code: 'notLent' } });
      expect(await t.fail(C.returnBook, { Barcode: 'NO-SUCH-BOOK' }, 'classlib')).toMatchObject({ status: 404 });
      await t.data(C.returnBook, { Barcode: b!.barcode }, 'librarian');
    });

    it('lends only a corner book still on the corner\'s shelf (storage 8, available), naming its state otherwise', async () => {
      const [a] = await placed(libClass, 1);
      // The library changed the copy behind the corner's back (a stocktake lock, a lost report …).
      await t.db.updateTable('copies').set({ circ_state: 'locked' }).where('id', '=', a!.id).execute();
      const res = await t.fail(C.lend, { DeptID: libClass, UserID: classmates[2]!.id, Barcode: a!.barcode }, 'classlib');
      expect(res).toMatchObject({ status: 409, data: { Code: 'notOnCornerShelf' } });
      expect(res.message).toContain(a!.barcode);
      await t.db.updateTable('copies').set({ circ_state: 'available' }).where('id', '=', a!.id).execute();
      expect((await t.data(C.lend, { DeptID: libClass, UserID: classmates[2]!.id, Barcode: a!.barcode }, 'classlib')).Loan.Barcode).toBe(a!.barcode);
      await t.data(C.returnBook, { Barcode: a!.barcode }, 'classlib');
    });

    it('blocks a classmate with an overdue corner book and shows it overdue', async () => {
      const [a, b] = await placed(libClass, 2);
      const mate = classmates[2]!;
      const lent = await t.data(C.lend, { DeptID: libClass, UserID: mate.id, Barcode: a!.barcode }, 'classlib');
      await t.db.updateTable('class_corner_loans').set({ due_day: '2020-01-01' }).where('id', '=', lent.Loan.LoanID).execute();
      expect(await t.fail(C.lend, { DeptID: libClass, UserID: mate.id, Barcode: b!.barcode }, 'classlib')).toMatchObject({ status: 409, data: { Code: 'overdueBlocks' } });
      const overdue = await t.data(C.getLoans, { DeptID: libClass, OverdueOnly: true }, 'classlib');
      expect(overdue.List.map((l) => l.LoanID)).toEqual([lent.Loan.LoanID]);
      expect(overdue.List[0]!.OverdueDays).toBeGreaterThan(300);
      expect((await t.data(C.getItems, { DeptID: libClass, State: 'overdue' }, 'classlib')).List.map((i) => i.Barcode)).toEqual([a!.barcode]);
      const ret = await t.data(C.returnBook, { Barcode: a!.barcode }, 'classlib');
      expect(ret.Loan.Overdue).toBe(true);
    });

    it('keeps class librarians to their class and readers and teachers away from the desk', async () => {
      const [mine] = await placed(libClass, 1);
      const [theirs] = await placed(otherClass, 1);
      expect((await t.fail(C.lend, { DeptID: otherClass, UserID: outsider.id, Barcode: theirs!.barcode }, 'classlib')).status).toBe(403);
      await t.data(C.lend, { DeptID: otherClass, UserID: outsider.id, Barcode: theirs!.barcode }, 'librarian');
      expect((await t.fail(C.returnBook, { Barcode: theirs!.barcode }, 'classlib')).status).toBe(403);
      expect((await t.fail(C.lend, { DeptID: libClass, UserID: classmates[3]!.id, Barcode: mine!.barcode }, 'teacher')).status).toBe(403);
      expect((await t.fail(C.lend, { DeptID: libClass, UserID: classmates[3]!.id, Barcode: mine!.barcode }, 'student')).status).toBe(403);
      expect((await t.fail(C.returnBook, { Barcode: theirs!.barcode }, 'student')).status).toBe(403);
      expect(await t.db.selectFrom('class_corner_loans').select('id').where('copy_id', '=', mine!.id).execute()).toEqual([]);
      await t.data(C.returnBook, { Barcode: theirs!.barcode }, 'librarian');
    });

    it('lets two desks race for one book: one loan, one refusal', async () => {
      const [copy] = await placed(libClass, 1);
      const results = await Promise.all([classmates[0]!, classmates[1]!].map((m) =>
        t.call(C.lend, { DeptID: libClass, UserID: m.id, Barcode: copy!.barcode }, 'librarian')));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await t.db.selectFrom('class_corner_loans').select('id').where('copy_id', '=', copy!.id).where('returned_at', 'is', null).execute()).toHaveLength(1);
      await t.data(C.returnBook, { Barcode: copy!.barcode }, 'librarian');
    });
  });

  describe('the class rule', () => {
    it('is the default until the head teacher or the library sets one', async () => {
      expect(await t.data(C.getRule, { DeptID: headClass }, 'teacher')).toEqual({ DeptID: headClass, MaxLoans: 2, LoanDays: 14, IsDefault: true });
      expect(await t.data(C.setRule, { DeptID: headClass, MaxLoans: 3, LoanDays: 7 }, 'teacher')).toEqual({ DeptID: headClass, MaxLoans: 3, LoanDays: 7, IsDefault: false });
      expect(await t.data(C.setRule, { DeptID: headClass, MaxLoans: 4, LoanDays: 10 }, 'librarian')).toMatchObject({ MaxLoans: 4, LoanDays: 10 });
      expect((await t.data(C.getRule, { DeptID: headClass }, 'librarian')).MaxLoans).toBe(4);
      if (headClass !== libClass) expect((await t.fail(C.setRule, { DeptID: libClass, MaxLoans: 3, LoanDays: 7 }, 'teacher')).status).toBe(403);
      expect((await t.fail(C.setRule, { DeptID: libClass, MaxLoans: 9, LoanDays: 7 }, 'classlib')).status).toBe(403);
      expect((await t.fail(C.setRule, { DeptID: headClass, MaxLoans: 0, LoanDays: 7 }, 'librarian')).status).toBe(400);
      expect((await t.fail(C.setRule, { DeptID: headClass, MaxLoans: 2, LoanDays: 91 }, 'librarian')).status).toBe(400);
    });

    it('gives a new loan the class loan period', async () => {
      await t.data(C.setRule, { DeptID: otherClass, MaxLoans: 1, LoanDays: 3 }, 'librarian');
      const [copy] = await placed(otherClass, 1);
      const r = await t.data(C.lend, { DeptID: otherClass, UserID: outsider.id, Barcode: copy!.barcode }, 'librarian');
      const days = Math.round((Date.parse(r.Loan.DueDay) - Date.parse(r.Loan.LoanedAt.slice(0, 10))) / 86_400_000);
      expect(days).toBeGreaterThanOrEqual(2);
      expect(days).toBeLessThanOrEqual(4);
      await t.data(C.returnBook, { Barcode: copy!.barcode }, 'librarian');
    });
  });

  describe('usage and ranks', () => {
    it('counts loans per corner book and per classmate in a period', async () => {
      // A class of its own so earlier tests' loans do not count.
      const cls = (await t.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('kind', '=', 'class')
        .where('id', 'not in', [libClass, headClass, otherClass]).orderBy('id').executeTakeFirstOrThrow()).id;
      const kids = await t.db.selectFrom('users').select(['id', 'name']).where('dept_id', '=', cls).orderBy('id').limit(2).execute();
      const [x, y, z] = await placed(cls, 3);
      for (const [kid, book] of [[kids[0]!, x!], [kids[0]!, y!], [kids[1]!, x!]] as const) {
        await t.data(C.lend, { DeptID: cls, UserID: kid.id, Barcode: book.barcode }, 'librarian');
        await t.data(C.returnBook, { Barcode: book.barcode }, 'librarian');
      }
      const usage = await t.data(C.getUsage, { DeptID: cls }, 'librarian');
      expect(usage.Totals).toEqual({ Books: 3, Lent: 2, NeverLent: 1, Loans: 3 });
      expect(usage.List.map((r) => [r.Barcode, r.Times])).toEqual([[x!.barcode, 2], [y!.barcode, 1], [z!.barcode, 0]]);
      expect((await t.data(C.getUsage, { DeptID: cls, NeverLent: true }, 'librarian')).List.map((r) => r.Barcode)).toEqual([z!.barcode]);
      expect((await t.data(C.getUsage, { DeptID: cls, DateTo: '2020-01-01' }, 'librarian')).Total).toBe(0);

      const ranks = await t.data(C.getRanks, { DeptID: cls }, 'librarian');
      expect(ranks.List.map((r) => [r.UserID, r.Loans, r.Rank])).toEqual([[kids[0]!.id, 2, 1], [kids[1]!.id, 1, 2]]);
      expect(ranks.Books[0]).toMatchObject({ Barcode: x!.barcode, Times: 2 });
      const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      expect((await t.data(C.getRanks, { DeptID: cls, DateFrom: tomorrow }, 'librarian')).Total).toBe(0);
      expect((await t.fail(C.getRanks, { DeptID: cls }, 'classlib')).status).toBe(403);
      expect((await t.fail(C.getUsage, { DeptID: cls }, 'student')).status).toBe(403);
    });
  });

  describe('school isolation', () => {
    it('keeps school 2 away from school 1 classes and books', async () => {
      const [copy] = await placed(libClass, 1);
      expect((await t.fail(C.getItems, { DeptID: libClass }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.placeItem, { DeptID: libClass, Barcode: copy!.barcode }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.returnBook, { Barcode: copy!.barcode }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.removeItem, { Barcode: copy!.barcode }, 'admin2')).status).toBe(404);
      expect((await t.fail(C.setRule, { DeptID: libClass, MaxLoans: 5, LoanDays: 5 }, 'admin2')).status).toBe(404);
      expect((await t.data(C.getClasses, { Rows: 1000 }, 'admin2')).List.map((c) => c.ID)).not.toContain(libClass);
    });
  });
});
