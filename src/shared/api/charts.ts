import { z } from 'zod';
import { defineCall } from './contract.ts';
import { dateField, idField, intField } from '../domain/fields.ts';

/**
 * Borrowing rankings (the spec's mobile Charts/*): the kiosk's /guidescreen/brstatistic, the
 * portal and, later, the reports read them. Aggregates only: a title and its loans, a class or
 * department and its loans; never a reader. Anonymous callers name their school with the
 * SchoolID header; periods are the school's local days (its calendar offset), weeks start on
 * Monday, months and years on their first day.
 */
const call = { method: 'POST', auth: 'optional', spec: true, rateLimit: 'public' } as const;
const P = (action: string) => `/micro/mobile/Charts/${action}`;

/** Presets count up to today (this week so far); 'custom' takes From and To (local days, both included). */
export const RANK_PERIODS = ['week', 'month', 'year', 'custom'] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];
/** The most rows a ranking returns. */
export const MAX_RANK_ROWS = 100;
/** The longest custom period (a school year and a little). */
export const MAX_RANK_DAYS = 400;

/** The period and filters every ranking takes. */
const rankShape = {
  Period: z.enum(RANK_PERIODS).default('week'),
  From: dateField().optional(),
  To: dateField().optional(),
  /** Only loans of copies of this branch. */
  BranchID: idField(undefined, { coerce: true }).optional(),
  /** Only loans of titles of this resource type (basic sets). */
  ResourceTypeID: idField(undefined, { coerce: true }).optional(),
  Top: intField(1, MAX_RANK_ROWS).default(MAX_RANK_ROWS),
};
type PeriodFields = { Period: RankPeriod; From?: string | undefined; To?: string | undefined };
/** A custom period names both days, the first not after the last. */
const checks = {
  customHasDays: [(q: PeriodFields) => q.Period !== 'custom' || (q.From != null && q.To != null), { error: 'validation:charts.customNeedsDays', path: ['From'] }],
  ordered: [(q: PeriodFields) => q.From == null || q.To == null || q.From <= q.To, { error: 'validation:charts.fromAfterTo', path: ['To'] }],
} satisfies Record<string, [(q: PeriodFields) => boolean, { error: string; path: string[] }]>;
export const rankQuery = z.object(rankShape).refine(...checks.customHasDays).refine(...checks.ordered);
export type RankQuery = z.infer<typeof rankQuery>;

/** The local days a ranking covered (From, To both included) and the loans in them. */
const periodOf = { From: z.string(), To: z.string(), TotalLoans: z.number().int() };

export const itemRankSchema = z.object({
  Rank: z.number().int(),
  ItemID: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  Loans: z.number().int(),
});
export type ItemRank = z.infer<typeof itemRankSchema>;

/** Classes rank by loans per reader too (Sort 'perReader'), so a small class is not behind a big one for its size. */
export const GROUP_RANK_SORTS = ['loans', 'perReader'] as const;
export const groupRankSchema = z.object({
  Rank: z.number().int(),
  DeptID: z.number().int(),
  Name: z.string(),
  EnName: z.string(),
  /** The grade a class belongs to ('' for grades and departments). */
  ParentName: z.string(),
  ParentEnName: z.string(),
  Loans: z.number().int(),
  /** Readers in the class or department now (active cards). */
  Readers: z.number().int(),
  /** Loans / Readers, one decimal; 0 when it has no readers. */
  PerReader: z.number(),
});
export type GroupRank = z.infer<typeof groupRankSchema>;

const groupShape = { Sort: z.enum(GROUP_RANK_SORTS).default('loans') };
export const groupRankQuery = z.object({ ...rankShape, ...groupShape, Level: z.enum(['class', 'grade']).default('class') }).refine(...checks.customHasDays).refine(...checks.ordered);
export type GroupRankQuery = z.infer<typeof groupRankQuery>;

export const chartsCalls = {
  /** The titles lent most in the period (each loan of any of its copies counts). */
  itemBorrowRank: defineCall({
    ...call, id: 'charts.itemBorrowRank', path: P('ItemBorrowRank'), input: rankQuery,
    data: z.object({ ...periodOf, List: z.array(itemRankSchema) }),
  }),
  /**
   * Loans of the period by the borrower's class (Level 'class', the default) or grade, as readers
   * belong now: a reader who changed class counts for the new one.
   */
  gradeBorrowRank: defineCall({
    ...call, id: 'charts.gradeBorrowRank', path: P('GradeBorrowRank'),
    input: groupRankQuery,
    data: z.object({ ...periodOf, List: z.array(groupRankSchema) }),
  }),
  /** Loans of the period by the borrower's department (staff departments). */
  deptBorrowRank: defineCall({
    ...call, id: 'charts.deptBorrowRank', path: P('DeptBorrowRank'), input: z.object({ ...rankShape, ...groupShape }).refine(...checks.customHasDays).refine(...checks.ordered),
    data: z.object({ ...periodOf, List: z.array(groupRankSchema) }),
  }),
};
