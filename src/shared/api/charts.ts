import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { dateField, idField, intField } from '../domain/fields.ts';
import { IDENTITIES } from '../domain/identities.ts';

/**
 * Borrowing rankings (the spec's mobile Charts/*): the kiosk's /guidescreen/brstatistic, the
 * portal and, later, the reports read them. Aggregates only: a title and its loans, a class or
 * department and its loans; never a reader. Anonymous callers name their school with the
 * SchoolID header; periods are the school's local days (its calendar offset), weeks start on
 * Monday, months and years on their first day.
 */
const call = { method: 'POST', auth: 'optional', spec: true, rateLimit: 'public' } as const;
const P = (action: string) => `/micro/mobile/Charts/${action}`;

/**
 * Presets count up to today (this week so far); 'custom' takes From and To (local days, both
 * included). The day and the last whole week, month and year came with the reports (issue 11):
 * the spec's top 100 lists are last week's and last month's.
 */
export const RANK_PERIODS = ['week', 'month', 'year', 'custom', 'today', 'yesterday', 'lastWeek', 'lastMonth', 'lastYear'] as const;
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
/** The period checks on any object schema with Period, From and To (the report screens' own parameter schemas too). */
export function withPeriodChecks<T extends z.ZodObject>(o: T): T {
  const [has, hasMsg] = checks.customHasDays;
  const [ord, ordMsg] = checks.ordered;
  return o.refine((q) => has(q as PeriodFields), hasMsg).refine((q) => ord(q as PeriodFields), ordMsg) as unknown as T;
}
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

/** The admin report screens of the rankings (issue 11): each is the permission of the calls behind it. */
export const RANK_MENUS = {
  items: '/collLendrank',
  classes: '/catelendrank',
  depts: '/deptlendrank',
  classGroups: '/classlendrank',
  deptUsers: '/deptuserrank',
  classUsers: '/classuserrank',
  day: '/dayrank',
  week: '/weekrank',
  month: '/monthrank',
  year: '/yearrank',
} as const;
/**
 * Operations of the ranking menus (menu-operations.ts): the export, and seeing the readers of every
 * class. Without the latter a head teacher or class librarian sees only the classes their role's
 * class scope names (library roles get it with their menus, a teacher's role holds menus only).
 */
export const RANK_OPS = { export: 'reports.ranks.export', allClasses: 'reports.ranks.allClasses' } as const;

const staff = { method: 'POST', auth: 'user', spec: true } as const;

/** Readers ranked by their loans: who they are, where they sit now, how many loans in the period. */
export const readerRankSchema = z.object({
  Rank: z.number().int(),
  UserID: z.number().int(),
  /** The reader card. */
  ReaderID: z.string(),
  Name: z.string(),
  Identity: z.enum(IDENTITIES),
  /** The class or department the reader belongs to now, and its grade ('' for departments). */
  DeptName: z.string(),
  GradeName: z.string(),
  Loans: z.number().int(),
});
export type ReaderRank = z.infer<typeof readerRankSchema>;

const identityField = () => z.enum(IDENTITIES, { error: 'validation:charts.identity' }).optional();
const optId = () => idField(undefined, { coerce: true }).optional();

export const gradeUserRankQuery = withPeriodChecks(z.object({ ...rankShape, GradeID: optId(), ClassID: optId(), Identity: identityField() }));
export type GradeUserRankQuery = z.infer<typeof gradeUserRankQuery>;
export const deptUserRankQuery = withPeriodChecks(z.object({ ...rankShape, DeptID: optId(), Identity: identityField() }));
export type DeptUserRankQuery = z.infer<typeof deptUserRankQuery>;

/** A collection area (馆藏地) with its holdings now and its loans in the period. */
export const locationStaSchema = z.object({
  AreaID: z.number().int(),
  Name: z.string(),
  EnName: z.string(),
  BranchName: z.string(),
  /** Titles and copies held there now (not weeded, not lost), those out on loan now, their value in yuan. */
  Titles: z.number().int(),
  Copies: z.number().int(),
  OnLoan: z.number().int(),
  Value: z.number(),
});
export const locationCircSchema = z.object({
  AreaID: z.number().int(),
  Name: z.string(),
  EnName: z.string(),
  BranchName: z.string(),
  /** Loans of the period of copies shelved there (where the copy is now), the copies held there, loans per copy. */
  Loans: z.number().int(),
  Copies: z.number().int(),
  Turnover: z.number(),
});
export const locationItemQuery = z.object({ BranchID: optId(), ResourceTypeID: optId() });

