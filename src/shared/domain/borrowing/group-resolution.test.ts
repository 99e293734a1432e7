import { describe, expect, it } from 'vitest';
import { ASSIGNMENT_CONFLICT_KEY, findAssignmentConflicts, matchGroups, resolveGroup } from './group-resolution.ts';
import { groupAssignmentSchema, permissionGroupListSchema, permissionGroupSchema, type GroupAssignment } from './schemas.ts';
import { group, reader } from './test-fixtures.ts';

const groups = [group('G-reader'), group('G-class'), group('G-grade'), group('G-dept'), group('G-identity'), group('G-default', { IsDefault: true })];
const a = (GroupID: string, Kind: GroupAssignment['Kind'], ...TargetIDs: string[]): GroupAssignment => ({ GroupID, Kind, TargetIDs });

const student = reader({ ReaderID: 's1', Identity: 'student', ClassID: 'c1', GradeID: 'g1', DepartmentIDs: [] });
const teacher = reader({ ReaderID: 't1', Identity: 'teacher', ClassID: null, GradeID: null, DepartmentIDs: ['d-math', 'd-office'] });

const all = [
  a('G-identity', 'identity', 'student', 'teacher'),
  a('G-grade', 'grade', 'g1'),
  a('G-dept', 'department', 'd-math'),
  a('G-class', 'class', 'c1'),
  a('G-reader', 'reader', 's1', 't1'),
];

function resolvedId(r: ReturnType<typeof resolveGroup>): string | null {
  return r.status === 'resolved' ? r.group.ID : null;
}

describe('resolveGroup precedence: reader > class > grade/department > identity > default', () => {
  it('a reader assignment beats everything else', () => {
    const r = resolveGroup(student, all, groups);
    expect(r).toMatchObject({ status: 'resolved', match: { groupId: 'G-reader', level: 'reader', kind: 'reader', targetId: 's1' } });
  });

  it('the class beats grade and identity', () => {
    expect(resolvedId(resolveGroup(student, all.filter((x) => x.Kind !== 'reader'), groups))).toBe('G-class');
  });

  it('the grade beats identity', () => {
    const r = resolveGroup(student, [a('G-identity', 'identity', 'student'), a('G-grade', 'grade', 'g1')], groups);
    expect(r).toMatchObject({ status: 'resolved', match: { groupId: 'G-grade', level: 'grade-department', kind: 'grade', targetId: 'g1' } });
  });

  it('a department beats identity, matching any of the reader’s departments', () => {
    const r = resolveGroup(teacher, [a('G-identity', 'identity', 'teacher'), a('G-dept', 'department', 'd-office')], groups);
    expect(r).toMatchObject({ status: 'resolved', match: { groupId: 'G-dept', kind: 'department', targetId: 'd-office' } });
  });

  it('the identity beats the school default', () => {
    const r = resolveGroup(teacher, [a('G-identity', 'identity', 'teacher')], groups);
    expect(r).toMatchObject({ status: 'resolved', match: { groupId: 'G-identity', kind: 'identity', targetId: 'teacher' } });
  });

  it('falls back to the school default when nothing matches, and says so', () => {
    const r = resolveGroup(reader({ Identity: 'parent' }), all, groups);
    expect(r).toMatchObject({ status: 'resolved', match: { groupId: 'G-default', level: 'default', kind: 'default', targetId: null } });
  });

  it('gives a clear "none" without any match or default', () => {
    expect(resolveGroup(reader({ Identity: 'parent' }), all, groups.filter((g) => !g.IsDefault))).toEqual({ status: 'none' });
    expect(resolveGroup(student, [], [])).toEqual({ status: 'none' });
  });

  it('reports two different groups at the winning level as ambiguous', () => {
    const r = resolveGroup(
      reader({ GradeID: 'g1', DepartmentIDs: ['d-math'] }),
      [a('G-grade', 'grade', 'g1'), a('G-dept', 'department', 'd-math'), a('G-identity', 'identity', 'student')],
      groups,
    );
    expect(r.status).toBe('ambiguous');
    if (r.status === 'ambiguous') {
      expect(r.level).toBe('grade-department');
      expect(r.matches.map((m) => m.groupId)).toEqual(['G-grade', 'G-dept']);
    }
  });

  it('is not ambiguous when two targets lead to the same group', () => {
    expect(resolvedId(resolveGroup(teacher, [a('G-dept', 'department', 'd-math', 'd-office')], groups))).toBe('G-dept');
  });

  it('ignores assignments to groups that no longer exist', () => {
    expect(resolvedId(resolveGroup(student, [a('G-gone', 'reader', 's1'), a('G-class', 'class', 'c1')], groups))).toBe('G-class');
  });

  it('lists every match in precedence order for combined borrowing', () => {
    expect(matchGroups(student, all, groups).map((m) => m.groupId)).toEqual(['G-reader', 'G-class', 'G-grade', 'G-identity']);
  });
});

describe('findAssignmentConflicts', () => {
  const existing = [a('A', 'reader', 'r1', 'r2'), a('B', 'reader', 'r3'), a('B', 'class', 'c1')];

  it('returns the readers that already sit in another group', () => {
    expect(findAssignmentConflicts(a('C', 'reader', 'r1', 'r3', 'r4'), existing)).toEqual([
      { targetId: 'r1', groupId: 'A' },
      { targetId: 'r3', groupId: 'B' },
    ]);
    expect(ASSIGNMENT_CONFLICT_KEY).toBe('borrowing:assignment.alreadyInOtherGroup');
  });

  it('does not count re-adding a reader to its own group', () => {
    expect(findAssignmentConflicts(a('A', 'reader', 'r1', 'r5'), existing)).toEqual([]);
  });

  it('compares targets of the same kind only (a reader id is not a class id)', () => {
    expect(findAssignmentConflicts(a('C', 'class', 'r1'), existing)).toEqual([]);
    expect(findAssignmentConflicts(a('C', 'class', 'c1'), existing)).toEqual([{ targetId: 'c1', groupId: 'B' }]);
  });

  it('reports a target listed twice only once', () => {
    expect(findAssignmentConflicts(a('C', 'reader', 'r3', 'r3'), existing)).toEqual([{ targetId: 'r3', groupId: 'B' }]);
  });
});

describe('group and assignment schemas', () => {
  it('rejects an identity assignment naming an unknown identity', () => {
    expect(groupAssignmentSchema.safeParse(a('A', 'identity', 'teacher')).success).toBe(true);
    expect(groupAssignmentSchema.safeParse(a('A', 'identity', 'alumni')).success).toBe(false);
    expect(groupAssignmentSchema.safeParse(a('A', 'class')).success).toBe(false);
  });

  it('rejects a group listing a resource type twice, and a school with two defaults', () => {
    const rule = { ResourceTypeID: 'book', MaxLoans: 1, LoanDays: 1, RenewDays: 1, MaxRenewals: 0 };
    const base = { ID: 'x', Name: 'x', MaxLoans: 1, LoanDays: 1, RenewDays: 1, MaxRenewals: 0, OverdueRenewal: 'allow' };
    expect(permissionGroupSchema.safeParse({ ...base, ByResourceType: [rule, rule] }).success).toBe(false);
    expect(permissionGroupSchema.safeParse({ ...base, OverdueRenewal: 'maybe' }).success).toBe(false);
    expect(permissionGroupListSchema.safeParse([group('a', { IsDefault: true }), group('b', { IsDefault: true })]).success).toBe(false);
    expect(permissionGroupListSchema.safeParse([group('a'), group('a')]).success).toBe(false);
  });
});
