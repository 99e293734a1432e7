import { describe, expect, it } from 'vitest';
import { checkBorrow, checkRenew } from './circulation-checks.ts';
import type { Reason } from './reasons.ts';
import type { GroupAssignment, OverduePolicy, PermissionGroup, ReaderContext } from './schemas.ts';
import { group, loan, NOW, reader, rules } from './test-fixtures.ts';

/** Group "std": 3 loans, 14 days, renew 7 days once; magazines 1 at a time for 7 days, not renewable. */
function std(over: Partial<PermissionGroup> = {}): PermissionGroup {
  return group('std', {
    MaxLoans: 3,
    LoanDays: 14,
    RenewDays: 7,
    MaxRenewals: 1,
    ByResourceType: [{ ResourceTypeID: 'magazine', MaxLoans: 1, LoanDays: 7, RenewDays: 7, MaxRenewals: 0 }],
    ...over,
  });
}
const toStd: GroupAssignment = { GroupID: 'std', Kind: 'identity', TargetIDs: ['student'] };
const rulesWith = (g: PermissionGroup) => rules({ Groups: [g], Assignments: [toStd] });

/** Due Mon 2025-03-17 (not overdue at NOW, Mon 2025-03-10). */
const current = loan('cur');
/** Was due Fri 2025-03-07: overdue at NOW. */
const late = loan('late', { LoanedAt: '2025-02-21T09:00:00+08:00', DueAt: '2025-03-07T23:59:59+08:00' });

const codes = (reasons: Reason[]): string[] => reasons.map((x) => x.code);
function refused(result: { ok: true } | { ok: false; reasons: Reason[] }): Reason[] {
  if (result.ok) throw new Error('expected a refusal');
  return result.reasons;
}
const student = (over: Partial<ReaderContext> = {}): ReaderContext => reader(over);