/** Loans of the period by the Chinese Library Classification main class of the title (A … Z; '' unclassified). */
export const clcRankSchema = z.object({
  Rank: z.number().int(),
  ClassCode: z.string(),
  /** The class's name in the caller's language. */
  Name: z.string(),
  Loans: z.number().int(),
  /** Distinct titles of the class lent in the period. */
  Titles: z.number().int(),
  /** Share of the period's loans, in percent (one decimal). */
  Share: z.number(),
});

/** Which ranking an export writes: the report screens' rankings by their parameters. */
export const RANK_EXPORT_KINDS = ['item', 'class', 'grade', 'dept', 'gradeUser', 'deptUser', 'clc'] as const;
export const rankExportQuery = withPeriodChecks(z.object({
  ...rankShape, Kind: z.enum(RANK_EXPORT_KINDS), Sort: z.enum(GROUP_RANK_SORTS).default('loans'),
  GradeID: optId(), ClassID: optId(), DeptID: optId(), Identity: identityField(),
}));

/** Options of the class, grade and department selects, within the caller's class scope. */
export const GROUP_OPTION_KINDS = ['class', 'grade', 'dept'] as const;

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
  /**
   * Readers ranked by loans, in the whole school, a grade (GradeID) or one class of it (ClassID),
   * by where they sit now (a reader who changed class counts, with all their loans of the period,
   * for the new one). Staff only; a head teacher or class librarian sees only their classes (403
   * for another class, or a grade without one of theirs), a branch-scoped role only its branches' loans.
   */
  gradeUserBorrowRank: defineCall({
    ...staff, id: 'charts.gradeUserBorrowRank', path: P('GradeUserBorrowRank'), perm: RANK_MENUS.classUsers,
    input: gradeUserRankQuery, data: z.object({ ...periodOf, List: z.array(readerRankSchema) }),
  }),
  /** Readers ranked by loans within a department, grade or class (DeptID, its sub-departments included); scopes as above. */
  deptUserBorrowRank: defineCall({
    ...staff, id: 'charts.deptUserBorrowRank', path: P('DeptUserBorrowRank'), perm: RANK_MENUS.deptUsers,
    input: deptUserRankQuery, data: z.object({ ...periodOf, List: z.array(readerRankSchema) }),
  }),
  /** Holdings per collection area now (a copy counts where it is shelved), within the caller's branches. */
  getLocationItemSta: defineCall({
    ...staff, id: 'charts.getLocationItemSta', path: P('GetLocationItemSta'), perm: RANK_MENUS.items,
    input: locationItemQuery, data: z.object({ List: z.array(locationStaSchema) }),
  }),
  /** Loans of the period per collection area of the copy lent, beside the copies held there. */
  getLocationCircSta: defineCall({
    ...staff, id: 'charts.getLocationCircSta', path: P('GetLocationCircSta'), perm: RANK_MENUS.items,
    input: rankQuery, data: z.object({ ...periodOf, List: z.array(locationCircSchema) }),
  }),
  /** Loans by CLC main class of the title (/catelendrank). Our own design. */
  getClcRank: defineCall({
    ...staff, spec: false, id: 'charts.getClcRank', path: `${LIB}/Charts/GetClcRank`, perm: RANK_MENUS.classes,
    input: rankQuery, data: z.object({ ...periodOf, List: z.array(clcRankSchema) }),
  }),
  /** The class, grade or department options of the report forms, within the caller's class scope. */
  getGroupOptions: defineCall({
    ...staff, spec: false, id: 'charts.getGroupOptions', path: `${LIB}/Charts/GetGroupOptions`,
    input: z.object({ Kind: z.enum(GROUP_OPTION_KINDS) }), data: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
  }),
  /** A ranking of the report screens to .xlsx (headers in the caller's language), as a job of the download panel. */
  exportRank: defineCall({
    ...staff, spec: false, id: 'charts.exportRank', path: `${LIB}/Charts/ExportRank`, perm: RANK_OPS.export,
    input: rankExportQuery, data: z.object({ DataID: z.string() }),
  }),
};
