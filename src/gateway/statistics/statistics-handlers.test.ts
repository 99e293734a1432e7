import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { statisticsCalls as C } from '../../shared/api/statistics.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';

const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];
import { standardFor } from './clc-standards.ts';
import { basicSetsCalls } from '../../shared/api/basic-sets.ts';

/**
 * Figures against the test's own counts. Our rows live in March 2021 (the demo's loans are of the
 * last year), so the period holds only what the test made; holdings at the period's end are
 * counted with the test's own SQL over the whole school.
 */
const FROM = '2021-03-01';
const TO = '2021-03-31';
const P = { From: FROM, To: TO };

describe.each(databases)('Statistics on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  let seq = 0;
  const offset = async () => (await t.app.schoolRules.of(1)).rules.Calendar.UtcOffsetMinutes;
  /** The UTC instant of a local day and hour. */
  const at = async (day: string, hour = 10) => new Date(Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`) - (await offset()) * 60_000).toISOString();

  async function copyOf(classNo: string, opts: { created?: string; storage?: number } = {}) {
    seq++;
    const area = await t.db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const created = opts.created ?? '2020-01-01T00:00:00.000Z';
    const { id: titleId } = await t.db.insertInto('titles').values({ school_id: 1, title: `统计书${seq}`, en_title: '', author: '统计', publisher: '', isbn: '', price: 20, class_no: classNo, book_no: '', language: 'zh', pub_year: 2020, pinyin: '', initials: '', created_at: created } as never).returning('id').executeTakeFirstOrThrow();
    const { id } = await t.db.insertInto('copies').values({ school_id: 1, title_id: titleId, barcode: `ST${Date.now() % 100000}${seq}`, rfid: null, branch_id: area.branch_id, area_id: area.id, call_no: `${classNo}/${seq}`, storage_area: opts.storage ?? 2, circ_state: 'available', price: 20, created_at: created } as never).returning('id').executeTakeFirstOrThrow();
    return { copyId: id, titleId, barcode: `ST${Date.now() % 100000}${seq}` };
  }
  async function grade() {
    return (await t.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('kind', '=', 'grade').orderBy('id').executeTakeFirstOrThrow()).id;
  }
  async function klass(name: string) {
    return (await t.db.insertInto('departments').values({ school_id: 1, parent_id: await grade(), name, en_name: name, kind: 'class', learning_stage: 'primary', sort: 99 } as never).returning('id').executeTakeFirstOrThrow()).id;
  }
  async function reader(name: string, deptId: number | null) {
    seq++;
    const now = '2020-01-01T00:00:00.000Z';
    return (await t.db.insertInto('users').values({
      school_id: 1, account: `stat${seq}`, name, password_hash: null, identity: 'student', reader_id: `STAT${seq}`, dept_id: deptId,
      status: 'active', phone: '', email: '', sex: 'unknown', birthday: null, language: 'zh-CN', expire_at: null, deposit: 0, pinyin: '', initials: '', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
  }
  async function lend(copyId: number, userId: number, loanedAt: string, cancelled = 0) {
    await t.db.insertInto('loans').values({ school_id: 1, copy_id: copyId, user_id: userId, loaned_at: loanedAt, due_at: loanedAt, returned_at: loanedAt, cancelled } as never).execute();
  }

  it('classify5 and classify22: copies held at the period end and loans in it, against the test\'s own counts; a copy weeded mid-period and an undone loan do not count', async () => {
    const student = await reader('分类读者', null);
    const kept = await copyOf('P159');
    const weeded = await copyOf('P160', { storage: 3 });
    await t.db.insertInto('copy_events').values({ school_id: 1, copy_id: weeded.copyId, barcode: weeded.barcode, event: 'weed', user_id: null, at: await at('2021-03-15') } as never).execute();
    await lend(kept.copyId, student, await at('2021-03-02'));
    await lend(kept.copyId, student, await at('2021-03-03'), 1);
    await lend(weeded.copyId, student, await at('2021-03-04'));

    const end = await at('2021-04-01', 0);
    const heldSql = await sql<{ k: string; n: number }>`
      select upper(substr(t.class_no, 1, 1)) as k, count(*) as n from copies c join titles t on t.id = c.title_id
      where c.school_id = 1 and c.created_at < ${end}
        and (c.storage_area not in (3, 6) or exists (select 1 from copy_events e where e.copy_id = c.id and e.event in ('weed', 'markLost') and e.at >= ${end}))
      group by upper(substr(t.class_no, 1, 1))`.execute(t.db);
    const held = new Map(heldSql.rows.map((r) => [r.k, Number(r.n)]));
    const nx = [...'NOPQRSTUVX'].reduce((s, k) => s + (held.get(k) ?? 0), 0);

    const r5 = await t.data(C.classify5, P, 'admin');
    const part = r5.List.find((x) => x.Code === 'N-X')!;
    expect(part.Copies).toBe(nx);
    // Two loans in the period: the undone one is left out; the weeded copy's loan was made while it was held.
    expect(r5.Loans).toBe(2);
    expect(part.Loans).toBe(2);
    const std = standardFor((await t.db.selectFrom('schools').select('learning_period').where('id', '=', 1).executeTakeFirstOrThrow()).learning_period);
    expect(part.StandardPct).toBe(std.share('N-X'));
    expect(r5.StandardPerStudent).toBe(std.perStudent);
    const students = await sql<{ n: number }>`select count(*) as n from users where school_id = 1 and identity = 'student' and status = 'active'`.execute(t.db);
    expect(r5.Students).toBe(Number(students.rows[0]!.n));
    expect(r5.PerStudent).toBe(Math.round((r5.Copies / r5.Students) * 10) / 10);
    expect(part.Short).toBe(part.CopyPct < std.share('N-X'));

    // A school held to its province's figure sees that figure, and says whose it is.
    const info = await t.data(basicSetsCalls.basicInfoGet, {}, 'admin');
    const { Code: _code, ...editable } = info;
    await t.data(basicSetsCalls.basicInfoUpdate, { ...editable, BooksPerStudent: 42 }, 'admin');
    const own = await t.data(C.classify5, P, 'admin');
    expect(own.StandardPerStudent).toBe(42);
    expect(own.Source).toMatch(/^生均藏书按本校/);
    await t.data(basicSetsCalls.basicInfoUpdate, { ...editable, BooksPerStudent: null }, 'admin');
    expect((await t.data(C.classify5, P, 'admin')).StandardPerStudent).toBe(std.perStudent);

    const r22 = await t.data(C.classify22, P, 'admin');
    expect(r22.List.find((x) => x.Code === 'P')).toMatchObject({ Copies: held.get('P') ?? 0, Loans: 2 });
    expect(r22.List.filter((x) => x.Code !== '-').map((x) => x.Code).join('')).toBe('ABCDEFGHIJKNOPQRSTUVXZ');
  });

  it('a period without loans has zero loans everywhere, and the circulation per day has a row for each day', async () => {
    const r = await t.data(C.classify5, { From: '2019-02-01', To: '2019-02-28' }, 'admin');
    expect(r.Loans).toBe(0);
    expect(r.List.every((x) => x.Loans === 0 && x.LoanPct === 0)).toBe(true);
    const days = await t.data(C.circulation, { From: '2019-02-01', To: '2019-02-28', Step: 'day' }, 'admin');
    expect(days).toHaveLength(28);
    expect(days.every((d) => d.Loans === 0 && d.Returns === 0)).toBe(true);
  });

  it('zero-borrow readers and class figures: a class with no readers, a reader who moved class counts for the new one, head teachers see only their class', async () => {
    const empty = await klass('统计空班');
    const a = await klass('统计甲班');
    const b = await klass('统计乙班');
    const reads = await reader('借过书的', a);
    await reader('没借书的', a);
    const moved = await reader('转班的', a);
    const c = await copyOf('I247');
    await lend(c.copyId, reads, await at('2021-03-10'));
    await lend(c.copyId, moved, await at('2021-03-11'));
    await lend(c.copyId, moved, await at('2021-03-12'));
    // Moved to class b after borrowing: counted for b (the class now).
    await t.db.updateTable('users').set({ dept_id: b }).where('id', '=', moved).execute();

    const zero = await t.data(C.zeroBorrowReaders, { ...P, DeptID: a, Page: 1, Rows: 50 }, 'admin');
    expect(zero.List.map((x) => x.Name)).toEqual(['没借书的']);
    expect(zero.Total).toBe(1);

    const rows = await t.data(C.classBorrow, { ...P, Level: 'class' }, 'admin');
    expect(rows.find((x) => x.DeptID === empty)).toMatchObject({ Readers: 0, Borrowers: 0, Loans: 0, PerReader: 0, BorrowerPct: 0 });
    expect(rows.find((x) => x.DeptID === a)).toMatchObject({ Readers: 2, Borrowers: 1, Loans: 1, PerReader: 0.5, BorrowerPct: 50 });
    expect(rows.find((x) => x.DeptID === b)).toMatchObject({ Readers: 1, Borrowers: 1, Loans: 2, PerReader: 2, BorrowerPct: 100 });
    // The test's own count of loans per class now, for every class.
    const own = await sql<{ d: number; n: number }>`
      select u.dept_id as d, count(*) as n from loans l join users u on u.id = l.user_id
      where l.school_id = 1 and l.cancelled = 0 and u.status = 'active' and l.loaned_at >= ${await at(FROM, 0)} and l.loaned_at < ${await at('2021-04-01', 0)}
      group by u.dept_id`.execute(t.db);
    for (const o of own.rows) {
      const row = rows.find((x) => x.DeptID === o.d);
      if (row) expect(row.Loans).toBe(Number(o.n));
    }

    // The demo teacher heads the demo student's class only.
    const student = await t.db.selectFrom('users').select('dept_id').where('account', '=', 'student').executeTakeFirstOrThrow();
    const mine = await t.data(C.classBorrow, { ...P, Level: 'class' }, 'teacher');
    expect(mine.map((x) => x.DeptID)).toEqual([student.dept_id]);
    const other = await t.data(C.zeroBorrowReaders, { ...P, DeptID: a, Page: 1, Rows: 50 }, 'teacher');
    expect(other.Total).toBe(0);
    const own2 = await t.data(C.zeroBorrowReaders, { ...P, Page: 1, Rows: 1000 }, 'teacher');
    const classmates = await t.db.selectFrom('users').select('id').where('dept_id', '=', student.dept_id).where('status', '=', 'active').execute();
    expect(own2.Total).toBeLessThanOrEqual(classmates.length);
    await t.fail(C.deptBorrow, { ...P, Level: 'dept' }, 'teacher');

    // Circulation per day and per month: the period's loans, each on its local day.
    const loansOwn = await sql<{ at: string }>`select loaned_at as at from loans where school_id = 1 and cancelled = 0 and loaned_at >= ${await at(FROM, 0)} and loaned_at < ${await at('2021-04-01', 0)}`.execute(t.db);
    const days = await t.data(C.circulation, { ...P, Step: 'day' }, 'admin');
    expect(days).toHaveLength(31);
    const off = await offset();
    const perDay = new Map<string, number>();
    for (const r of loansOwn.rows) {
      const d = new Date(Date.parse(r.at) + off * 60_000).toISOString().slice(0, 10);
      perDay.set(d, (perDay.get(d) ?? 0) + 1);
    }
    for (const d of days) expect(d.Loans).toBe(perDay.get(d.Period) ?? 0);
    const months = await t.data(C.circulation, { ...P, Step: 'month' }, 'admin');
    expect(months).toEqual([expect.objectContaining({ Period: '2021-03', Loans: loansOwn.rows.length })]);
  });

  it('zero-borrow books: a copy lent in the period and one weeded before its end are not listed; an unread copy is', async () => {
    const lent = await copyOf('Z228');
    const unread = await copyOf('Z229');
    const weeded = await copyOf('Z230', { storage: 3 });
    await t.db.insertInto('copy_events').values({ school_id: 1, copy_id: weeded.copyId, barcode: weeded.barcode, event: 'weed', user_id: null, at: await at('2021-03-20') } as never).execute();
    const r = await reader('读Z的', null);
    await lend(lent.copyId, r, await at('2021-03-05'));
    const list = await t.data(C.zeroBorrowBooks, { ...P, ClassCode: 'Z', Unit: 'copy', Page: 1, Rows: 1000 }, 'admin');
    const calls = list.List.map((x) => x.CallNo);
    expect(list.List.find((x) => x.Barcode === unread.barcode || x.CallNo.startsWith('Z229/'))).toBeTruthy();
    expect(calls.some((c) => c.startsWith('Z228/'))).toBe(false);
    expect(calls.some((c) => c.startsWith('Z230/'))).toBe(false);
  });

  it('exports a report as a job', async () => {
    const r = await t.data(C.export, { Report: 'classify5', Params: P }, 'admin');
    expect(typeof r.DataID).toBe('string');
  });
});
