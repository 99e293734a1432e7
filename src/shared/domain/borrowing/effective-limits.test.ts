import { describe, expect, it } from 'vitest';
import { effectiveLimits, typeLimits } from './effective-limits.ts';
import type { GroupAssignment } from './schemas.ts';
import { group, loan, reader, rules } from './test-fixtures.ts';

const byClass: GroupAssignment = { GroupID: 'class-3-2', Kind: 'class', TargetIDs: ['c32'] };
const byIdentity: GroupAssignment = { GroupID: 'students', Kind: 'identity', TargetIDs: ['student'] };

const classGroup = group('class-3-2', {
  MaxLoans: 3,
  LoanDays: 14,
  RenewDays: 7,
  MaxRenewals: 1,
  OverdueRenewal: 'block-all',
  ByResourceType: [{ ResourceTypeID: 'magazine', MaxLoans: 1, LoanDays: 7, RenewDays: 0, MaxRenewals: 0 }],
});
const studentGroup = group('students', {
  MaxLoans: 4,
  LoanDays: 21,
  RenewDays: 7,
  MaxRenewals: 2,
  OverdueRenewal: 'block-item',
  ByResourceType: [{ ResourceTypeID: 'picture-book', MaxLoans: 2, LoanDays: 10, RenewDays: 5, MaxRenewals: 3 }],
});

const r = reader({ ClassID: 'c32', Loans: [loan('l1', { ResourceTypeID: 'magazine' }), loan('l2')] });
const base = { Groups: [classGroup, studentGroup], Assignments: [byClass, byIdentity] };

function okLimits(...args: Parameters<typeof effectiveLimits>) {
  const l = effectiveLimits(...args);
  if (!l.ok) throw new Error(`expected limits, got ${l.status}`);
  return l;
}

describe('effectiveLimits, one group', () => {
  const l = okLimits(r, rules(base));

  it('uses only the highest-precedence group when combined borrowing is off', () => {
    expect(l.combined).toBe(false);
    expect(l.groupIds).toEqual(['class-3-2']);
    expect(l.matches).toEqual([{ groupId: 'class-3-2', level: 'class', kind: 'class', targetId: 'c32' }]);
    expect(l.overduePolicy).toBe('block-all');
  });

  it('gives the overall cap, current loans and what is left', () => {
    expect(l.overall).toEqual({ maxLoans: 3, loanDays: 14, renewDays: 7, maxRenewals: 1, current: 2, left: 1 });
  });

  it('applies a listed resource type’s own values and counts its loans separately', () => {
    expect(typeLimits(r, l, 'magazine')).toEqual({ resourceTypeId: 'magazine', maxLoans: 1, loanDays: 7, renewDays: 0, maxRenewals: 0, current: 1, left: 0 });
  });

  it('gives an unlisted resource type the group-level values under the overall cap', () => {
    expect(typeLimits(r, l, 'book')).toEqual({ resourceTypeId: 'book', maxLoans: 3, loanDays: 14, renewDays: 7, maxRenewals: 1, current: 1, left: 1 });
    expect(typeLimits(r, l, 'cd')).toMatchObject({ current: 0, left: 1 });
  });

  it('lists the types held on loan or named by the group', () => {
    expect(l.byType.map((t) => t.resourceTypeId)).toEqual(['book', 'magazine']);
  });

  it('bounds a type’s room by the overall room', () => {
    const g = group('g', { MaxLoans: 2, ByResourceType: [{ ResourceTypeID: 'book', MaxLoans: 10, LoanDays: 30, RenewDays: 7, MaxRenewals: 1 }] });
    const two = reader({ Loans: [loan('a', { ResourceTypeID: 'cd' }), loan('b', { ResourceTypeID: 'cd' })] });
    const lim = okLimits(two, rules({ Groups: [g], Assignments: [{ GroupID: 'g', Kind: 'reader', TargetIDs: ['r1'] }] }));
    expect(typeLimits(two, lim, 'book')).toMatchObject({ maxLoans: 10, current: 0, left: 0 });
  });

  it('never reports negative room when a reader is over the cap (e.g. after the cap was lowered)', () => {
    const many = reader({ ClassID: 'c32', Loans: ['a', 'b', 'c', 'd', 'e'].map((id) => loan(id)) });
    expect(okLimits(many, rules(base)).overall).toMatchObject({ current: 5, left: 0 });
  });
});

