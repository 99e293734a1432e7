import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { MAX_PAGE, MAX_ROWS, pageOf } from './paging.ts';
import { dateField, idField, intField } from '../domain/fields.ts';

/**
 * Statistics of the collection and of borrowing (issue 11, section 1): the CLC structure of the
 * collection beside the national standard, who and what was never borrowed, borrowing per
 * department and class, holdings, circulation by resource type and per day or month. Our own
 * design (the spec names the screens, not their calls). Periods are the school's local days,
 * both included. Loans undone at the desk (cancelled) never count. A reader counts for the class
 * or department they are in now. Holdings are the copies in the collection at the end of the
 * period: registered by then and not weeded or lost by then.
 */
const P = (action: string) => `${LIB}/Statistics/${action}`;
const call = { method: 'POST', auth: 'user', spec: false } as const;

export const STATISTICS_MENUS = {
  classify5: '/data-report/classify5',
  classify22: '/data-report/classify22',
  zeroPerson: '/zero-borrow-person',
  zeroBook: '/zero-borrow-book',
  deptBorrow: '/dept-borrowstatistic',
  classBorrow: '/class-borrowstatistic',
  collection: '/collection-statistic',
  resourceCirc: '/resourcecicr',
  circulation: '/circulate-statistic',
} as const;
export type StatisticsReport = keyof typeof STATISTICS_MENUS;

/** Library staff: whoever holds it sees every class on the class-scoped reports (head teachers and class librarians only theirs). */
export const STATISTICS_ALL_CLASSES = 'statistics.classes.all';

/** The longest period a report takes (three school years and a little). */
export const MAX_STAT_DAYS = 1100;

type Period = { From: string; To: string };
const ordered: [(q: Period) => boolean, { error: string; path: string[] }] = [(q: Period) => q.From <= q.To, { error: 'validation:charts.fromAfterTo', path: ['To'] }];

export const periodShape = {
  From: dateField('validation:charts.customNeedsDays'),
  To: dateField('validation:charts.customNeedsDays'),
};
const optId = () => idField(undefined, { coerce: true }).optional();
const paging = {
  Page: intField(1, MAX_PAGE, { coerce: true }).default(1),
  Rows: intField(1, MAX_ROWS, { coerce: true }).default(20),
};

export const READER_IDENTITIES = ['student', 'teacher', 'other'] as const;

// ---- CLC structure ----
export const CLASSIFY_LEVELS = ['part5', 'class22'] as const;
export const classifyShape = { ...periodShape, BranchID: optId(), ResourceTypeID: optId() };
export const classifyQuery = z.object(classifyShape).refine(...ordered);
export type ClassifyQuery = z.infer<typeof classifyQuery>;

export const classifyRowSchema = z.object({
  /** 'A', 'B', 'C-K', 'N-X', 'Z' (parts) or the class letter; '-' for titles without a CLC class. */
  Code: z.string(),
  Name: z.string(),
  /** The five-part group a class belongs to (its name), '' for parts. */
  Part: z.string(),
  Titles: z.number().int(),
  Copies: z.number().int(),
  /** Share of the copies, percent, one decimal. */
  CopyPct: z.number(),
  /** The regulation's share for the part (of a class: its part's), percent; null for '-'. */
  StandardPct: z.number().nullable(),
  /** The part's actual share (the same as CopyPct for a part). */
  PartPct: z.number(),
  /** The part's share is below the regulation's. */
  Short: z.boolean(),
  Loans: z.number().int(),
  LoanPct: z.number(),
});
export type ClassifyRow = z.infer<typeof classifyRowSchema>;

export const classifyDataSchema = z.object({
  List: z.array(classifyRowSchema),
  Total: z.number().int(),
  /** The school's learning stage (basic info), and the standard that applies to it. */
  Stage: z.string(),
  /** Active readers with identity student. */
  Students: z.number().int(),
  Copies: z.number().int(),
  Titles: z.number().int(),
  Loans: z.number().int(),
  /** Copies per student, one decimal (0 without students). */
  PerStudent: z.number(),
  StandardPerStudent: z.number(),
  /** The standard's source (regulation and annex). */
  Source: z.string(),
});
export type ClassifyData = z.infer<typeof classifyDataSchema>;

// ---- zero borrowing ----
export const zeroReaderShape = {
  ...periodShape,
  /** A class, grade, stage or department (and everything under it). */
  DeptID: optId(),
  Identity: z.enum(READER_IDENTITIES).optional(),
};
export const zeroReaderQuery = z.object({ ...zeroReaderShape, ...paging }).refine(...ordered);
export type ZeroReaderQuery = z.infer<typeof zeroReaderQuery>;
export const zeroReaderRowSchema = z.object({
  ReaderID: z.string(),
  Name: z.string(),
  Identity: z.enum(['student', 'teacher', 'parent', 'other']),
  ClassName: z.string(),
});
export type ZeroReaderRow = z.infer<typeof zeroReaderRowSchema>;