describe('checkBorrow', () => {
  it('allows a borrow and gives the due date from the type’s loan days, moved off closed days', () => {
    // NOW is Mon 10 Mar: 14 days -> Mon 24 Mar; magazine 7 days -> Mon 17 Mar.
    expect(checkBorrow(student(), { ResourceTypeID: 'book' }, NOW, rulesWith(std()))).toMatchObject({ ok: true, dueAt: '2025-03-24T23:59:59+08:00', limits: { left: 3 } });
    expect(checkBorrow(student(), { ResourceTypeID: 'magazine' }, NOW, rulesWith(std()))).toMatchObject({ ok: true, dueAt: '2025-03-17T23:59:59+08:00' });
    const fiveDays = std({ LoanDays: 5 });
    expect(checkBorrow(student(), { ResourceTypeID: 'book' }, NOW, rulesWith(fiveDays))).toMatchObject({ ok: true, dueAt: '2025-03-17T23:59:59+08:00' });
  });

  it('refuses a reader whose physical card was reported lost', () => {
    const reasons = refused(checkBorrow(student({ CardStatus: 'lost' }), { ResourceTypeID: 'book' }, NOW, rulesWith(std())));
    expect(reasons).toEqual([{ code: 'cardLost', key: 'borrowing:reason.cardLost', params: {} }]);
  });

  it('refuses a card whose status is expired', () => {
    expect(codes(refused(checkBorrow(student({ CardStatus: 'expired' }), { ResourceTypeID: 'book' }, NOW, rulesWith(std()))))).toEqual(['cardExpired']);
  });

  it('treats an active card as expired from the day after its expiry day, with the day as a param', () => {
    const onLastDay = student({ CardExpiresAt: '2025-03-10' });
    expect(checkBorrow(onLastDay, { ResourceTypeID: 'book' }, NOW, rulesWith(std())).ok).toBe(true);
    const dayAfter = student({ CardExpiresAt: '2025-03-09T23:59:59+08:00' });
    expect(refused(checkBorrow(dayAfter, { ResourceTypeID: 'book' }, NOW, rulesWith(std())))).toEqual([
      { code: 'cardExpired', key: 'borrowing:reason.cardExpired', params: { expiredOn: '2025-03-09' } },
    ]);
  });

  it('refuses a disabled card', () => {
    expect(codes(refused(checkBorrow(student({ CardStatus: 'disabled' }), { ResourceTypeID: 'book' }, NOW, rulesWith(std()))))).toEqual(['cardDisabled']);
  });

  it('reports lost and expired together, lost first', () => {
    const r = student({ CardStatus: 'lost', CardExpiresAt: '2025-01-31' });
    expect(codes(refused(checkBorrow(r, { ResourceTypeID: 'book' }, NOW, rulesWith(std()))))).toEqual(['cardLost', 'cardExpired']);
  });

  it('refuses when the overall limit is reached, with max and current', () => {
    const r = student({ Loans: [loan('a'), loan('b', { ResourceTypeID: 'cd' }), loan('c')] });
    expect(refused(checkBorrow(r, { ResourceTypeID: 'cd' }, NOW, rulesWith(std())))).toEqual([
      { code: 'overallLimitReached', key: 'borrowing:reason.overallLimitReached', params: { max: 3, current: 3 } },
    ]);
  });

  it('refuses when the per-type limit is reached though the overall cap has room', () => {
    const r = student({ Loans: [loan('m', { ResourceTypeID: 'magazine' })] });
    expect(refused(checkBorrow(r, { ResourceTypeID: 'magazine' }, NOW, rulesWith(std())))).toEqual([
      { code: 'resourceTypeLimitReached', key: 'borrowing:reason.resourceTypeLimitReached', params: { resourceTypeId: 'magazine', max: 1, current: 1 } },
    ]);
    expect(checkBorrow(r, { ResourceTypeID: 'book' }, NOW, rulesWith(std())).ok).toBe(true);
  });

  it('reports both caps when both are reached', () => {
    const r = student({ Loans: [loan('m', { ResourceTypeID: 'magazine' }), loan('a'), loan('b')] });
    expect(codes(refused(checkBorrow(r, { ResourceTypeID: 'magazine' }, NOW, rulesWith(std()))))).toEqual(['overallLimitReached', 'resourceTypeLimitReached']);
  });

  it('refuses every borrow in a zero-limit group with one clear reason', () => {
    const none = std({ MaxLoans: 0 });
    expect(codes(refused(checkBorrow(student(), { ResourceTypeID: 'book' }, NOW, rulesWith(none))))).toEqual(['borrowingNotPermitted']);
    expect(codes(refused(checkBorrow(student(), { ResourceTypeID: 'magazine' }, NOW, rulesWith(none))))).toEqual(['borrowingNotPermitted']);
  });

  it('refuses a resource type the group sets to zero', () => {
    const noMagazines = std({ ByResourceType: [{ ResourceTypeID: 'magazine', MaxLoans: 0, LoanDays: 7, RenewDays: 7, MaxRenewals: 0 }] });
    expect(refused(checkBorrow(student(), { ResourceTypeID: 'magazine' }, NOW, rulesWith(noMagazines)))).toEqual([
      { code: 'resourceTypeNotPermitted', key: 'borrowing:reason.resourceTypeNotPermitted', params: { resourceTypeId: 'magazine' } },
    ]);
  });

  it.each<[OverduePolicy, boolean]>([
    ['block-all', false],
    ['block-item', true],
    ['allow', true],
  ])('with overdue loans and policy %s, borrowing allowed = %s', (policy, allowed) => {
    const r = student({ Loans: [late] });
    const result = checkBorrow(r, { ResourceTypeID: 'book' }, NOW, rulesWith(std({ OverdueRenewal: policy })));
    expect(result.ok).toBe(allowed);
    if (!result.ok) expect(result.reasons).toEqual([{ code: 'overdueBlocksBorrowing', key: 'borrowing:reason.overdueBlocksBorrowing', params: { overdueCount: 1 } }]);
  });

  it('does not block-all on a loan due today', () => {
    const dueToday = loan('t', { DueAt: '2025-03-10T23:59:59+08:00' });
    expect(checkBorrow(student({ Loans: [dueToday] }), { ResourceTypeID: 'book' }, NOW, rulesWith(std({ OverdueRenewal: 'block-all' }))).ok).toBe(true);
  });

  it('refuses a reader with no group, and one with an ambiguous group', () => {
    expect(codes(refused(checkBorrow(student(), { ResourceTypeID: 'book' }, NOW, rules({ Groups: [std()] }))))).toEqual(['noGroup']);
    const amb = student({ GradeID: 'g1', DepartmentIDs: ['d1'] });
    const two = rules({
      Groups: [std(), group('other')],
      Assignments: [{ GroupID: 'std', Kind: 'grade', TargetIDs: ['g1'] }, { GroupID: 'other', Kind: 'department', TargetIDs: ['d1'] }],
    });
    expect(refused(checkBorrow(amb, { ResourceTypeID: 'book' }, NOW, two))).toEqual([
      { code: 'ambiguousGroup', key: 'borrowing:reason.ambiguousGroup', params: { level: 'grade-department', groupIds: 'std,other' } },
    ]);
  });

  it('collects card, overdue and quota reasons together', () => {
    const r = student({ CardStatus: 'disabled', Loans: [late, loan('a'), loan('b')] });
    expect(codes(refused(checkBorrow(r, { ResourceTypeID: 'book' }, NOW, rulesWith(std({ OverdueRenewal: 'block-all' })))))).toEqual([
      'cardDisabled',
      'overdueBlocksBorrowing',
      'overallLimitReached',
    ]);
  });

  it('lets combined borrowing lift a quota the single group would hit', () => {
    const full = student({ ClassID: 'c1', Loans: [loan('a'), loan('b'), loan('c')] });
    // The class group (3) wins by precedence; the identity group would allow 6.
    const strictClass = {
      Groups: [std({ MaxLoans: 6 }), group('class', { MaxLoans: 3 })],
      Assignments: [toStd, { GroupID: 'class', Kind: 'class', TargetIDs: ['c1'] } satisfies GroupAssignment],
    };
    expect(codes(refused(checkBorrow(full, { ResourceTypeID: 'book' }, NOW, rules(strictClass))))).toEqual(['overallLimitReached']);
    expect(checkBorrow(full, { ResourceTypeID: 'book' }, NOW, rules({ ...strictClass, Settings: { CombinedBorrowing: true } }))).toMatchObject({ ok: true, limits: { left: 3 } });
  });
});

