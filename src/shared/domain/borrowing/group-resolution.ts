import type { AssignmentKind, GroupAssignment, PermissionGroup, ReaderContext } from './schemas.ts';

/**
 * Which permission group(s) a reader belongs to.
 *
 * Precedence, most specific first: reader > class > grade/department > identity > school default
 * (the group with IsDefault). Like Koha's rule lookup, the most specific scope that matches wins and
 * the catch-all only applies when nothing else does. Grade and department share one level: students
 * carry a grade, staff carry departments, and neither is more specific than the other.
 */

export type MatchLevel = 'reader' | 'class' | 'grade-department' | 'identity' | 'default';
export const MATCH_LEVELS: readonly MatchLevel[] = ['reader', 'class', 'grade-department', 'identity', 'default'];

const LEVEL_OF: Record<AssignmentKind, MatchLevel> = {
  reader: 'reader',
  class: 'class',
  grade: 'grade-department',
  department: 'grade-department',
  identity: 'identity',
};

/** One reason a reader is in a group: the assignment kind and the target that matched (null for the default). */
export type GroupMatch = {
  groupId: string;
  level: MatchLevel;
  kind: AssignmentKind | 'default';
  targetId: string | null;
};

export type GroupResolution =
  | { status: 'resolved'; group: PermissionGroup; match: GroupMatch }
  /** Two different groups at the winning level: data to fix (or a case for combined borrowing). */
  | { status: 'ambiguous'; level: MatchLevel; matches: GroupMatch[] }
  | { status: 'none' };

function readerTargets(reader: ReaderContext, kind: AssignmentKind): string[] {
  switch (kind) {
    case 'reader':
      return [reader.ReaderID];
    case 'class':
      return reader.ClassID == null ? [] : [reader.ClassID];
    case 'grade':
      return reader.GradeID == null ? [] : [reader.GradeID];
    case 'department':
      return reader.DepartmentIDs;
    case 'identity':
      return [reader.Identity];
  }
}

/**
 * Every assignment that matches the reader, ordered by precedence level (then input order). Assignments
 * naming a group that does not exist are ignored. The default group is listed only when nothing else matched.
 */
export function matchGroups(reader: ReaderContext, assignments: readonly GroupAssignment[], groups: readonly PermissionGroup[]): GroupMatch[] {
  const known = new Set(groups.map((g) => g.ID));
  const matches: GroupMatch[] = [];
  for (const a of assignments) {
    if (!known.has(a.GroupID)) continue;
    for (const t of readerTargets(reader, a.Kind)) {
      if (a.TargetIDs.includes(t)) matches.push({ groupId: a.GroupID, level: LEVEL_OF[a.Kind], kind: a.Kind, targetId: t });
    }
  }
  if (matches.length === 0) {
    const def = groups.find((g) => g.IsDefault);
    if (def) matches.push({ groupId: def.ID, level: 'default', kind: 'default', targetId: null });
  }
  // Array#sort is stable, so input order breaks ties within a level.
  return matches.sort((x, y) => MATCH_LEVELS.indexOf(x.level) - MATCH_LEVELS.indexOf(y.level));
}

/** The reader's single group and why, or "ambiguous" / "none". */
export function resolveGroup(reader: ReaderContext, assignments: readonly GroupAssignment[], groups: readonly PermissionGroup[]): GroupResolution {
  const matches = matchGroups(reader, assignments, groups);
  const first = matches[0];
  if (!first) return { status: 'none' };
  const atLevel = matches.filter((m) => m.level === first.level);
  if (new Set(atLevel.map((m) => m.groupId)).size > 1) return { status: 'ambiguous', level: first.level, matches: atLevel };
  const group = groups.find((g) => g.ID === first.groupId);
  // matchGroups only returns known groups.
  if (!group) return { status: 'none' };
  return { status: 'resolved', group, match: first };
}

/** i18n key of the spec's "Failed to add! The following users already exist with other permission groups." */
export const ASSIGNMENT_CONFLICT_KEY = 'borrowing:assignment.alreadyInOtherGroup';

export type AssignmentConflict = { targetId: string; groupId: string };

/**
 * Targets of `candidate` that another group already claims with an assignment of the same kind, so
 * each reader (class, grade, department, identity) sits in at most one group per level. For Kind
 * "reader" the target ids are the reader ids for the spec's error message. Re-adding a target to its
 * own group is not a conflict.
 */
export function findAssignmentConflicts(candidate: GroupAssignment, existing: readonly GroupAssignment[]): AssignmentConflict[] {
  const conflicts: AssignmentConflict[] = [];
  const seen = new Set<string>();
  for (const target of candidate.TargetIDs) {
    if (seen.has(target)) continue;
    const other = existing.find((a) => a.Kind === candidate.Kind && a.GroupID !== candidate.GroupID && a.TargetIDs.includes(target));
    if (other) {
      conflicts.push({ targetId: target, groupId: other.GroupID });
      seen.add(target);
    }
  }
  return conflicts;
}