export const ZERO_BOOK_UNITS = ['copy', 'title'] as const;
/** CLC main classes (22) a filter may name. */
export const CLC_CLASSES = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'N', 'O', 'P', 'Q', 'R', 'S', 'T', 'U', 'V', 'X', 'Z'] as const;
export const zeroBookShape = {
  ...periodShape,
  Unit: z.enum(ZERO_BOOK_UNITS).default('copy'),
  BranchID: optId(),
  AreaID: optId(),
  ResourceTypeID: optId(),
  ClassCode: z.enum(CLC_CLASSES).optional(),
  /** Only copies registered before this day (so new books are not counted as unread). */
  RegisteredBefore: dateField().optional(),
};
export const zeroBookQuery = z.object({ ...zeroBookShape, ...paging }).refine(...ordered);
export type ZeroBookQuery = z.infer<typeof zeroBookQuery>;
export const zeroBookRowSchema = z.object({
  Barcode: z.string(),
  Title: z.string(),
  Author: z.string(),
  CallNo: z.string(),
  BranchName: z.string(),
  AreaName: z.string(),
  /** Local day the copy was registered; for titles the earliest copy's. */
  RegisteredOn: z.string(),
  /** Copies of the title never borrowed (1 for a copy). */
  Copies: z.number().int(),
});
export type ZeroBookRow = z.infer<typeof zeroBookRowSchema>;

// ---- borrowing by department and class ----
export const GROUP_LEVELS = ['class', 'grade', 'dept'] as const;
export const groupBorrowShape = {
  ...periodShape,
  Level: z.enum(GROUP_LEVELS).default('class'),
  Identity: z.enum(READER_IDENTITIES).optional(),
};
export const groupBorrowQuery = z.object(groupBorrowShape).refine(...ordered);
export type GroupBorrowQuery = z.infer<typeof groupBorrowQuery>;
export const groupBorrowRowSchema = z.object({
  DeptID: z.number().int(),
  Name: z.string(),
  /** The grade of a class ('' otherwise). */
  ParentName: z.string(),
  /** Active readers in it now. */
  Readers: z.number().int(),
  /** Of them, those with at least one loan in the period. */
  Borrowers: z.number().int(),
  Loans: z.number().int(),
  /** Loans / Readers, one decimal. */
  PerReader: z.number(),
  /** Borrowers / Readers, percent, one decimal. */
  BorrowerPct: z.number(),
});
export type GroupBorrowRow = z.infer<typeof groupBorrowRowSchema>;

// ---- holdings ----
export const COLLECTION_GROUPS = ['branch', 'area', 'resourceType', 'state', 'class'] as const;
export const collectionQuery = z.object({
  GroupBy: z.enum(COLLECTION_GROUPS).default('branch'),
  BranchID: optId(),
  ResourceTypeID: optId(),
});
export type CollectionQuery = z.infer<typeof collectionQuery>;
export const collectionRowSchema = z.object({
  Name: z.string(),
  Titles: z.number().int(),
  Copies: z.number().int(),
  /** Sum of the copies' prices (yuan, two decimals). */
  Value: z.number(),
  CopyPct: z.number(),
});
export type CollectionRow = z.infer<typeof collectionRowSchema>;

// ---- circulation ----
export const resourceCircShape = { ...periodShape, BranchID: optId() };
export const resourceCircQuery = z.object(resourceCircShape).refine(...ordered);
export type ResourceCircQuery = z.infer<typeof resourceCircQuery>;
export const resourceCircRowSchema = z.object({
  Name: z.string(),
  Loans: z.number().int(),
  Returns: z.number().int(),
  Renewals: z.number().int(),
});
export type ResourceCircRow = z.infer<typeof resourceCircRowSchema>;

export const CIRC_STEPS = ['day', 'month'] as const;
export const circulationShape = {
  ...periodShape,
  Step: z.enum(CIRC_STEPS).default('day'),
  BranchID: optId(),
  ResourceTypeID: optId(),
};
export const circulationQuery = z.object(circulationShape).refine(...ordered);
export type CirculationQuery = z.infer<typeof circulationQuery>;
export const circulationRowSchema = z.object({
  /** A local day (YYYY-MM-DD) or month (YYYY-MM). */
  Period: z.string(),
  Loans: z.number().int(),
  Returns: z.number().int(),
  Renewals: z.number().int(),
  /** Loans that fell due in it and were not back by their due time. */
  Overdue: z.number().int(),
});
export type CirculationRow = z.infer<typeof circulationRowSchema>;

export const STAT_EXPORTS = ['classify5', 'classify22', 'zeroPerson', 'zeroBook', 'deptBorrow', 'classBorrow', 'collection', 'resourceCirc', 'circulation'] as const;
const exportOf = <R extends (typeof STAT_EXPORTS)[number], I extends z.ZodType>(report: R, input: I) =>
  z.object({ Report: z.literal(report), Params: input });