describe('checkRenew', () => {
  it('renews from the current due date and counts the renewal', () => {
    const r = student({ Loans: [current] });
    expect(checkRenew(r, current, NOW, rulesWith(std()))).toEqual({ ok: true, dueAt: '2025-03-24T23:59:59+08:00', renewCount: 1 });
  });

  it('uses the resource type’s renew days and renewal limit', () => {
    const dvd = loan('dvd', { ResourceTypeID: 'dvd' });
    const g = std({ ByResourceType: [{ ResourceTypeID: 'dvd', MaxLoans: 1, LoanDays: 7, RenewDays: 3, MaxRenewals: 2 }] });
    expect(checkRenew(student({ Loans: [dvd] }), dvd, NOW, rulesWith(g))).toEqual({ ok: true, dueAt: '2025-03-20T23:59:59+08:00', renewCount: 1 });
  });

  it('allows the last renewal and refuses the one after', () => {
    const g = std({ MaxRenewals: 2 });
    const once = loan('x', { RenewCount: 1 });
    expect(checkRenew(student({ Loans: [once] }), once, NOW, rulesWith(g)).ok).toBe(true);
    const twice = loan('x', { RenewCount: 2 });
    expect(refused(checkRenew(student({ Loans: [twice] }), twice, NOW, rulesWith(g)))).toEqual([
      { code: 'renewalLimitReached', key: 'borrowing:reason.renewalLimitReached', params: { max: 2, current: 2 } },
    ]);
  });

  it('refuses renewing a type with no renewals', () => {
    const mag = loan('m', { ResourceTypeID: 'magazine' });
    expect(codes(refused(checkRenew(student({ Loans: [mag] }), mag, NOW, rulesWith(std()))))).toEqual(['renewalNotPermitted']);
  });

  it('policy allow: renews an overdue loan, counting from today', () => {
    const r = student({ Loans: [late] });
    expect(checkRenew(r, late, NOW, rulesWith(std({ OverdueRenewal: 'allow' })))).toEqual({ ok: true, dueAt: '2025-03-17T23:59:59+08:00', renewCount: 1 });
  });

  it('policy block-item: refuses the overdue loan but renews the reader’s other loans', () => {
    const r = student({ Loans: [late, current] });
    const rs = rulesWith(std({ OverdueRenewal: 'block-item' }));
    expect(refused(checkRenew(r, late, NOW, rs))).toEqual([
      { code: 'overdueItemNotRenewable', key: 'borrowing:reason.overdueItemNotRenewable', params: { dueOn: '2025-03-07' } },
    ]);
    expect(checkRenew(r, current, NOW, rs).ok).toBe(true);
  });

  it('policy block-all: any overdue loan blocks renewing every loan', () => {
    const r = student({ Loans: [late, current] });
    const rs = rulesWith(std({ OverdueRenewal: 'block-all' }));
    expect(refused(checkRenew(r, current, NOW, rs))).toEqual([
      { code: 'overdueBlocksRenewal', key: 'borrowing:reason.overdueBlocksRenewal', params: { overdueCount: 1 } },
    ]);
    expect(codes(refused(checkRenew(r, late, NOW, rs)))).toEqual(['overdueBlocksRenewal']);
    expect(checkRenew(student({ Loans: [current] }), current, NOW, rs).ok).toBe(true);
  });

  it('lets a reader with a lost card renew, but not one whose card is expired or disabled', () => {
    const rs = rulesWith(std());
    expect(checkRenew(student({ CardStatus: 'lost', Loans: [current] }), current, NOW, rs).ok).toBe(true);
    expect(codes(refused(checkRenew(student({ CardStatus: 'expired', Loans: [current] }), current, NOW, rs)))).toEqual(['cardExpired']);
    expect(codes(refused(checkRenew(student({ CardStatus: 'disabled', Loans: [current] }), current, NOW, rs)))).toEqual(['cardDisabled']);
  });

  it('refuses a renewal that would not move the due date (zero renew days)', () => {
    expect(refused(checkRenew(student({ Loans: [current] }), current, NOW, rulesWith(std({ RenewDays: 0 }))))).toEqual([
      { code: 'renewalNoExtension', key: 'borrowing:reason.renewalNoExtension', params: { dueOn: '2025-03-17' } },
    ]);
  });

  it('refuses a loan that is not the reader’s', () => {
    expect(codes(refused(checkRenew(student({ Loans: [] }), current, NOW, rulesWith(std()))))).toEqual(['loanNotFound']);
  });

  it('refuses with noGroup when the reader has no group', () => {
    expect(codes(refused(checkRenew(student({ Loans: [current] }), current, NOW, rules({ Groups: [std()] }))))).toEqual(['noGroup']);
  });

  it('combined borrowing: the most generous renewal limit applies', () => {
    const twice = loan('x', { RenewCount: 1 });
    const r = student({ ClassID: 'c1', Loans: [twice] });
    const rs = {
      Groups: [std({ MaxRenewals: 3 }), group('class', { MaxRenewals: 1 })],
      Assignments: [toStd, { GroupID: 'class', Kind: 'class', TargetIDs: ['c1'] } satisfies GroupAssignment],
    };
    expect(codes(refused(checkRenew(r, twice, NOW, rules(rs))))).toEqual(['renewalLimitReached']);
    expect(checkRenew(r, twice, NOW, rules({ ...rs, Settings: { CombinedBorrowing: true } }))).toMatchObject({ ok: true, renewCount: 2 });
  });
});