describe('effectiveLimits, combined borrowing', () => {
  const l = okLimits(r, rules({ ...base, Settings: { CombinedBorrowing: true } }));

  it('takes every group the reader matches, in precedence order', () => {
    expect(l.combined).toBe(true);
    expect(l.groupIds).toEqual(['class-3-2', 'students']);
    expect(l.matches.map((m) => m.kind)).toEqual(['class', 'identity']);
  });

  it('takes the largest overall cap, not the sum of caps', () => {
    expect(l.overall).toEqual({ maxLoans: 4, loanDays: 21, renewDays: 7, maxRenewals: 2, current: 2, left: 2 });
  });

  it('takes each per-type field from the most generous group, an unlisting group contributing its group values', () => {
    // magazine: class lists 1/7/0/0, students do not list it so contribute 4/21/7/2.
    expect(typeLimits(r, l, 'magazine')).toMatchObject({ maxLoans: 4, loanDays: 21, renewDays: 7, maxRenewals: 2, current: 1, left: 2 });
    // picture-book: students list 2/10/5/3, class contributes 3/14/7/1.
    expect(typeLimits(r, l, 'picture-book')).toMatchObject({ maxLoans: 3, loanDays: 14, renewDays: 7, maxRenewals: 3 });
  });

  it('takes the most lenient overdue policy', () => {
    // block-all (class) + block-item (students) -> block-item.
    expect(l.overduePolicy).toBe('block-item');
    const lenient = group('lenient', { OverdueRenewal: 'allow' });
    const withGrade = reader({ ClassID: 'c32', GradeID: 'g3' });
    const three = rules({
      Groups: [classGroup, studentGroup, lenient],
      Assignments: [byClass, byIdentity, { GroupID: 'lenient', Kind: 'grade', TargetIDs: ['g3'] }],
      Settings: { CombinedBorrowing: true },
    });
    expect(okLimits(withGrade, three).overduePolicy).toBe('allow');
  });

  it('is never stricter than the single resolved group', () => {
    const single = okLimits(r, rules(base));
    expect(l.overall.maxLoans).toBeGreaterThanOrEqual(single.overall.maxLoans);
    for (const t of single.byType) {
      const c = typeLimits(r, l, t.resourceTypeId);
      expect(c.maxLoans).toBeGreaterThanOrEqual(t.maxLoans);
      expect(c.loanDays).toBeGreaterThanOrEqual(t.loanDays);
      expect(c.maxRenewals).toBeGreaterThanOrEqual(t.maxRenewals);
    }
  });

  it('turns a same-level ambiguity into the union instead of an error', () => {
    const amb = reader({ GradeID: 'g1', DepartmentIDs: ['d1'] });
    const assignments: GroupAssignment[] = [
      { GroupID: 'class-3-2', Kind: 'grade', TargetIDs: ['g1'] },
      { GroupID: 'students', Kind: 'department', TargetIDs: ['d1'] },
    ];
    expect(effectiveLimits(amb, rules({ ...base, Assignments: assignments }))).toMatchObject({ ok: false, status: 'ambiguous', level: 'grade-department' });
    expect(okLimits(amb, rules({ ...base, Assignments: assignments, Settings: { CombinedBorrowing: true } })).groupIds).toEqual(['class-3-2', 'students']);
  });

  it('leaves the school default out once any assignment matches', () => {
    const def = group('default', { IsDefault: true, MaxLoans: 50 });
    const lim = okLimits(r, rules({ ...base, Groups: [classGroup, studentGroup, def], Settings: { CombinedBorrowing: true } }));
    expect(lim.groupIds).not.toContain('default');
    expect(okLimits(reader({ Identity: 'parent' }), rules({ ...base, Groups: [classGroup, studentGroup, def], Settings: { CombinedBorrowing: true } })).groupIds).toEqual(['default']);
  });

  it('says "none" when the reader matches nothing, combined or not', () => {
    const parent = reader({ Identity: 'parent' });
    expect(effectiveLimits(parent, rules(base))).toEqual({ ok: false, status: 'none' });
    expect(effectiveLimits(parent, rules({ ...base, Settings: { CombinedBorrowing: true } }))).toEqual({ ok: false, status: 'none' });
  });
});
