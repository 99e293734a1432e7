import { describe, expect, it } from 'vitest';
import { chartsCalls as C } from '../../shared/api/charts.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { localDayStartUtc, rankPeriod } from './rank-period.ts';

describe('rankPeriod: local days in the school offset', () => {
  it('starts a week on Monday in the school zone, even when it is still Sunday in UTC', () => {
    // Sunday 2026-03-01 17:30 UTC is Monday 2026-03-02 01:30 in Beijing (+08:00).
    const now = new Date('2026-03-01T17:30:00.000Z');
    const cn = rankPeriod({ Period: 'week' }, 480, now);
    expect(cn).toMatchObject({ from: '2026-03-02', to: '2026-03-02', startUtc: '2026-03-01T16:00:00.000Z', endUtc: '2026-03-02T16:00:00.000Z' });
    // The same instant in UTC is still Sunday: its week began on Monday 23 February.
    expect(rankPeriod({ Period: 'week' }, 0, now)).toMatchObject({ from: '2026-02-23', to: '2026-03-01' });
  });
  it('takes a month and a year from their first local day, and a custom period as given (both days included)', () => {
    const now = new Date('2026-02-28T16:30:00.000Z'); // 1 March 00:30 in +08:00
    expect(rankPeriod({ Period: 'month' }, 480, now)).toMatchObject({ from: '2026-03-01', startUtc: '2026-02-28T16:00:00.000Z' });
    expect(rankPeriod({ Period: 'year' }, 480, now)).toMatchObject({ from: '2026-01-01', startUtc: '2025-12-31T16:00:00.000Z' });
    expect(rankPeriod({ Period: 'custom', From: '2026-01-05', To: '2026-01-05' }, -300, now))
      .toMatchObject({ startUtc: '2026-01-05T05:00:00.000Z', endUtc: '2026-01-06T05:00:00.000Z' });
  });
  it('takes today, yesterday and the last whole week, month and year', () => {
    const now = new Date('2026-03-04T02:00:00.000Z'); // Wednesday 4 March 10:00 in +08:00
    expect(rankPeriod({ Period: 'today' }, 480, now)).toMatchObject({ from: '2026-03-04', to: '2026-03-04' });
    expect(rankPeriod({ Period: 'yesterday' }, 480, now)).toMatchObject({ from: '2026-03-03', to: '2026-03-03' });
    expect(rankPeriod({ Period: 'lastWeek' }, 480, now)).toMatchObject({ from: '2026-02-23', to: '2026-03-01', startUtc: '2026-02-22T16:00:00.000Z', endUtc: '2026-03-01T16:00:00.000Z' });
    expect(rankPeriod({ Period: 'lastMonth' }, 480, now)).toMatchObject({ from: '2026-02-01', to: '2026-02-28' });
    expect(rankPeriod({ Period: 'lastYear' }, 480, now)).toMatchObject({ from: '2025-01-01', to: '2025-12-31' });
    // On a Monday the last week is the one that ended yesterday.
    expect(rankPeriod({ Period: 'lastWeek' }, 480, new Date('2026-03-02T01:00:00.000Z'))).toMatchObject({ from: '2026-02-23', to: '2026-03-01' });
  });
  it('refuses a custom period longer than a school year', () => {
    expect(() => rankPeriod({ Period: 'custom', From: '2024-01-01', To: '2026-01-01' }, 480)).toThrow();
  });
});

