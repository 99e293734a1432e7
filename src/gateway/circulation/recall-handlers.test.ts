import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { RECALL_MENU, RECALL_SEND, recallCalls as R, type OverdueLoan } from '../../shared/api/circulation-recall.ts';
import { addDays, endOfLocalDay, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { readMail } from '../testing/mail-reader.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { addStaff, freeCopies, freeReaders, groupFor, type FreeReader } from './desk-fixture.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('催还 overdue reminders on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  let offset = 480;
  let today = '';
  beforeAll(async () => {
    offset = (await loadCalendar(t.db, 1)).calendar.UtcOffsetMinutes;
    today = toLocalDay(new Date().toISOString(), offset);
  });

  /** A reader with `late.length` loans, each due `late[i]` days ago (0: due today, not overdue). */
  async function readerWithLoans(late: readonly number[], reader?: FreeReader) {
    const r = reader ?? (await freeReaders(t, 1))[0]!;
    await groupFor(t, [r], { MaxLoans: 10 });
    const copies = await freeCopies(t, late.length);
    const loans: number[] = [];
    for (const [i, c] of copies.entries()) {
      const { Loan: { LoanID } } = await t.data(C.literatureCirc, { UserID: r.id, Barcode: c.barcode }, 'librarian');
      await t.db.updateTable('loans').set({ due_at: endOfLocalDay(addDays(today, -late[i]!), offset) }).where('id', '=', LoanID).execute();
      loans.push(LoanID);
    }
    return { reader: r, copies, loans };
  }
  const list = (input: Record<string, unknown>, as: string | { as: string; lang: 'en-US' | 'zh-CN' } = 'librarian') =>
    t.data(R.overdueReviews, { Page: 1, Rows: 1000, ...input }, as);
  const mine = (rows: readonly OverdueLoan[], userId: number) => rows.filter((r) => r.UserID === userId);
  const outbox = () => join(t.config.dataDir, 'outbox');
  async function mails() {
    const files = (await readdir(outbox()).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(files.map(async (f) => ({ file: f, ...readMail(await readFile(join(outbox(), f), 'utf8')) })));
  }

  it('lists overdue loans only, with days overdue, by class; filters by class, identity, branch, days and search', async () => {
    const { reader, copies, loans } = await readerWithLoans([5, 1, 0]);
    const rows = mine((await list({ SearchKey: reader.reader_id })).List, reader.id);
    expect(rows.map((r) => [r.LoanID, r.OverdueDays, r.DueDay])).toEqual([[loans[0], 5, addDays(today, -5)], [loans[1], 1, addDays(today, -1)]]);
    expect(rows[0]).toMatchObject({ ReminderCount: 0, LastRemindedAt: null, LastChannel: null, Identity: 'student', HasEmail: false, Barcode: copies[0]!.barcode });
    expect(rows[0]!.ClassName).not.toBe('');

    const user = await t.db.selectFrom('users').select('dept_id').where('id', '=', reader.id).executeTakeFirstOrThrow();
    const cls = await t.db.selectFrom('departments').select(['id', 'parent_id']).where('id', '=', user.dept_id!).executeTakeFirstOrThrow();
    expect(mine((await list({ DeptID: cls.id })).List, reader.id)).toHaveLength(2);
    expect(mine((await list({ DeptID: cls.parent_id })).List, reader.id)).toHaveLength(2);
    expect(mine((await list({ MinDays: 3 })).List, reader.id).map((r) => r.LoanID)).toEqual([loans[0]]);
    expect(mine((await list({ MinDays: 6 })).List, reader.id)).toEqual([]);
    expect(mine((await list({ Identity: 'teacher' })).List, reader.id)).toEqual([]);
    const branch = (await t.db.selectFrom('copies').select('branch_id').where('id', '=', copies[0]!.id).executeTakeFirstOrThrow()).branch_id;
    expect(mine((await list({ BranchID: branch, SearchKey: copies[0]!.barcode })).List, reader.id).map((r) => r.LoanID)).toEqual([loans[0]]);
    expect(await t.fail(R.overdueReviews, { DeptID: 999_999 }, 'librarian')).toMatchObject({ status: 404 });

    // By class: classes in order, within one by card number; "days": the most overdue first.
    const all = (await list({})).List;
    const classRuns = all.map((r) => r.ClassName).filter((c, i, a) => i === 0 || a[i - 1] !== c);
    expect(new Set(classRuns).size).toBe(classRuns.length);
    const byDays = (await list({ Sort: 'days' })).List.map((r) => r.OverdueDays);
    expect(byDays).toEqual([...byDays].sort((a, b) => b - a));
    const options = await t.data(R.options, {}, 'librarian');
    expect(options.Depts.some((d) => d.ID === cls.id)).toBe(true);
    expect(options.Branches.some((b) => b.ID === branch)).toBe(true);
  });

  it('prints slips per reader and records each printed reminder; the list shows the last one and the count', async () => {
    const a = await readerWithLoans([3, 2]);
    const b = await readerWithLoans([4]);
    const ids = [...a.loans, ...b.loans];
    const slips = await t.data(R.slips, { LoanIDs: ids }, 'librarian');
    expect(slips.Day).toBe(today);
    expect(slips.SchoolName).not.toBe('');
    expect(slips.Slips.map((s) => [s.UserID, s.Books.map((x) => x.LoanID).sort()]).sort()).toEqual([[a.reader.id, [...a.loans].sort()], [b.reader.id, b.loans]].sort());
    // Reading slips records nothing.
    expect(mine((await list({ Reminded: 'yes' })).List, a.reader.id)).toEqual([]);

    const sent = await t.data(R.send, { LoanIDs: ids, Channel: 'print' }, 'librarian');
    expect(sent.Recorded).toBe(3);
    await t.data(R.send, { LoanIDs: [a.loans[0]!], Channel: 'print' }, 'librarian');
    const rows = mine((await list({ Reminded: 'yes' })).List, a.reader.id);
    expect(rows.map((r) => [r.LoanID, r.ReminderCount, r.LastChannel])).toEqual([[a.loans[0], 2, 'print'], [a.loans[1], 1, 'print']]);
    expect(rows[0]!.LastRemindedAt).toMatch(/^\d{4}-/);
    expect(mine((await list({ Reminded: 'no' })).List, a.reader.id)).toEqual([]);
    const staff = (await t.db.selectFrom('users').select('id').where('account', '=', 'librarian').executeTakeFirstOrThrow()).id;
    const notice = await t.db.selectFrom('recall_notices').selectAll().where('loan_id', '=', b.loans[0]!).executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ school_id: 1, user_id: b.reader.id, channel: 'print', staff_id: staff });
  });

  it('refuses a batch with a loan that is not overdue, returned or unknown, and records nothing', async () => {
    const { reader, copies, loans } = await readerWithLoans([3, 0, 2]);
    const before = Number((await t.db.selectFrom('recall_notices').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const notDue = await t.fail(R.send, { LoanIDs: [loans[0]!, loans[1]!], Channel: 'print' }, 'librarian', 'en-US');
    expect(notDue).toMatchObject({ status: 409, data: { LoanIDs: [loans[1]] } });
    expect(notDue.message).toMatch(/no longer in the overdue list/);
    await t.data(C.literatureReturn, { Barcode: copies[2]!.barcode }, 'librarian');
    expect(await t.fail(R.slips, { LoanIDs: [loans[2]!] }, 'librarian')).toMatchObject({ status: 409 });
    expect(await t.fail(R.send, { LoanIDs: [2_000_000_000], Channel: 'email' }, 'librarian')).toMatchObject({ status: 409 });
    expect(await t.fail(R.send, { LoanIDs: [], Channel: 'print' }, 'librarian')).toMatchObject({ status: 400 });
    const after = Number((await t.db.selectFrom('recall_notices').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
    expect(mine((await list({ SearchKey: reader.reader_id })).List, reader.id).map((r) => r.LoanID)).toEqual([loans[0]]);
  });

  it('e-mails the reader and their linked parents in the caller\'s language; tells who has no address', async () => {
    const withMail = await readerWithLoans([6, 2]);
    const viaParent = await readerWithLoans([3]);
    const none = await readerWithLoans([2]);
    await t.db.updateTable('users').set({ email: 'kid@scha.example' }).where('id', '=', withMail.reader.id).execute();
    const parent = await t.db.selectFrom('users').select(['id', 'email']).where('school_id', '=', 1).where('identity', '=', 'parent').where('account', '!=', 'parent').orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ email: 'mum@scha.example' }).where('id', '=', parent.id).execute();
    await t.db.insertInto('student_parents').values({ school_id: 1, student_id: viaParent.reader.id, parent_id: parent.id }).execute();
    await t.db.insertInto('student_parents').values({ school_id: 1, student_id: withMail.reader.id, parent_id: parent.id }).execute();

    expect(mine((await list({})).List, viaParent.reader.id)[0]!.HasEmail).toBe(true);
    expect(mine((await list({})).List, none.reader.id)[0]!.HasEmail).toBe(false);
    const seen = new Set((await mails()).map((m) => m.file));
    const res = await t.data(R.send, { LoanIDs: [...withMail.loans, ...viaParent.loans, ...none.loans], Channel: 'email' }, { as: 'librarian', lang: 'en-US' });
    const by = new Map(res.Results.map((r) => [r.UserID, r]));
    expect(by.get(withMail.reader.id)).toMatchObject({ Outcome: 'sent', To: ['kid@scha.example', 'mum@scha.example'], Loans: 2 });
    expect(by.get(viaParent.reader.id)).toMatchObject({ Outcome: 'sent', To: ['mum@scha.example'], Loans: 1 });
    expect(by.get(none.reader.id)).toMatchObject({ Outcome: 'noEmail', To: [], Loans: 1 });
    expect(res.Recorded).toBe(3);

    const fresh = (await mails()).filter((m) => !seen.has(m.file));
    expect(fresh).toHaveLength(2);
    const toKid = fresh.find((m) => m.to.includes('kid@scha.example'))!;
    expect(toKid.to).toContain('mum@scha.example');
    expect(toKid.subject).toMatch(/Library: overdue books \(2\)/);
    expect(toKid.text).toContain(`Dear ${withMail.reader.name},`);
    expect(toKid.text).toContain(withMail.copies[0]!.barcode);
    expect(toKid.text).toMatch(/overdue 6 days/);
    // Recorded per loan as e-mail; the reader without an address is not.
    expect(mine((await list({})).List, withMail.reader.id).map((r) => [r.LastChannel, r.ReminderCount])).toEqual([['email', 1], ['email', 1]]);
    expect(mine((await list({})).List, none.reader.id)[0]).toMatchObject({ LastChannel: null, ReminderCount: 0 });

    // Chinese by default.
    await t.data(R.send, { LoanIDs: viaParent.loans, Channel: 'email' }, 'librarian');
    const zh = (await mails()).filter((m) => !seen.has(m.file) && !fresh.some((f) => f.file === m.file));
    expect(zh[0]!.subject).toMatch(/图书逾期提醒/);
    expect(zh[0]!.text).toContain(`${viaParent.reader.name}，您好！`);
  });

  it('needs the menu to read and the operation to remind; a student gets 403; school 2 sees none of school 1', async () => {
    const { reader, loans } = await readerWithLoans([2]);
    for (const who of ['student', 'teacher']) {
      expect((await t.fail(R.overdueReviews, {}, who)).status).toBe(403);
      expect((await t.fail(R.slips, { LoanIDs: loans }, who)).status).toBe(403);
      expect((await t.fail(R.send, { LoanIDs: loans, Channel: 'print' }, who)).status).toBe(403);
    }
    expect((await t.fail(R.overdueReviews, {}, null)).status).toBe(401);
    await addStaff(t, 'recallview', [RECALL_MENU]);
    expect(mine((await list({}, 'recallview')).List, reader.id)).toHaveLength(1);
    expect((await t.fail(R.send, { LoanIDs: loans, Channel: 'print' }, 'recallview')).status).toBe(403);
    await addStaff(t, 'recallsend', [RECALL_MENU, RECALL_SEND]);
    expect((await t.data(R.send, { LoanIDs: loans, Channel: 'print' }, 'recallsend')).Recorded).toBe(1);

    // Another school: its own list only, and school 1's loans are not its to remind.
    expect((await list({ Rows: 1000 }, 'admin2')).List.some((r) => r.UserID === reader.id)).toBe(false);
    expect((await t.fail(R.send, { LoanIDs: loans, Channel: 'print' }, 'admin2')).status).toBe(409);
    expect((await t.fail(R.slips, { LoanIDs: loans }, 'admin2')).status).toBe(409);
    const user = await t.db.selectFrom('users').select('dept_id').where('id', '=', reader.id).executeTakeFirstOrThrow();
    expect((await t.fail(R.overdueReviews, { DeptID: user.dept_id! }, 'admin2')).status).toBe(404);
  });

  it('limits a head teacher (a class-scoped role) to the classes they look after', async () => {
    const { reader, loans } = await readerWithLoans([4]);
    const other = await readerWithLoans([5]);
    const user = await t.db.selectFrom('users').select('dept_id').where('id', '=', reader.id).executeTakeFirstOrThrow();
    const cls = await t.db.selectFrom('departments').select(['id', 'parent_id']).where('id', '=', user.dept_id!).executeTakeFirstOrThrow();
    const otherClass = (await t.db.selectFrom('users').select('dept_id').where('id', '=', other.reader.id).executeTakeFirstOrThrow()).dept_id;
    const head = await addStaff(t, 'recallhead', [RECALL_MENU, RECALL_SEND]);
    const role = (await t.db.selectFrom('user_roles').select('role_id').where('user_id', '=', head).executeTakeFirstOrThrow()).role_id;
    await t.db.updateTable('roles').set({ scope_kind: 'class' }).where('id', '=', role).execute();
    await t.db.insertInto('user_role_scopes').values({ user_id: head, role_id: role, dept_id: cls.id }).execute();

    const seen = (await list({}, 'recallhead')).List;
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((r) => r.ClassID === cls.id)).toBe(true);
    expect(mine(seen, reader.id).map((r) => r.LoanID)).toEqual(loans);
    expect((await t.data(R.options, {}, 'recallhead')).Depts.map((d) => d.ID)).toEqual([cls.id]);
    if (otherClass !== cls.id) {
      expect(mine(seen, other.reader.id)).toEqual([]);
      expect((await t.fail(R.send, { LoanIDs: other.loans, Channel: 'print' }, 'recallhead')).status).toBe(409);
    }
    expect((await t.data(R.send, { LoanIDs: loans, Channel: 'print' }, 'recallhead')).Recorded).toBe(1);
    // The librarian's role is not limited.
    expect(mine((await list({})).List, other.reader.id)).toHaveLength(1);
  });

  it('limits branch-scoped staff to overdue copies of their branches', async () => {
    const branches = (await t.db.selectFrom('branches').select('id').where('school_id', '=', 1).orderBy('id').execute()).map((b) => b.id);
    if (branches.length < 2) return;
    const { reader, copies, loans } = await readerWithLoans([2]);
    const own = (await t.db.selectFrom('copies').select('branch_id').where('id', '=', copies[0]!.id).executeTakeFirstOrThrow()).branch_id;
    const other = branches.find((b) => b !== own)!;
    await addStaff(t, 'recallbranch', [RECALL_MENU, RECALL_SEND], [other]);
    expect(mine((await list({}, 'recallbranch')).List, reader.id)).toEqual([]);
    expect((await t.fail(R.send, { LoanIDs: loans, Channel: 'print' }, 'recallbranch')).status).toBe(409);
  });
});
