import { z } from 'zod';
import { basicSetsCalls } from '../../../shared/api/basic-sets.ts';
import {
  chartsCalls as C, deptUserRankQuery, gradeUserRankQuery, GROUP_RANK_SORTS, MAX_RANK_ROWS, RANK_PERIODS, withPeriodChecks, type RankPeriod,
} from '../../../shared/api/charts.ts';
import type { CallDef } from '../../../shared/api/contract.ts';
import { dateField, idField, intField } from '../../../shared/domain/fields.ts';

/** The parameter forms of the ranking screens: the calls' own fields, with selects of the school's branches, types, grades, classes and departments. */
const ref = (call: CallDef, input: Record<string, unknown>) =>
  ({ widget: 'ref' as const, ref: { call, value: 'ID', label: 'Name', input } });
const optId = () => idField(undefined, { coerce: true }).optional();

const periodFields = (periods: readonly RankPeriod[], fallback: RankPeriod) => ({
  Period: z.enum(periods as [RankPeriod, ...RankPeriod[]]).default(fallback),
  From: dateField().optional(),
  To: dateField().optional(),
});
const filterFields = () => ({
  BranchID: optId().meta(ref(basicSetsCalls.branchList, { Page: 1, Rows: 1000 })),
  ResourceTypeID: optId().meta(ref(basicSetsCalls.resourceTypeList, { Page: 1, Rows: 1000 })),
  Top: intField(1, MAX_RANK_ROWS).default(MAX_RANK_ROWS),
});
const groupRef = (Kind: 'class' | 'grade' | 'dept') => optId().meta(ref(C.getGroupOptions, { Kind }));

/** The general presets (this week, month, year, the last ones, custom). */
const ALL_PERIODS: readonly RankPeriod[] = RANK_PERIODS;

export const itemParams = withPeriodChecks(z.object({ ...periodFields(ALL_PERIODS, 'month'), ...filterFields() }));
export const groupParams = withPeriodChecks(z.object({
  ...periodFields(ALL_PERIODS, 'month'), ...filterFields(),
  Level: z.enum(['class', 'grade']).default('class'), Sort: z.enum(GROUP_RANK_SORTS).default('loans'),
}));
export const deptParams = withPeriodChecks(z.object({ ...periodFields(ALL_PERIODS, 'month'), ...filterFields(), Sort: z.enum(GROUP_RANK_SORTS).default('loans') }));
export const classUserParams = withPeriodChecks(z.object({
  ...periodFields(ALL_PERIODS, 'month'),
  GradeID: groupRef('grade'), ClassID: groupRef('class'), Identity: gradeUserRankQuery.shape.Identity,
  ...filterFields(),
}));
export const deptUserParams = withPeriodChecks(z.object({
  ...periodFields(ALL_PERIODS, 'month'),
  DeptID: groupRef('dept'), Identity: deptUserRankQuery.shape.Identity,
  ...filterFields(),
}));

/** The top-list screens: their presets, the first being the default (the spec's top 100 for last week and last month). */
export const PERIOD_RANKS = {
  day: { id: 'day-rank', periods: ['today', 'yesterday', 'custom'] },
  week: { id: 'week-rank', periods: ['lastWeek', 'week', 'custom'] },
  month: { id: 'month-rank', periods: ['lastMonth', 'month', 'custom'] },
  year: { id: 'year-rank', periods: ['year', 'lastYear', 'custom'] },
} as const satisfies Record<string, { id: string; periods: readonly RankPeriod[] }>;
export type PeriodRankKind = keyof typeof PERIOD_RANKS;

export function periodParams(kind: PeriodRankKind) {
  const p = PERIOD_RANKS[kind].periods;
  return withPeriodChecks(z.object({ ...periodFields(p, p[0]), ...filterFields() }));
}