describe('Charts/*BorrowRank', () => {
  const t = useTestGateway();
  const anon = { school: 1 };

  /** A new title with one copy in school 1, lent `n` times at `at` by the seeded student. */
  async function lentTitle(title: string, n: number, at: string) {
    const area = await t.db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const { id: titleId } = await t.db.insertInto('titles').values({ school_id: 1, title, en_title: '', author: '测试作者', publisher: '', isbn: '', price: 10, class_no: 'I287', book_no: '', language: 'zh', pub_year: 2020, pinyin: '', initials: '', created_at: at } as never).returning('id').executeTakeFirstOrThrow();
    const { id: copyId } = await t.db.insertInto('copies').values({ school_id: 1, title_id: titleId, barcode: `RK${titleId}`, rfid: null, branch_id: area.branch_id, area_id: area.id, call_no: '', storage_area: 2, circ_state: 'available', price: 10, created_at: at } as never).returning('id').executeTakeFirstOrThrow();
    const reader = await t.db.selectFrom('users').select('id').where('account', '=', 'student').executeTakeFirstOrThrow();
    for (let i = 0; i < n; i++) {
      await t.db.insertInto('loans').values({ school_id: 1, copy_id: copyId, user_id: reader.id, loaned_at: at, due_at: at, returned_at: at }).execute();
    }
    return titleId;
  }

  it('counts the loans of the period from its first local instant, not before', async () => {
    const offset = (await t.app.schoolRules.of(1)).rules.Calendar.UtcOffsetMinutes;
    const week = rankPeriod({ Period: 'week' }, offset);
    const before = new Date(Date.parse(week.startUtc) - 1).toISOString();
    const inside = await lentTitle('边界之内的书', 60, week.startUtc);
    const outside = await lentTitle('边界之前的书', 80, before);
    const r = await t.data(C.itemBorrowRank, { Period: 'week', Top: 100 }, anon);
    expect(r.From).toBe(week.from);
    expect(r.From).toBe(localDayStartUtc(r.From, 0).slice(0, 10));
    expect(r.List[0]).toMatchObject({ Rank: 1, ItemID: inside, Title: '边界之内的书', Author: '测试作者', Loans: 60 });
    expect(r.List.some((x: { ItemID: number }) => x.ItemID === outside)).toBe(false);
    expect(r.TotalLoans).toBeGreaterThanOrEqual(60);
    // The day before the week, as a custom period, has the other one.
    const day = rankPeriod({ Period: 'custom', From: week.from, To: week.from }, offset);
    expect(day.startUtc).toBe(week.startUtc);
    const prev = await t.data(C.itemBorrowRank, { Period: 'custom', From: new Date(Date.parse(`${week.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10), To: new Date(Date.parse(`${week.from}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10) }, anon);
    expect(prev.List.find((x: { ItemID: number }) => x.ItemID === outside)).toMatchObject({ Loans: 80 });
  });

  it('ranks a year of demo loans with ties sharing a rank, at most Top rows', async () => {
    const r = await t.data(C.itemBorrowRank, { Period: 'custom', From: '2020-01-01', To: '2020-12-31', Top: 5 }, anon);
    expect(r.List).toEqual([]);
    const year = await t.data(C.itemBorrowRank, { Period: 'year', Top: 100 }, anon);
    expect(year.List.length).toBeLessThanOrEqual(100);
    for (let i = 1; i < year.List.length; i++) {
      const [a, b] = [year.List[i - 1]!, year.List[i]!];
      expect(a.Loans).toBeGreaterThanOrEqual(b.Loans);
      expect(b.Rank).toBe(a.Loans === b.Loans ? a.Rank : i + 1);
    }
  });

  it('ranks classes by loans and per reader, grades by their classes, departments; no reader is named', async () => {
    const classes = await t.data(C.gradeBorrowRank, { Period: 'year' }, anon);
    expect(classes.List.length).toBeGreaterThan(4);
    const first = classes.List[0]!;
    expect(first).toMatchObject({ Rank: 1, ParentName: expect.stringMatching(/年级/) });
    expect(first.PerReader).toBeCloseTo(first.Readers ? Math.round((first.Loans / first.Readers) * 10) / 10 : 0, 5);
    const fair = await t.data(C.gradeBorrowRank, { Period: 'year', Sort: 'perReader' }, anon);
    for (let i = 1; i < fair.List.length; i++) expect(fair.List[i - 1]!.PerReader).toBeGreaterThanOrEqual(fair.List[i]!.PerReader);
    const grades = await t.data(C.gradeBorrowRank, { Period: 'year', Level: 'grade' }, anon);
    expect(grades.List.length).toBe(6);
    expect(grades.List.reduce((s: number, g: { Loans: number }) => s + g.Loans, 0)).toBe(classes.List.reduce((s: number, c: { Loans: number }) => s + c.Loans, 0));
    const depts = await t.data(C.deptBorrowRank, { Period: 'year' }, anon);
    expect(depts.List.length).toBeGreaterThan(0);
    const student = await t.db.selectFrom('users').select('name').where('account', '=', 'student').executeTakeFirstOrThrow();
    expect(JSON.stringify([classes, depts])).not.toContain(student.name);
  });

  it('answers each school for itself (the SchoolID header)', async () => {
    const one = await t.data(C.itemBorrowRank, { Period: 'year' }, anon);
    const two = await t.data(C.itemBorrowRank, { Period: 'year' }, { school: 2 });
    const ids2 = new Set(two.List.map((x: { ItemID: number }) => x.ItemID));
    expect(one.List.some((x: { ItemID: number }) => ids2.has(x.ItemID))).toBe(false);
    const titles2 = await t.db.selectFrom('titles').select('id').where('school_id', '=', 2).execute();
    const own = new Set(titles2.map((x) => x.id));
    expect(two.List.every((x: { ItemID: number }) => own.has(x.ItemID))).toBe(true);
    // Filters by branch and resource type narrow, never widen.
    const branch = await t.data(C.itemBorrowRank, { Period: 'year', BranchID: 999 }, anon);
    expect(branch.List).toEqual([]);
    expect(branch.TotalLoans).toBe(0);
  });

  it('refuses bad input with a clear message', async () => {
    const noDays = await t.fail(C.itemBorrowRank, { Period: 'custom' }, anon, 'en-US');
    expect(noDays.status).toBe(400);
    expect(noDays.message).toMatch(/first and last day/);
    expect((await t.fail(C.itemBorrowRank, { Period: 'custom', From: '2026-02-02', To: '2026-02-01' }, anon, 'en-US')).message).toMatch(/cannot be after/);
    expect((await t.fail(C.itemBorrowRank, { Top: 101 }, anon)).status).toBe(400);
    expect((await t.fail(C.gradeBorrowRank, { Level: 'school' }, anon)).status).toBe(400);
    expect((await t.fail(C.deptBorrowRank, { Period: 'custom', From: '2020-01-01', To: '2026-01-01' }, anon, 'en-US')).message).toMatch(/at most 400 days/);
    // Without a school there is nothing to rank.
    expect((await t.fail(C.itemBorrowRank, {}, null)).status).toBeGreaterThanOrEqual(400);
  });

  it('is a public call: anonymous with the school header, under the public rate limit (the aggregates; reader rankings are staff calls)', () => {
    for (const c of [C.itemBorrowRank, C.gradeBorrowRank, C.deptBorrowRank]) expect(c).toMatchObject({ auth: 'optional', rateLimit: 'public' });
    for (const c of [C.gradeUserBorrowRank, C.deptUserBorrowRank, C.getLocationItemSta, C.getLocationCircSta]) expect(c).toMatchObject({ auth: 'user', spec: true });
  });
});
