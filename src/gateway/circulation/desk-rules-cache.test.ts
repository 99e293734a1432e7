import { beforeEach, describe, expect, it } from 'vitest';
import { borrowRulesCalls as R } from '../../shared/api/borrow-rules.ts';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { circulationVerifyCalls as V } from '../../shared/api/circulation-verify.ts';
import { weekdayOf } from '../../shared/domain/borrowing/local-days.ts';
import { writeRulesTx } from '../borrow-rules/rules-cache.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { freeCopies, freeReaders, groupFor, type FreeReader } from './desk-fixture.ts';

/**
 * The desk keeps each school's rules in memory (borrow-rules/rules-cache.ts). A change made
 * through the gateway must show at the desk on the very next scan: each test warms the cache with
 * a loan first, changes one thing the rules are made of, and lends again at once.
 */

type Reasons = { Reasons: Array<{ Code: string }> };
const codes = (data: unknown) => (data as Reasons).Reasons.map((r) => r.Code);

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('the desk sees rule changes at once on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  const group = (over: Record<string, unknown>) => ({
    ID: 'new', Name: `g-${Math.random().toString(36).slice(2, 10)}`, EnName: 'g', MaxLoans: 5, LoanDays: 14, RenewDays: 7, MaxRenewals: 1,
    OverdueRenewal: 'allow', ByResourceType: [], IsDefault: false, ...over,
  });
  const lend = (reader: FreeReader, barcode: string) => t.call(C.literatureCirc, { UserID: reader.id, Barcode: barcode }, { token: librarianToken });
  const dueDay = (res: { json(): unknown }) => (res.json() as { data: { Loan: { DueAt: string } } }).data.Loan.DueAt.slice(0, 10);
  const scan = async (reader: FreeReader) => {
    const r = await t.data(C.getCircUserInfoByBarCode, { BarCode: reader.reader_id }, 'librarian');
    if (r.Kind !== 'reader') throw new Error('not a reader');
    return r.Reader;
  };
  let librarianToken: string;
  let reader: FreeReader;
  let groupId: string;
  beforeEach(async () => {
    librarianToken = await t.tokenFor('librarian');
    [reader] = await freeReaders(t, 1) as [FreeReader];
    groupId = await groupFor(t, [reader], { Name: `g-${Math.random().toString(36).slice(2, 10)}`, MaxLoans: 5, LoanDays: 14 });
  });

  it("a group's limits and loan days", async () => {
    const [a, b, c] = await freeCopies(t, 3);
    const first = await lend(reader, a!.barcode);
    expect(first.statusCode).toBe(200);
    await t.data(R.updateGroup, group({ ID: groupId, MaxLoans: 1 }), 'admin');
    const refused = await lend(reader, b!.barcode);
    expect(refused.statusCode).toBe(409);
    expect(codes(refused.json().data)).toEqual(['overallLimitReached']);
    // More days: the next loan is due later.
    await t.data(R.updateGroup, group({ ID: groupId, MaxLoans: 5, LoanDays: 60 }), 'admin');
    const longer = await lend(reader, c!.barcode);
    expect(longer.statusCode).toBe(200);
    expect(dueDay(longer) > dueDay(first)).toBe(true);
  });

  it('assignments: a reader taken out of a group, then put into one that lends nothing', async () => {
    const [a, b] = await freeCopies(t, 2);
    expect((await lend(reader, a!.barcode)).statusCode).toBe(200);
    expect((await scan(reader)).Limits.Groups.map((g) => g.ID)).toEqual([groupId]);
    const mine = (await t.data(R.getAssignments, { GroupID: groupId, Kind: 'reader' }, 'admin')).List as Array<{ ID: string }>;
    await t.data(R.deleteAssignments, { IDs: mine.map((x) => x.ID) }, 'admin');
    // Back in whatever group the class or the school gives: as the rules read from the database say.
    const fallback = await t.data(R.getUserBorrowLimit, { UserID: reader.id }, 'librarian');
    expect(fallback.Groups.map((g) => g.ID)).not.toContain(groupId);
    expect((await scan(reader)).Limits).toEqual(fallback);
    const none = await t.data(R.addGroup, group({ MaxLoans: 0 }), 'admin');
    await t.data(R.addAssignments, { GroupID: none.ID, Kind: 'reader', TargetIDs: [reader.reader_id] }, 'admin');
    const refused = await lend(reader, b!.barcode);
    expect(codes(refused.json().data)).toEqual(['borrowingNotPermitted']);
    // A group that no longer exists is not remembered either.
    await t.data(R.deleteAssignments, { IDs: (await t.data(R.getAssignments, { GroupID: none.ID }, 'admin')).List.map((x: { ID: string }) => x.ID) }, 'admin');
    await t.data(R.deleteGroup, { ID: none.ID }, 'admin');
    expect((await scan(reader)).Limits).toEqual(await t.data(R.getUserBorrowLimit, { UserID: reader.id }, 'librarian'));
  });

  it('the calendar: a closed day and a closed weekday move the due date', async () => {
    const [a, b, c, d] = await freeCopies(t, 4);
    const due = dueDay(await lend(reader, a!.barcode));
    await t.data(R.setDays, { Days: [due], State: 'closed', Reason: 'test' }, 'admin');
    try {
      expect(dueDay(await lend(reader, b!.barcode)) > due).toBe(true);
    } finally {
      await t.data(R.setDays, { Days: [due], State: 'default' }, 'admin');
    }
    expect(dueDay(await lend(reader, c!.barcode))).toBe(due);
    const weekdays = (await t.data(R.getCalendar, {}, 'admin')).Calendar.ClosedWeekdays as number[];
    await t.data(R.setClosedWeekdays, { ClosedWeekdays: [...weekdays, weekdayOf(due)] }, 'admin');
    try {
      expect(dueDay(await lend(reader, d!.barcode)) > due).toBe(true);
    } finally {
      await t.data(R.setClosedWeekdays, { ClosedWeekdays: weekdays }, 'admin');
    }
  });

  it('combined borrowing and borrow verification', async () => {
    const [a, b] = await freeCopies(t, 2);
    expect((await lend(reader, a!.barcode)).statusCode).toBe(200);
    expect((await scan(reader)).Limits.Combined).toBe(false);
    await t.data(R.saveSettings, { CombinedBorrowing: true }, 'admin');
    try {
      expect((await scan(reader)).Limits.Combined).toBe(true);
    } finally {
      await t.data(R.saveSettings, { CombinedBorrowing: false }, 'admin');
    }
    expect((await scan(reader)).Limits.Combined).toBe(false);
    await t.data(V.saveVerifySetting, { Mode: 'either' }, 'admin');
    try {
      expect(codes((await lend(reader, b!.barcode)).json().data)).toEqual(['verifyRequired']);
    } finally {
      await t.data(V.saveVerifySetting, { Mode: 'off' }, 'admin');
    }
    expect((await lend(reader, b!.barcode)).statusCode).toBe(200);
  });

  it('the cache itself: one load shared, a load begun before a write is not kept, failed writes forget too', async () => {
    const cache = t.app.schoolRules;
    const p1 = cache.of(1);
    expect(cache.of(1)).toBe(p1);
    // A write lands while p1 is loading: whatever p1 read, the next desk request loads afresh.
    cache.forget(1);
    const p2 = cache.of(1);
    expect(p2).not.toBe(p1);
    expect(cache.of(1)).toBe(p2);
    const rules = (await p2).rules;
    // Shared between requests: nobody may change it.
    expect(Object.isFrozen(rules.Groups[0])).toBe(true);
    expect(Object.isFrozen(rules.Calendar.ClosedDates)).toBe(true);
    // Whether a failed transaction committed is not always known: the entry goes all the same.
    await expect(writeRulesTx(t.app, 1, async () => {
      throw new Error('no');
    })).rejects.toThrow('no');
    expect(cache.of(1)).not.toBe(p2);
    // Other schools keep theirs.
    const s2 = cache.of(2);
    cache.forget(1);
    expect(cache.of(2)).toBe(s2);
  });
});
