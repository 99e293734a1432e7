import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { chartsCalls as CH } from '../../shared/api/charts.ts';
import { statisticsCalls as C } from '../../shared/api/statistics.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';
import { zeroBorrowBookChunks } from './zero-books-store.ts';

const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

/**
 * The reports rewritten for speed (migration 0042: range counts per day, pages walked in call
 * number order, holdings counted per title first) against the test's own plain SQL and JS
 * counting, on both databases. Our rows live in June 2021, away from the demo's loans; holdings
 * are compared over the whole school.
 */
const P = { From: '2021-06-01', To: '2021-06-30' };

describe.each(databases)('report figures on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  let seq = 0;
  const offset = async () => (await t.app.schoolRules.of(1)).rules.Calendar.UtcOffsetMinutes;
  /** The UTC instant of a local day, hour and minute. */
  const at = async (day: string, hour = 10, minute = 0) => new Date(Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00.000Z`) - (await offset()) * 60_000).toISOString();
  const localDay = async (instant: string) => new Date(Date.parse(instant) + (await offset()) * 60_000).toISOString().slice(0, 10);

  async function title(classNo: string, resourceTypeId: number | null = null) {
    seq++;
    return (await t.db.insertInto('titles').values({ school_id: 1, title: `速算书${seq}`, en_title: '', author: '速算', publisher: '', isbn: '', price: 20, class_no: classNo, book_no: '', language: 'zh', pub_year: 2020, pinyin: '', initials: '', resource_type_id: resourceTypeId, created_at: '2020-01-01T00:00:00.000Z' } as never).returning('id').executeTakeFirstOrThrow()).id;
  }
  async function copy(titleId: number, callNo: string, opts: { area?: number; storage?: number; price?: number } = {}) {
    seq++;
    const area = opts.area != null
      ? await t.db.selectFrom('collection_areas').select(['id', 'branch_id']).where('id', '=', opts.area).executeTakeFirstOrThrow()
      : await t.db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const barcode = `RF${String(seq).padStart(6, '0')}`;
    const { id } = await t.db.insertInto('copies').values({ school_id: 1, title_id: titleId, barcode, rfid: null, branch_id: area.branch_id, area_id: area.id, call_no: callNo, storage_area: opts.storage ?? 2, circ_state: 'available', price: opts.price ?? 20, created_at: '2020-01-01T00:00:00.000Z' } as never).returning('id').executeTakeFirstOrThrow();
    return { id, barcode };
  }
  async function reader() {
    return (await t.db.selectFrom('users').select('id').where('school_id', '=', 1).where('identity', '=', 'student').orderBy('id').executeTakeFirstOrThrow()).id;
  }
  async function loan(copyId: number, loanedAt: string, o: { due?: string; returned?: string | null; cancelled?: number } = {}) {
    const userId = await reader();
    return (await t.db.insertInto('loans').values({ school_id: 1, copy_id: copyId, user_id: userId, loaned_at: loanedAt, due_at: o.due ?? loanedAt, returned_at: o.returned === undefined ? loanedAt : o.returned, cancelled: o.cancelled ?? 0 } as never).returning('id').executeTakeFirstOrThrow()).id;
  }

  it('circulation per day and month: loans, returns, renewals and overdue loans on their local days, against the test\'s own counts; undone ones and a branch filter', async () => {
    const tid = await title('K1');
    const a = await copy(tid, 'K1/1');
    const b = await copy(tid, 'K1/2');
    // On the edges of local days: the first instant of 3 June, the last millisecond of 2 June.
    const first = await at('2021-06-03', 0);
    const justBefore = new Date(Date.parse(first) - 1).toISOString();
    await loan(a.id, first, { due: await at('2021-06-10'), returned: await at('2021-06-12') });
    await loan(b.id, justBefore, { due: await at('2021-06-20'), returned: await at('2021-06-05') });
    await loan(a.id, await at('2021-06-15'), { due: await at('2021-06-25'), returned: null });
    await loan(b.id, await at('2021-06-16'), { cancelled: 1 });
    // A loan made in May, due and back late in June.
    const may = await loan(b.id, await at('2021-05-20'), { due: await at('2021-06-08'), returned: await at('2021-06-09') });
    const staff = await reader();
    const renew = async (loanId: number, copyId: number, when: string) => (await t.db.insertInto('circ_transactions').values({ school_id: 1, kind: 'renew', loan_id: loanId, copy_id: copyId, reader_id: staff, staff_id: staff, at: when } as never).returning('id').executeTakeFirstOrThrow()).id;
    await renew(may, b.id, await at('2021-06-04'));
    const undone = await renew(may, b.id, await at('2021-06-06'));
    const undo = await t.db.insertInto('circ_transactions').values({ school_id: 1, kind: 'undo', loan_id: may, copy_id: b.id, reader_id: staff, staff_id: staff, at: await at('2021-06-06', 11), undo_of: undone } as never).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('circ_transactions').set({ undone_by: undo.id }).where('id', '=', undone).execute();

    // Own counts: every instant of the school read out and bucketed here.
    const loans = await sql<{ loaned_at: string; returned_at: string | null; due_at: string; branch_id: number }>`
      select l.loaned_at, l.returned_at, l.due_at, c.branch_id from loans l join copies c on c.id = l.copy_id where l.school_id = 1 and l.cancelled = 0`.execute(t.db);
    const renewals = await sql<{ at: string; branch_id: number }>`
      select x.at, c.branch_id from circ_transactions x join loans l on l.id = x.loan_id join copies c on c.id = x.copy_id
      where x.school_id = 1 and x.kind = 'renew' and x.undone_by is null and l.cancelled = 0`.execute(t.db);
    const own = async (branch?: number) => {
      const days = new Map<string, { Loans: number; Returns: number; Renewals: number; Overdue: number }>();
      const bump = async (instant: string | null, k: 'Loans' | 'Returns' | 'Renewals' | 'Overdue') => {
        if (!instant) return;
        const d = await localDay(instant);
        const cur = days.get(d) ?? { Loans: 0, Returns: 0, Renewals: 0, Overdue: 0 };
        cur[k]++;
        days.set(d, cur);
      };
      for (const l of loans.rows) {
        if (branch != null && l.branch_id !== branch) continue;
        await bump(l.loaned_at, 'Loans');
        await bump(l.returned_at, 'Returns');
        if (l.due_at < new Date().toISOString() && (l.returned_at == null || l.returned_at > l.due_at)) await bump(l.due_at, 'Overdue');
      }
      for (const r of renewals.rows) if (branch == null || r.branch_id === branch) await bump(r.at, 'Renewals');
      return days;
    };
    const mine = await own();
    const perDay = await t.data(C.circulation, { ...P, Step: 'day' }, 'admin');
    expect(perDay).toHaveLength(30);
    for (const d of perDay) expect(d, d.Period).toEqual({ Period: d.Period, ...(mine.get(d.Period) ?? { Loans: 0, Returns: 0, Renewals: 0, Overdue: 0 }) });
    // The edges landed where they belong, and the undone renewal is left out.
    expect(perDay.find((d) => d.Period === '2021-06-03')!.Loans).toBeGreaterThanOrEqual(1);
    expect(perDay.find((d) => d.Period === '2021-06-02')!.Loans).toBeGreaterThanOrEqual(1);
    expect(perDay.find((d) => d.Period === '2021-06-06')!.Renewals).toBe(0);
    expect(perDay.find((d) => d.Period === '2021-06-08')!.Overdue).toBeGreaterThanOrEqual(1);

    const months = await t.data(C.circulation, { From: '2021-05-01', To: '2021-06-30', Step: 'month' }, 'admin');
    const sumOf = (prefix: string, k: 'Loans' | 'Returns' | 'Renewals' | 'Overdue') => [...mine].filter(([d]) => d.startsWith(prefix)).reduce((s, [, v]) => s + v[k], 0);
    expect(months).toEqual(['2021-05', '2021-06'].map((m) => ({ Period: m, Loans: sumOf(m, 'Loans'), Returns: sumOf(m, 'Returns'), Renewals: sumOf(m, 'Renewals'), Overdue: sumOf(m, 'Overdue') })));

    // Narrowed to the branch of our copies: the same figures as the test counts for that branch.
    const branch = (await t.db.selectFrom('copies').select('branch_id').where('id', '=', a.id).executeTakeFirstOrThrow()).branch_id!;
    const mineB = await own(branch);
    const perDayB = await t.data(C.circulation, { ...P, Step: 'day', BranchID: branch }, 'admin');
    for (const d of perDayB) expect(d, d.Period).toEqual({ Period: d.Period, ...(mineB.get(d.Period) ?? { Loans: 0, Returns: 0, Renewals: 0, Overdue: 0 }) });
  });

  it('never-borrowed copies and titles: totals and pages in call-number order against the test\'s own SQL, ties and a title of many copies included', async () => {
    // Class U is ours alone: a title lent through one copy (both copies out), a title of 60 copies
    // first in call-number order, two titles sharing a call number, and a weeded copy.
    const lentTitle = await title('U1');
    const lentCopy = await copy(lentTitle, 'U1/10');
    await copy(lentTitle, 'U1/11');
    await loan(lentCopy.id, await at('2021-06-10'));
    const many = await title('U0');
    for (let i = 0; i < 60; i++) await copy(many, 'U0/1');
    // tieA's smallest call number is U2/3; tieB and tieC share U2/7, tieC's copy first in barcode order.
    const tieA = await title('U2');
    const tieB = await title('U2');
    const tieC = await title('U2');
    await copy(tieA, 'U2/7');
    await copy(tieC, 'U2/7');
    await copy(tieB, 'U2/7');
    await copy(tieA, 'U2/3');
    const gone = await title('U3');
    await copy(gone, 'U3/1', { storage: 3 });
    for (let i = 0; i < 6; i++) await copy(await title('U4'), `U4/${i}`);

    const end = await at('2021-07-01', 0);
    const start = await at('2021-06-01', 0);
    const heldCopies = sql`from copies c join titles t on t.id = c.title_id
      where c.school_id = 1 and c.created_at < ${end}
        and (c.storage_area not in (3, 6) or exists (select 1 from copy_events e where e.copy_id = c.id and e.event in ('weed', 'markLost') and e.at >= ${end}))`;
    const lentCopies = sql`select l.copy_id from loans l where l.school_id = 1 and l.cancelled = 0 and l.loaned_at >= ${start} and l.loaned_at < ${end}`;
    const copyRows = await sql<{ barcode: string; cls: string }>`select c.barcode, upper(substr(t.class_no, 1, 1)) as cls ${heldCopies}
      and c.id not in (${lentCopies}) order by c.call_no, c.barcode`.execute(t.db);
    const titleRows = await sql<{ title_id: number; n: number; cls: string }>`select c.title_id, count(*) as n, min(upper(substr(t.class_no, 1, 1))) as cls ${heldCopies}
      and c.title_id not in (select c2.title_id from copies c2 where c2.id in (${lentCopies}))
      group by c.title_id order by min(c.call_no), c.title_id`.execute(t.db);

    // The whole school: the totals (the covering-index path, no title looked up).
    const allCopies = await t.data(C.zeroBorrowBooks, { ...P, Unit: 'copy', Page: 1, Rows: 20 }, 'admin');
    expect(allCopies.Total).toBe(copyRows.rows.length);
    expect(allCopies.List.map((r) => r.Barcode)).toEqual(copyRows.rows.slice(0, 20).map((r) => r.barcode));
    const allTitles = await t.data(C.zeroBorrowBooks, { ...P, Unit: 'title', Page: 2, Rows: 20 }, 'admin');
    expect(allTitles.Total).toBe(titleRows.rows.length);

    // Class U, page by page.
    const ownU = copyRows.rows.filter((r) => r.cls === 'U').map((r) => r.barcode);
    const u1 = await t.data(C.zeroBorrowBooks, { ...P, Unit: 'copy', ClassCode: 'U', Page: 2, Rows: 25 }, 'admin');
    expect(u1.Total).toBe(ownU.length);
    expect(u1.List.map((r) => r.Barcode)).toEqual(ownU.slice(25, 50));
    expect(ownU).not.toContain(lentCopy.barcode);

    const ownT = titleRows.rows.filter((r) => r.cls === 'U');
    const names = new Map((await t.db.selectFrom('titles').select(['id', 'title']).where('id', 'in', ownT.map((r) => r.title_id)).execute()).map((r) => [r.id, r.title]));
    expect(ownT.map((r) => r.title_id)).toEqual([many, tieA, tieB, tieC, ...ownT.slice(4).map((r) => r.title_id)]);
    for (const page of [1, 2, 3, 4]) {
      const got = await t.data(C.zeroBorrowBooks, { ...P, Unit: 'title', ClassCode: 'U', Page: page, Rows: 2 }, 'admin');
      expect(got.Total).toBe(ownT.length);
      const want = ownT.slice((page - 1) * 2, page * 2);
      expect(got.List.map((r) => [r.Title, r.Copies])).toEqual(want.map((r) => [names.get(r.title_id), Number(r.n)]));
    }
    // The export's walk (keyset, in chunks smaller than the 60-copy title here) gives the same lists.
    const f = { schoolId: 1, startUtc: start, endUtc: end };
    const drain = async (unit: 'copy' | 'title', size: number) => {
      const out: Array<{ Barcode: string; Title: string; Copies: number }> = [];
      for await (const chunk of zeroBorrowBookChunks(t.db, f, { unit, classCode: 'U' }, 'zh-CN', await offset(), 7)(size)) out.push(...chunk);
      return out;
    };
    expect((await drain('copy', 5)).map((r) => r.Barcode)).toEqual(ownU);
    expect((await drain('title', 3)).map((r) => [r.Title, r.Copies])).toEqual(ownT.map((r) => [names.get(r.title_id), Number(r.n)]));

    // Through the export call: the job's file holds the same lists (barcode or title first) under the headers.
    const token = await t.tokenFor('admin');
    for (const [unit, want] of [['copy', ownU], ['title', ownT.map((r) => names.get(r.title_id))]] as const) {
      const job = await t.data(C.export, { Report: 'zeroBook', Params: { ...P, Unit: unit, ClassCode: 'U' } }, 'admin');
      expect((await pollJob(t, job.DataID, token)).at(-1)!.State).toBe(2);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await downloadJobFile(t, job.DataID, token)).rawPayload as unknown as ArrayBuffer);
      const sheet = wb.worksheets[0]!;
      const cells: string[] = [];
      sheet.eachRow((row, i) => { if (i > 1) cells.push(String(row.getCell(1).value)); });
      expect(cells, unit).toEqual([...want]);
    }

    // Page 2 of one title a page: the walk must pass the 60 copies of the first title.
    const second = await t.data(C.zeroBorrowBooks, { ...P, Unit: 'title', ClassCode: 'U', Page: 2, Rows: 1 }, 'admin');
    expect(second.List.map((r) => r.Title)).toEqual([names.get(tieA)]);
    expect(second.List[0]!.CallNo).toBe('U2/3');
  });

  it('holdings by class, resource type, area and branch, and circulation by resource type, against the test\'s own SQL', async () => {
    const type = (await t.db.selectFrom('resource_types').select(['id', 'name']).where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow());
    const typed = await title('G1', type.id);
    const c1 = await copy(typed, 'G1/1', { price: 12.5 });
    await copy(typed, 'G1/2', { price: 7.25 });
    await copy(typed, 'G1/3', { storage: 3 });
    await loan(c1.id, await at('2021-06-11'), { returned: await at('2021-06-14') });

    const now = new Date().toISOString();
    const held = await sql<{ cls: string; type: number | null; area: number | null; branch: number | null; copies: number; titles: number; value: number }>`
      select upper(substr(t.class_no, 1, 1)) as cls, t.resource_type_id as type, c.area_id as area, c.branch_id as branch, c.title_id, c.price
      from copies c join titles t on t.id = c.title_id
      where c.school_id = 1 and c.created_at < ${now}
        and (c.storage_area not in (3, 6) or exists (select 1 from copy_events e where e.copy_id = c.id and e.event in ('weed', 'markLost') and e.at >= ${now}))`.execute(t.db);
    const group = (key: (r: Record<string, unknown>) => unknown) => {
      const m = new Map<unknown, { copies: number; titles: Set<unknown>; cents: number }>();
      for (const r of held.rows as unknown as Array<Record<string, unknown>>) {
        const k = key(r);
        const cur = m.get(k) ?? { copies: 0, titles: new Set(), cents: 0 };
        cur.copies++;
        cur.titles.add(r.title_id);
        cur.cents += Math.round(Number(r.price ?? 0) * 100);
        m.set(k, cur);
      }
      return m;
    };
    const byClass = group((r) => r.cls);
    const cls = await t.data(C.collection, { GroupBy: 'class' }, 'admin');
    const g = cls.find((r) => r.Name.startsWith('G '))!;
    expect(g).toMatchObject({ Copies: byClass.get('G')!.copies, Titles: byClass.get('G')!.titles.size, Value: byClass.get('G')!.cents / 100 });
    expect(cls.reduce((s, r) => s + r.Copies, 0)).toBe(held.rows.length);

    const byType = group((r) => r.type);
    const types = await t.data(C.collection, { GroupBy: 'resourceType' }, 'admin');
    expect(types.find((r) => r.Name === type.name)).toMatchObject({ Copies: byType.get(type.id)!.copies, Titles: byType.get(type.id)!.titles.size, Value: byType.get(type.id)!.cents / 100 });

    for (const level of ['area', 'branch'] as const) {
      const by = group((r) => r[level]);
      const table = level === 'area' ? 'collection_areas' : 'branches';
      const names = new Map((await t.db.selectFrom(table).select(['id', 'name']).where('school_id', '=', 1).execute()).map((r) => [r.id, r.name]));
      const rows = await t.data(C.collection, { GroupBy: level }, 'admin');
      for (const [id, v] of by) {
        if (id == null) continue;
        expect(rows.find((r) => r.Name === names.get(id as number)), `${level} ${String(id)}`).toMatchObject({ Copies: v.copies, Titles: v.titles.size, Value: v.cents / 100 });
      }
    }

    // Holdings per collection area now (Charts/GetLocationItemSta): copies, titles, on loan, value.
    await t.db.updateTable('copies').set({ circ_state: 'borrowed' }).where('id', '=', c1.id).execute();
    const perArea = await sql<{ area_id: number | null; n: number | string; titles: number | string; lent: number | string; cents: number | string }>`
      select area_id, count(*) as n, count(distinct title_id) as titles, sum(case when circ_state = 'borrowed' then 1 else 0 end) as lent, sum(round(price * 100)) as cents
      from copies where school_id = 1 and storage_area not in (3, 6) group by area_id`.execute(t.db);
    const items = await t.data(CH.getLocationItemSta, {}, 'admin');
    for (const w of perArea.rows) {
      expect(items.List.find((x) => x.AreaID === (w.area_id ?? 0)), `area ${w.area_id}`).toMatchObject({ Copies: Number(w.n), Titles: Number(w.titles), OnLoan: Number(w.lent), Value: Number(w.cents) / 100 });
    }

    const circ = await t.data(C.resourceCirc, P, 'admin');
    const own = await sql<{ n: number }>`select count(*) as n from loans l join copies c on c.id = l.copy_id join titles t on t.id = c.title_id
      where l.school_id = 1 and l.cancelled = 0 and t.resource_type_id = ${type.id} and l.loaned_at >= ${await at('2021-06-01', 0)} and l.loaned_at < ${await at('2021-07-01', 0)}`.execute(t.db);
    expect(circ.find((r) => r.Name === type.name)!.Loans).toBe(Number(own.rows[0]!.n));
  });
});