export const statisticsExportQuery = z.discriminatedUnion('Report', [
  exportOf('classify5', classifyQuery), exportOf('classify22', classifyQuery),
  exportOf('zeroPerson', zeroReaderQuery), exportOf('zeroBook', zeroBookQuery),
  exportOf('deptBorrow', groupBorrowQuery), exportOf('classBorrow', groupBorrowQuery),
  exportOf('collection', collectionQuery), exportOf('resourceCirc', resourceCircQuery), exportOf('circulation', circulationQuery),
]);
export type StatisticsExportQuery = z.infer<typeof statisticsExportQuery>;

const optionSchema = z.object({ ID: z.number().int(), Name: z.string() });
const OPTION_KINDS = ['branch', 'area', 'resourceType', 'dept'] as const;

export const statisticsCalls = {
  /** The five basic parts of the CLC: titles, copies, loans and shares, beside the regulation's shares and copies per student. */
  classify5: defineCall({ ...call, id: 'statistics.classify5', path: P('Classify5'), perm: STATISTICS_MENUS.classify5, input: classifyQuery, data: classifyDataSchema }),
  /** The 22 main classes, each with its part's share and the regulation's. */
  classify22: defineCall({ ...call, id: 'statistics.classify22', path: P('Classify22'), perm: STATISTICS_MENUS.classify22, input: classifyQuery, data: classifyDataSchema }),
  /** Readers (active) with no loan in the period; class-scoped. */
  zeroBorrowReaders: defineCall({ ...call, id: 'statistics.zeroBorrowReaders', path: P('ZeroBorrowReaders'), perm: STATISTICS_MENUS.zeroPerson, input: zeroReaderQuery, data: pageOf(zeroReaderRowSchema) }),
  /** Copies (or titles none of whose copies were) not lent in the period, of the holdings at its end. */
  zeroBorrowBooks: defineCall({ ...call, id: 'statistics.zeroBorrowBooks', path: P('ZeroBorrowBooks'), perm: STATISTICS_MENUS.zeroBook, input: zeroBookQuery, data: pageOf(zeroBookRowSchema) }),
  /** Per department or grade (Level 'dept' | 'grade'); library staff only. */
  deptBorrow: defineCall({ ...call, id: 'statistics.deptBorrow', path: P('DeptBorrow'), perm: STATISTICS_MENUS.deptBorrow, input: groupBorrowQuery, data: z.array(groupBorrowRowSchema) }),
  /** Per class (Level ignored); class-scoped. */
  classBorrow: defineCall({ ...call, id: 'statistics.classBorrow', path: P('ClassBorrow'), perm: STATISTICS_MENUS.classBorrow, input: groupBorrowQuery, data: z.array(groupBorrowRowSchema) }),
  collection: defineCall({ ...call, id: 'statistics.collection', path: P('Collection'), perm: STATISTICS_MENUS.collection, input: collectionQuery, data: z.array(collectionRowSchema) }),
  resourceCirc: defineCall({ ...call, id: 'statistics.resourceCirc', path: P('ResourceCirc'), perm: STATISTICS_MENUS.resourceCirc, input: resourceCircQuery, data: z.array(resourceCircRowSchema) }),
  circulation: defineCall({ ...call, id: 'statistics.circulation', path: P('Circulation'), perm: STATISTICS_MENUS.circulation, input: circulationQuery, data: z.array(circulationRowSchema) }),
  /** A report under its parameters as .xlsx (a job in the download panel); needs the report's menu. */
  export: defineCall({ ...call, id: 'statistics.export', path: P('Export'), input: statisticsExportQuery, data: z.object({ DataID: z.string() }) }),
  /** Choices of the parameter forms (branches, areas, resource types, departments and classes the caller may see); any statistics menu. */
  getOptions: defineCall({ ...call, id: 'statistics.getOptions', path: P('GetOptions'), input: z.object({ Kind: z.enum(OPTION_KINDS) }), data: z.array(optionSchema) }),
};

/** The columns each report shows, in order: the screen's table and the export's sheet. */
export const STAT_COLUMNS = {
  classify5: ['Code', 'Name', 'Titles', 'Copies', 'CopyPct', 'StandardPct', 'Loans', 'LoanPct'],
  classify22: ['Code', 'Name', 'Part', 'Titles', 'Copies', 'CopyPct', 'PartPct', 'StandardPct', 'Loans', 'LoanPct'],
  zeroPerson: ['ReaderID', 'Name', 'Identity', 'ClassName'],
  zeroBookCopy: ['Barcode', 'Title', 'Author', 'CallNo', 'BranchName', 'AreaName', 'RegisteredOn'],
  zeroBookTitle: ['Title', 'Author', 'CallNo', 'Copies', 'RegisteredOn'],
  deptBorrow: ['Name', 'Readers', 'Borrowers', 'Loans', 'PerReader', 'BorrowerPct'],
  classBorrow: ['ParentName', 'Name', 'Readers', 'Borrowers', 'Loans', 'PerReader', 'BorrowerPct'],
  collection: ['Name', 'Titles', 'Copies', 'Value', 'CopyPct'],
  resourceCirc: ['Name', 'Loans', 'Returns', 'Renewals'],
  circulation: ['Period', 'Loans', 'Returns', 'Renewals', 'Overdue'],
} as const;
