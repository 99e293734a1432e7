import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { statisticalQueryCalls as C, type StatisticalQueryInput } from '../../shared/api/statistical-query.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';

/**
 * The query builder against the test's own counts, on SQLite and (LIB_TEST_PG_URL) PostgreSQL.
 * Our rows live in March 2021 (the demo's loans are of the last year), so the period holds only
 * what the test made; the expected figures come from the test's own SQL, not the store's.
 */
const FROM = '2021-03-01';
const TO = '2021-03-31';
const P = { From: FROM, To: TO };

if (!PG_TEST_URL) console.info(pgSkipReason);

function suite(name: string, postgres: boolean) {
  describe.skipIf(postgres && !PG_TEST_URL)(`statistical query on ${name}`, () => {
    const t = useTestGateway({ postgres });
    let seq = 0;
    const offset = async () => (await t.app.schoolRules.of(1)).rules.Calendar.UtcOffsetMinutes;
    const at = async (day: string, hour = 10) => new Date(Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00.000Z`) - (await offset()) * 60_000).toISOString();
    type Cond = { Field: string; Op: string; Values: readonly string[] };
    const q = (x: Omit<Partial<StatisticalQueryInput>, 'Conditions' | 'AnyOf'> & { Subject: StatisticalQueryInput['Subject']; Conditions?: readonly Cond[]; AnyOf?: readonly Cond[]; Page?: number; Rows?: number }) => ({ ...P, ...x });

    async function copyOf(classNo: string, opts: { storage?: number; price?: number } = {}) {
      seq++;
      const area = await t.db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
      const created = '2020-01-01T00:00:00.000Z';
      const { id: titleId } = await t.db.insertInto('titles').values({ school_id: 1, title: `查询书${seq}`, en_title: '', author: '查询', publisher: '', isbn: '', price: 20, class_no: classNo, book_no: '', language: 'zh', pub_year: 2020, pinyin: '', initials: '', created_at: created } as never).returning('id').executeTakeFirstOrThrow();
      const barcode = `SQ${seq}x${Date.now() % 100000}`;
      const { id } = await t.db.insertInto('copies').values({ school_id: 1, title_id: titleId, barcode, rfid: null, branch_id: area.branch_id, area_id: area.id, call_no: `${classNo}/${seq}`, storage_area: opts.storage ?? 2, circ_state: 'available', price: opts.price ?? 20, created_at: created } as never).returning('id').executeTakeFirstOrThrow();
      return { copyId: id, titleId, barcode };
    }
    async function klass(name: string) {
      const grade = (await t.db.selectFrom('departments').select('id').where('school_id', '=', 1).where('kind', '=', 'grade').orderBy('id').executeTakeFirstOrThrow()).id;
      return (await t.db.insertInto('departments').values({ school_id: 1, parent_id: grade, name, en_name: name, kind: 'class', learning_stage: 'primary', sort: 99 } as never).returning('id').executeTakeFirstOrThrow()).id;
    }
    async function reader(name: string, deptId: number | null) {
      seq++;
      const now = '2020-01-01T00:00:00.000Z';
      return (await t.db.insertInto('users').values({
        school_id: 1, account: `sq${seq}${postgres ? 'p' : 's'}`, name, password_hash: null, identity: 'student', reader_id: `SQR${seq}`, dept_id: deptId,
        status: 'active', phone: '', email: '', sex: 'unknown', birthday: null, language: 'zh-CN', expire_at: null, deposit: 0, pinyin: '', initials: '', created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow()).id;
    }
    async function lend(copyId: number, userId: number, loanedAt: string, o: { cancelled?: number; returnedAt?: string | null; dueAt?: string } = {}) {
      await t.db.insertInto('loans').values({ school_id: 1, copy_id: copyId, user_id: userId, loaned_at: loanedAt, due_at: o.dueAt ?? loanedAt, returned_at: o.returnedAt === undefined ? loanedAt : o.returnedAt, cancelled: o.cancelled ?? 0 } as never).execute();
    }

    it('loans grouped by class: the test\'s own counts per class; an undone loan does not count; a reader who moved class counts for the new one', async () => {
      const a = await klass('查询甲班');
      const b = await klass('查询乙班');
      const stays = await reader('留班的', a);
      const moved = await reader('转班的', a);
      const c1 = await copyOf('I247');
      const c2 = await copyOf('K825');
      await lend(c1.copyId, stays, await at('2021-03-02'));
      await lend(c2.copyId, stays, await at('2021-03-03'));
      await lend(c1.copyId, stays, await at('2021-03-04'), { cancelled: 1 });
      await lend(c1.copyId, moved, await at('2021-03-05'));
      await t.db.updateTable('users').set({ dept_id: b }).where('id', '=', moved).execute();

      const r = await t.data(C.run, q({ Subject: 'loans', GroupBy: ['Class'], Measures: ['Loans', 'Readers', 'Titles'] }), 'admin');
      expect(r.Mode).toBe('groups');
      expect(r.Columns).toEqual(['Class', 'Loans', 'Readers', 'Titles']);
      expect(r.List.find((x) => x.Class === '查询甲班')).toEqual({ Class: '查询甲班', Loans: 2, Readers: 1, Titles: 2 });
      expect(r.List.find((x) => x.Class === '查询乙班')).toEqual({ Class: '查询乙班', Loans: 1, Readers: 1, Titles: 1 });
      const own = await sql<{ n: number | string; r: number | string }>`
        select count(*) as n, count(distinct l.user_id) as r from loans l
        where l.school_id = 1 and l.cancelled = 0 and l.loaned_at >= ${await at(FROM, 0)} and l.loaned_at < ${await at('2021-04-01', 0)}`.execute(t.db);
      expect(r.Overall).toEqual({ Loans: Number(own.rows[0]!.n), Readers: Number(own.rows[0]!.r), Titles: 2 });
      expect(r.List.reduce((s, x) => s + Number(x.Loans), 0)).toBe(Number(own.rows[0]!.n));

      // Class × month, and a condition on the CLC class: only the I loans.
      const m = await t.data(C.run, q({ Subject: 'loans', GroupBy: ['Class', 'Month'], Conditions: [{ Field: 'clc', Op: 'startsWith', Values: ['i'] }] }), 'admin');
      expect(m.List.filter((x) => String(x.Class).startsWith('查询'))).toEqual([
        { Class: '查询甲班', Month: '2021-03', Loans: 1 },
        { Class: '查询乙班', Month: '2021-03', Loans: 1 },
      ]);

      // The list: the class's loans with the reader's name, newest first.
      const rows = await t.data(C.run, q({ Subject: 'loans', Conditions: [{ Field: 'klass', Op: 'in', Values: [String(a), String(b)] }], Columns: ['LoanDate', 'ReaderName', 'Class', 'Barcode', 'Overdue'], Page: 1, Rows: 10 }), 'admin');
      expect(rows.Total).toBe(3);
      expect(rows.List.map((x) => [x.LoanDate, x.ReaderName, x.Class])).toEqual([['2021-03-05', '转班的', '查询乙班'], ['2021-03-03', '留班的', '查询甲班'], ['2021-03-02', '留班的', '查询甲班']]);
      expect(rows.List.every((x) => x.Overdue === false)).toBe(true);

      // The demo head teacher reaches only their class: none of ours, and no copies at all.
      const mine = await t.data(C.run, q({ Subject: 'loans', GroupBy: ['Class'] }), 'teacher');
      const student = await t.db.selectFrom('users as u').innerJoin('departments as d', 'd.id', 'u.dept_id').select('d.name').where('u.account', '=', 'student').executeTakeFirstOrThrow();
      expect(mine.List.every((x) => x.Class === student.name)).toBe(true);
      const theirs = await t.data(C.run, q({ Subject: 'loans', Conditions: [{ Field: 'klass', Op: 'eq', Values: [String(a)] }], Page: 1, Rows: 10 }), 'teacher');
      expect(theirs.Total).toBe(0);
      const refused = await t.fail(C.run, q({ Subject: 'copies', GroupBy: ['Branch'] }), 'teacher', 'en-US');
      expect(refused.status).toBe(403);
      expect(refused.message).toMatch(/library staff/);
      const options = await t.data(C.options, {}, 'teacher');
      expect(options.Subjects).toEqual(['loans', 'readers']);
    });

    it('copies: a weeded copy is counted under its state and left out by "state is none of weeded, lost"; loans in the period = 0 and ≥ 1', async () => {
      const lent = await copyOf('Z901', { price: 12.5 });
      const unread = await copyOf('Z902', { price: 30 });
      const weeded = await copyOf('Z903', { storage: 3, price: 8 });
      const r1 = await reader('读Z的', null);
      await lend(lent.copyId, r1, await at('2021-03-10'));
      await lend(lent.copyId, r1, await at('2021-03-20'));
      const z = { Field: 'clc', Op: 'startsWith', Values: ['Z90'] } as const;

      const all = await t.data(C.run, q({ Subject: 'copies', Conditions: [z], GroupBy: ['State'], Measures: ['Copies', 'Value', 'Loans'] }), 'admin');
      expect(all.Overall).toEqual({ Copies: 3, Value: 50.5, Loans: 2 });
      expect(all.List.map((x) => x.Copies).reduce((s, n) => Number(s) + Number(n), 0)).toBe(3);
      const held = await t.data(C.run, q({ Subject: 'copies', Conditions: [z, { Field: 'state', Op: 'notIn', Values: ['weeded', 'lost'] }], GroupBy: ['ClcClass'], Measures: ['Copies', 'Titles'] }), 'admin');
      expect(held.List).toEqual([expect.objectContaining({ Copies: 2, Titles: 2 })]);

      const never = await t.data(C.run, q({ Subject: 'copies', Conditions: [z, { Field: 'periodLoans', Op: 'eq', Values: ['0'] }], Columns: ['Barcode', 'State', 'PeriodLoans'], Page: 1, Rows: 10 }), 'admin');
      expect(never.List.map((x) => x.Barcode).sort()).toEqual([unread.barcode, weeded.barcode].sort());
      const twice = await t.data(C.run, q({ Subject: 'copies', Conditions: [z, { Field: 'periodLoans', Op: 'gte', Values: ['2'] }], Columns: ['Barcode', 'PeriodLoans'], Page: 1, Rows: 10 }), 'admin');
      expect(twice.List).toEqual([{ Barcode: lent.barcode, PeriodLoans: 2 }]);

      // The whole school's held copies by the test's own SQL.
      const own = await sql<{ n: number | string }>`select count(*) as n from copies where school_id = 1 and storage_area not in (3, 6)`.execute(t.db);
      const school = await t.data(C.run, q({ Subject: 'copies', Conditions: [{ Field: 'state', Op: 'notIn', Values: ['weeded', 'lost'] }], GroupBy: ['Branch'] }), 'admin');
      expect(school.Overall.Copies).toBe(Number(own.rows[0]!.n));
    });

    it('copies by facts of their titles (summed per title first), beside a copy fact and with "any of" conditions: the test\'s own SQL per group and overall', async () => {
      const r1 = await reader('读I的', null);
      const a = await copyOf('I247', { price: 15 });
      const b = await copyOf('K81', { price: 40 });
      await lend(a.copyId, r1, await at('2021-03-05'));
      await lend(a.copyId, r1, await at('2021-03-06'));
      await lend(b.copyId, r1, await at('2021-03-07'));
      await lend(b.copyId, r1, await at('2021-03-08'), { cancelled: 1 });
      // A second copy of the first title on another branch.
      const first = await t.db.selectFrom('copies').select('branch_id').where('id', '=', a.copyId).executeTakeFirstOrThrow();
      const other = await t.db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', 1).where('branch_id', '!=', first.branch_id).orderBy('id').executeTakeFirstOrThrow();
      await t.db.insertInto('copies').values({ school_id: 1, title_id: a.titleId, barcode: `${a.barcode}b`, rfid: null, branch_id: other.branch_id, area_id: other.id, call_no: 'I247/2', storage_area: 2, circ_state: 'available', price: 15, created_at: '2020-01-01T00:00:00.000Z' } as never).execute();
      const start = await at(FROM, 0);
      const end = await at('2021-04-01', 0);
      // Our own SQL: every copy with its loans in the period, then grouped here in the test.
      const rows = (await sql<{ cls: string | null; title_id: number; branch_id: number; price: number | string; storage_area: number; n: number | string }>`
        select upper(substr(t.class_no, 1, 1)) as cls, c.title_id, c.branch_id, c.price, c.storage_area,
          (select count(*) from loans l where l.copy_id = c.id and l.cancelled = 0 and l.loaned_at >= ${start} and l.loaned_at < ${end}) as n
        from copies c join titles t on t.id = c.title_id where c.school_id = 1`.execute(t.db)).rows;
      const own = (keep: (x: (typeof rows)[number]) => boolean, key: (x: (typeof rows)[number]) => string) => {
        const groups = new Map<string, { Copies: number; Titles: Set<number>; Value: number; Loans: number }>();
        const all = { Copies: 0, Titles: new Set<number>(), Value: 0, Loans: 0 };
        for (const x of rows.filter(keep)) {
          const g = groups.get(key(x)) ?? { Copies: 0, Titles: new Set<number>(), Value: 0, Loans: 0 };
          groups.set(key(x), g);
          for (const to of [g, all]) { to.Copies++; to.Titles.add(x.title_id); to.Value += Number(x.price); to.Loans += Number(x.n); }
        }
        const figures = (g: typeof all) => ({ Copies: g.Copies, Titles: g.Titles.size, Value: Math.round(g.Value * 100) / 100, Loans: g.Loans });
        return { groups: [...groups.values()].map((g) => JSON.stringify(figures(g))).sort(), overall: figures(all) };
      };
      const got = (res: { List: Array<Record<string, unknown>>; Overall: Record<string, number> }) => ({
        groups: res.List.map((g) => JSON.stringify({ Copies: g.Copies, Titles: g.Titles, Value: g.Value, Loans: g.Loans })).sort(), overall: res.Overall,
      });
      const measures: StatisticalQueryInput['Measures'] = ['Copies', 'Titles', 'Value', 'Loans'];
      const held = { Field: 'state', Op: 'notIn', Values: ['weeded', 'lost'] } as const;
      const isHeld = (x: (typeof rows)[number]) => x.storage_area !== 3 && x.storage_area !== 6;
      const cls = (x: (typeof rows)[number]) => x.cls ?? '';

      // By CLC class alone (the bench's whole-collection question).
      expect(got(await t.data(C.run, q({ Subject: 'copies', Conditions: [held], GroupBy: ['ClcClass'], Measures: measures }), 'admin')))
        .toEqual(own(isHeld, cls));
      // Beside the branch, a copy fact: a title on two branches counts once in each group and once overall.
      expect(got(await t.data(C.run, q({ Subject: 'copies', Conditions: [held], GroupBy: ['ClcClass', 'Branch'], Measures: measures }), 'admin')))
        .toEqual(own(isHeld, (x) => `${cls(x)}|${x.branch_id}`));
      // "Any of" title facts (tested on the titles) with a copy condition (tested on the copies).
      const iOrK = [{ Field: 'clc', Op: 'startsWith', Values: ['I'] }, { Field: 'clc', Op: 'startsWith', Values: ['K'] }] as const;
      expect(got(await t.data(C.run, q({ Subject: 'copies', Conditions: [{ Field: 'price', Op: 'gte', Values: ['15'] }], AnyOf: iOrK, GroupBy: ['ClcClass'], Measures: measures }), 'admin')))
        .toEqual(own((x) => Number(x.price) >= 15 && (cls(x) === 'I' || cls(x) === 'K'), cls));
      // "Any of" a title fact or a copy fact: both sides at once.
      expect(got(await t.data(C.run, q({ Subject: 'copies', AnyOf: [iOrK[0], { Field: 'price', Op: 'gte', Values: ['40'] }], GroupBy: ['ClcClass'], Measures: measures }), 'admin')))
        .toEqual(own((x) => cls(x) === 'I' || Number(x.price) >= 40, cls));
    });

    it('readers: loans in the period ≥ N and = 0, overdue now, against the test\'s own counts', async () => {
      const k = await klass('查询丙班');
      const busy = await reader('常借的', k);
      await reader('不借的', k);
      const late = await reader('逾期的', k);
      const c = await copyOf('G623');
      const c2 = await copyOf('G624');
      await lend(c.copyId, busy, await at('2021-03-08'));
      await lend(c.copyId, busy, await at('2021-03-09'));
      await lend(c2.copyId, late, await at('2021-03-09'), { returnedAt: null, dueAt: await at('2021-03-30') });
      const inClass = { Field: 'klass', Op: 'eq', Values: [String(k)] } as const;

      const g = await t.data(C.run, q({ Subject: 'readers', Conditions: [inClass], GroupBy: ['Class'], Measures: ['Readers', 'Borrowers', 'Loans'] }), 'admin');
      expect(g.List).toEqual([{ Class: '查询丙班', Readers: 3, Borrowers: 2, Loans: 3 }]);
      const zero = await t.data(C.run, q({ Subject: 'readers', Conditions: [inClass, { Field: 'periodLoans', Op: 'eq', Values: ['0'] }], Columns: ['ReaderName'], Page: 1, Rows: 10 }), 'admin');
      expect(zero.List).toEqual([{ ReaderName: '不借的' }]);
      const overdue = await t.data(C.run, q({ Subject: 'readers', Conditions: [inClass, { Field: 'overdueNow', Op: 'eq', Values: ['true'] }], Columns: ['ReaderName', 'OverdueNow'], Page: 1, Rows: 10 }), 'admin');
      expect(overdue.List).toEqual([{ ReaderName: '逾期的', OverdueNow: true }]);
      // Any of: busy or overdue.
      const either = await t.data(C.run, q({ Subject: 'readers', Conditions: [inClass], AnyOf: [{ Field: 'periodLoans', Op: 'gte', Values: ['2'] }, { Field: 'overdueNow', Op: 'eq', Values: ['true'] }], GroupBy: ['Class'] }), 'admin');
      expect(either.Overall).toEqual({ Readers: 2 });

      const own = await sql<{ n: number | string }>`
        select count(distinct l.user_id) as n from loans l join users u on u.id = l.user_id
        where l.school_id = 1 and l.cancelled = 0 and l.loaned_at >= ${await at(FROM, 0)} and l.loaned_at < ${await at('2021-04-01', 0)}`.execute(t.db);
      const borrowers = await t.data(C.run, q({ Subject: 'readers', Conditions: [{ Field: 'periodLoans', Op: 'gte', Values: ['1'] }], GroupBy: ['Identity'] }), 'admin');
      expect(borrowers.Overall.Readers).toBe(Number(own.rows[0]!.n));
    });

    it('a period without loans: no groups and zeros', async () => {
      const r = await t.data(C.run, { Subject: 'loans', From: '2019-02-01', To: '2019-02-28', GroupBy: ['Class'], Measures: ['Loans', 'Readers'] }, 'admin');
      expect(r).toMatchObject({ List: [], Total: 0, Truncated: false, Overall: { Loans: 0, Readers: 0 } });
      const rows = await t.data(C.run, { Subject: 'loans', From: '2019-02-01', To: '2019-02-28', Page: 1, Rows: 10 }, 'admin');
      expect(rows).toMatchObject({ Mode: 'rows', List: [], Total: 0 });
    });

    it('refuses what is not on the whitelist, with a message in the caller\'s language', async () => {
      const wrongField = await t.fail(C.run, q({ Subject: 'readers', Conditions: [{ Field: 'price', Op: 'gte', Values: ['1'] }] }), 'admin', 'en-US');
      expect(wrongField.status).toBe(400);
      expect(wrongField.message).toMatch(/no such field/);
      const zh = await t.fail(C.run, q({ Subject: 'loans', GroupBy: ['Status'] }), 'admin', 'zh-CN');
      expect(zh.message).toMatch(/不能按这个维度分组/);
      for (const bad of [
        { Subject: 'loans', GroupBy: ['u.name'] },
        { Subject: 'loans', Columns: ['password_hash'] },
        { Subject: 'loans', Conditions: [{ Field: 'loanDate', Op: 'eq', Values: ["2021-03-01' or 1=1 --"] }] },
        { Subject: 'loans', Conditions: [{ Field: 'clc', Op: 'startsWith', Values: ["I'; drop table loans; --"] }] },
        { Subject: 'loans', Conditions: Array.from({ length: 11 }, () => ({ Field: 'returned', Op: 'eq', Values: ['true'] })) },
        { Subject: 'loans', Conditions: [{ Field: 'branch', Op: 'in', Values: Array.from({ length: 201 }, (_, i) => String(i + 1)) }] },
        { Subject: 'copies', Conditions: [{ Field: 'price', Op: 'between', Values: ['30', '10'] }] },
        { Subject: 'loans', From: '2021-03-31', To: '2021-03-01' },
        { Subject: 'loans', From: '2015-01-01', To: '2021-03-01' },
        { Subject: 'people' },
      ]) {
        const f = await t.fail(C.run, { ...P, ...bad }, 'admin', 'en-US');
        expect(f.status, JSON.stringify(bad)).toBe(400);
      }
      expect(Number((await sql<{ n: number | string }>`select count(*) as n from loans`.execute(t.db)).rows[0]!.n)).toBeGreaterThan(0);
      // Another school's class matches nothing (not an error, not a leak).
      const other = await t.db.selectFrom('departments').select('id').where('school_id', '=', 2).where('kind', '=', 'class').executeTakeFirst();
      if (other) {
        const r = await t.data(C.run, q({ Subject: 'loans', From: '2020-01-01', To: '2022-12-31', Conditions: [{ Field: 'klass', Op: 'eq', Values: [String(other.id)] }], Page: 1, Rows: 5 }), 'admin');
        expect(r.Total).toBe(0);
      }
      await t.fail(C.run, q({ Subject: 'loans' }), 'student');
    });

    it('saved queries: the seeded ones parse and run; saved for the school; deleted by the one who saved them or library staff', async () => {
      const seeded = await t.data(C.listSaved, {}, 'admin');
      expect(seeded.length).toBeGreaterThanOrEqual(5);
      for (const s of seeded) await t.data(C.run, { ...s.Query, Page: 1, Rows: 5 }, 'admin');
      const { ID } = await t.data(C.save, { Name: '教师的查询', Query: q({ Subject: 'loans', GroupBy: ['Month'] }) }, 'teacher');
      const mine = (await t.data(C.listSaved, {}, 'teacher')).find((x) => x.ID === ID)!;
      expect(mine).toMatchObject({ Name: '教师的查询', Deletable: true, Query: { Subject: 'loans', GroupBy: ['Month'] } });
      expect((await t.data(C.listSaved, {}, 'teacher')).find((x) => x.ID === seeded[0]!.ID)?.Deletable).toBe(false);
      await t.fail(C.deleteSaved, { ID: seeded[0]!.ID }, 'teacher');
      // Another school's administrator neither sees nor deletes it.
      expect((await t.data(C.listSaved, {}, 'admin2')).some((x) => x.ID === ID)).toBe(false);
      await t.fail(C.deleteSaved, { ID }, 'admin2');
      const noName = await t.fail(C.save, { Name: '', Query: q({ Subject: 'loans' }) }, 'admin', 'en-US');
      expect(noName.message).toMatch(/Enter a name/);
      await t.data(C.deleteSaved, { ID }, 'admin');
      expect((await t.data(C.listSaved, {}, 'admin')).some((x) => x.ID === ID)).toBe(false);
    });

    it('exports the result as a job', async () => {
      const r = await t.data(C.export, q({ Subject: 'loans', GroupBy: ['Class'] }), 'admin');
      expect(typeof r.DataID).toBe('string');
      const rows = await t.data(C.export, q({ Subject: 'copies', Columns: ['Barcode', 'Title'] }), 'admin');
      expect(typeof rows.DataID).toBe('string');
    });
  });
}

suite('SQLite', false);
suite('PostgreSQL', true);
