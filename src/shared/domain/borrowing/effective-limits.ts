import type { BorrowingRules, OverduePolicy, PermissionGroup, ReaderContext } from './schemas.ts';
import { matchGroups, resolveGroup, type GroupMatch, type MatchLevel } from './group-resolution.ts';

/**
 * A reader's effective limits.
 *
 * Per group and resource type T, the rule is the group's ByResourceType entry for T, else the group's
 * own MaxLoans/LoanDays/RenewDays/MaxRenewals (an unlisted type is borrowable under the overall cap;
 * list it with MaxLoans 0 to forbid it). The group's MaxLoans is also the overall cap across all types.
 *
 * Combined borrowing off: the single group from resolveGroup applies.
 * Combined borrowing on: every distinct group the reader matches at any level contributes (the default
 * only when nothing else matches), and each field is the most generous value among them: the largest
 * overall cap, per type the largest MaxLoans/LoanDays/RenewDays/MaxRenewals, and the most lenient
 * overdue policy. Caps are not summed, because scopes nest (a class sits inside a grade) and summing
 * would hand out double quotas. So combining can only grant: the combined limits are never stricter
 * than any one of the reader's groups, and an ambiguous reader simply gets the union.
 */

export type RuleValues = { maxLoans: number; loanDays: number; renewDays: number; maxRenewals: number };

export type TypeLimits = RuleValues & {
  resourceTypeId: string;
  /** Open loans of this type. */
  current: number;
  /** What can still be borrowed of this type: the type's room, bounded by the overall room. */
  left: number;
};

export type EffectiveLimits =
  | {
      ok: true;
      combined: boolean;
      /** Contributing groups, in precedence order. */
      groupIds: string[];
      /** Why: the matches that brought those groups in. */
      matches: GroupMatch[];
      /** Overall cap and the values for unlisted resource types. */
      overall: RuleValues & { current: number; left: number };
      overduePolicy: OverduePolicy;
      /** Every type listed by a contributing group or held on loan, sorted by id. */
      byType: TypeLimits[];
      /** Contributing groups, for typeLimits() on types not in byType. */
      groups: PermissionGroup[];
    }
  | { ok: false; status: 'none' }
  | { ok: false; status: 'ambiguous'; level: MatchLevel; matches: GroupMatch[] };

const LENIENCY: Record<OverduePolicy, number> = { 'block-all': 0, 'block-item': 1, allow: 2 };

function groupRule(group: PermissionGroup, resourceTypeId: string | null): RuleValues {
  const listed = resourceTypeId == null ? undefined : group.ByResourceType.find((r) => r.ResourceTypeID === resourceTypeId);
  const src = listed ?? group;
  return { maxLoans: src.MaxLoans, loanDays: src.LoanDays, renewDays: src.RenewDays, maxRenewals: src.MaxRenewals };
}

/** Field-wise most generous rule of the groups for a type (null: the group-level values). */
function combinedRule(groups: readonly PermissionGroup[], resourceTypeId: string | null): RuleValues {
  const rules = groups.map((g) => groupRule(g, resourceTypeId));
  return {
    maxLoans: Math.max(...rules.map((r) => r.maxLoans)),
    loanDays: Math.max(...rules.map((r) => r.loanDays)),
    renewDays: Math.max(...rules.map((r) => r.renewDays)),
    maxRenewals: Math.max(...rules.map((r) => r.maxRenewals)),
  };
}

type Unresolved = Exclude<EffectiveLimits, { ok: true }>;
type Contributors = { ok: true; groups: PermissionGroup[]; matches: GroupMatch[] };

function contributing(reader: ReaderContext, rules: BorrowingRules): Contributors | Unresolved {
  if (rules.Settings.CombinedBorrowing) {
    const matches = matchGroups(reader, rules.Assignments, rules.Groups);
    const groups = [...new Set(matches.map((m) => m.groupId))]
      .map((gid) => rules.Groups.find((g) => g.ID === gid))
      .filter((g) => g !== undefined);
    return groups.length === 0 ? { ok: false, status: 'none' } : { ok: true, groups, matches };
  }
  const r = resolveGroup(reader, rules.Assignments, rules.Groups);
  if (r.status === 'none') return { ok: false, status: 'none' };
  if (r.status === 'ambiguous') return { ok: false, status: 'ambiguous', level: r.level, matches: r.matches };
  return { ok: true, groups: [r.group], matches: [r.match] };
}

/** The reader's effective limits per resource type and overall, or why there are none. */
export function effectiveLimits(reader: ReaderContext, rules: BorrowingRules): EffectiveLimits {
  const c = contributing(reader, rules);
  if (!c.ok) return c;
  const { groups, matches } = c;
  const overallRule = combinedRule(groups, null);
  const overall = { ...overallRule, current: reader.Loans.length, left: Math.max(0, overallRule.maxLoans - reader.Loans.length) };
  const typeIds = new Set<string>();
  for (const g of groups) for (const r of g.ByResourceType) typeIds.add(r.ResourceTypeID);
  for (const l of reader.Loans) typeIds.add(l.ResourceTypeID);
  return {
    ok: true,
    combined: rules.Settings.CombinedBorrowing,
    groupIds: groups.map((g) => g.ID),
    matches,
    overall,
    overduePolicy: groups.map((g) => g.OverdueRenewal).reduce((a, b) => (LENIENCY[b] > LENIENCY[a] ? b : a)),
    byType: [...typeIds].sort().map((t) => limitsOf(reader, { groups, overall }, t)),
    groups,
  };
}

function limitsOf(reader: ReaderContext, limits: { groups: readonly PermissionGroup[]; overall: { left: number } }, resourceTypeId: string): TypeLimits {
  const rule = combinedRule(limits.groups, resourceTypeId);
  const current = reader.Loans.filter((l) => l.ResourceTypeID === resourceTypeId).length;
  return { ...rule, resourceTypeId, current, left: Math.max(0, Math.min(rule.maxLoans - current, limits.overall.left)) };
}

/** Limits for any resource type, listed or not (unlisted types get the group-level values). */
export function typeLimits(reader: ReaderContext, limits: Extract<EffectiveLimits, { ok: true }>, resourceTypeId: string): TypeLimits {
  return limits.byType.find((t) => t.resourceTypeId === resourceTypeId) ?? limitsOf(reader, limits, resourceTypeId);
}
