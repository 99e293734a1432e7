import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { MAX_PAGE, MAX_ROWS } from './paging.ts';
import { dateField, idField, intField, text } from '../domain/fields.ts';
import { CIRCULATION_STATES, STORAGE_AREAS } from '../domain/catalogue/copy-states.ts';

/**
 * The ad-hoc query builder of /statistical-query (issue 11): a librarian asks their own question
 * of the loans, the copies or the readers, the way Koha's guided reports, Evergreen's reporter and
 * FOLIO's Lists let them, but without SQL. The query is a typed object: a subject, a period, up to
 * ten conditions (all must hold) and one optional "any of" group, at most two grouping dimensions
 * and the measures wanted. Every field, operator, dimension, measure and column is a name from the
 * fixed lists below; the gateway maps each name to its own SQL (Kysely) and binds the values, so
 * nothing the caller sends is ever SQL or a column name.
 */
const P = (action: string) => `${LIB}/StatisticalQuery/${action}`;
export const STATISTICAL_QUERY_MENU = '/statistical-query';

export const QUERY_SUBJECTS = ['loans', 'copies', 'readers'] as const;
export type QuerySubject = (typeof QUERY_SUBJECTS)[number];

/** The longest period a query takes (three school years and a little), as the other reports. */
export const MAX_QUERY_DAYS = 1100;
export const MAX_CONDITIONS = 10;
export const MAX_ANY_OF = 5;
export const MAX_LIST_VALUES = 200;
/** Grouped results stop here (the reply says it was cut). */
export const MAX_GROUPS = 5000;

export const FIELD_TYPES = ['date', 'bool', 'enum', 'ref', 'clc', 'number', 'count'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export const QUERY_OPS = ['eq', 'ne', 'in', 'notIn', 'between', 'before', 'after', 'startsWith', 'gte', 'lte'] as const;
export type QueryOp = (typeof QUERY_OPS)[number];

/** The operators each type of field offers. */
export const OPS_BY_TYPE: Record<FieldType, readonly QueryOp[]> = {
  date: ['between', 'before', 'after', 'eq'],
  bool: ['eq'],
  enum: ['eq', 'ne', 'in', 'notIn'],
  ref: ['eq', 'ne', 'in', 'notIn'],
  clc: ['startsWith', 'eq', 'in'],
  number: ['between', 'gte', 'lte', 'eq'],
  count: ['eq', 'gte', 'lte', 'between'],
};

export const STORAGE_STATE_NAMES = Object.keys(STORAGE_AREAS) as Array<keyof typeof STORAGE_AREAS>;
export const READER_IDENTITY_VALUES = ['student', 'teacher', 'parent', 'other'] as const;
export const READER_STATUS_VALUES = ['active', 'disabled', 'lost', 'expired'] as const;

/**
 * The fields a condition may name: its type, the subjects that have it, the values an enum takes
 * and, for references, which option list (QueryOptions) the values come from.
 */
export const QUERY_FIELDS = {
  loanDate: { type: 'date', subjects: ['loans'] },
  dueDate: { type: 'date', subjects: ['loans'] },
  returnDate: { type: 'date', subjects: ['loans'] },
  overdue: { type: 'bool', subjects: ['loans'] },
  returned: { type: 'bool', subjects: ['loans'] },
  branch: { type: 'ref', subjects: ['loans', 'copies'], options: 'Branches' },
  area: { type: 'ref', subjects: ['loans', 'copies'], options: 'Areas' },
  resourceType: { type: 'ref', subjects: ['loans', 'copies'], options: 'ResourceTypes' },
  clc: { type: 'clc', subjects: ['loans', 'copies'] },
  identity: { type: 'enum', subjects: ['loans', 'readers'], values: READER_IDENTITY_VALUES },
  grade: { type: 'ref', subjects: ['loans', 'readers'], options: 'Grades' },
  klass: { type: 'ref', subjects: ['loans', 'readers'], options: 'Classes' },
  dept: { type: 'ref', subjects: ['loans', 'readers'], options: 'Depts' },
  state: { type: 'enum', subjects: ['copies'], values: STORAGE_STATE_NAMES },
  circState: { type: 'enum', subjects: ['copies'], values: CIRCULATION_STATES },
  registered: { type: 'date', subjects: ['copies'] },
  price: { type: 'number', subjects: ['copies'] },
  batch: { type: 'ref', subjects: ['copies'], options: 'Batches' },
  periodLoans: { type: 'count', subjects: ['copies', 'readers'] },
  status: { type: 'enum', subjects: ['readers'], values: READER_STATUS_VALUES },
  overdueNow: { type: 'bool', subjects: ['readers'] },
} as const satisfies Record<string, { type: FieldType; subjects: readonly QuerySubject[]; values?: readonly string[]; options?: string }>;
export type QueryField = keyof typeof QUERY_FIELDS;
export const QUERY_FIELD_NAMES = Object.keys(QUERY_FIELDS) as QueryField[];

/** Grouping dimensions per subject (the result's first columns). */
export const QUERY_DIMENSIONS = {
  loans: ['Month', 'Class', 'Grade', 'Identity', 'Branch', 'Area', 'ResourceType', 'ClcClass'],
  copies: ['Branch', 'Area', 'ResourceType', 'ClcClass', 'State', 'Batch'],
  readers: ['Class', 'Grade', 'Identity', 'Status'],
} as const satisfies Record<QuerySubject, readonly string[]>;
export const ALL_DIMENSIONS = ['Month', 'Class', 'Grade', 'Identity', 'Branch', 'Area', 'ResourceType', 'ClcClass', 'State', 'Batch', 'Status'] as const;
export type QueryDimension = (typeof ALL_DIMENSIONS)[number];

/** Measures per subject: Loans of the loans subject is their count; of copies and readers, their loans in the period. */
export const QUERY_MEASURES = {
  loans: ['Loans', 'Readers', 'Titles', 'Copies'],
  copies: ['Copies', 'Titles', 'Value', 'Loans'],
  readers: ['Readers', 'Borrowers', 'Loans'],
} as const satisfies Record<QuerySubject, readonly string[]>;
export const ALL_MEASURES = ['Loans', 'Readers', 'Titles', 'Copies', 'Value', 'Borrowers'] as const;
export type QueryMeasure = (typeof ALL_MEASURES)[number];

/** Columns of the list (no grouping), per subject; the first ones are the default choice. */
export const QUERY_COLUMNS = {
  loans: ['LoanDate', 'Barcode', 'Title', 'ReaderName', 'Class', 'DueDate', 'ReturnDate', 'Overdue', 'ReaderID', 'Identity', 'CallNo', 'Branch', 'Area'],
  copies: ['Barcode', 'Title', 'CallNo', 'State', 'Branch', 'Area', 'Price', 'RegisteredOn', 'PeriodLoans', 'Author', 'Batch', 'ResourceType'],
  readers: ['ReaderID', 'ReaderName', 'Class', 'Identity', 'Status', 'PeriodLoans', 'OverdueNow'],
} as const satisfies Record<QuerySubject, readonly string[]>;
export const ALL_COLUMNS = [
  'LoanDate', 'DueDate', 'ReturnDate', 'Overdue', 'Barcode', 'Title', 'Author', 'CallNo', 'ReaderID', 'ReaderName', 'Class', 'Identity',
  'Branch', 'Area', 'ResourceType', 'State', 'Price', 'RegisteredOn', 'Batch', 'PeriodLoans', 'Status', 'OverdueNow',
] as const;
export type QueryColumn = (typeof ALL_COLUMNS)[number];
/** Columns that name a reader: only for callers who may see readers (the gateway refuses them otherwise). */
export const READER_NAME_COLUMNS: readonly QueryColumn[] = ['ReaderName', 'ReaderID'];

/** The default measure (the subject's count), dimensions and columns of a new query. */
export const DEFAULT_MEASURE: Record<QuerySubject, QueryMeasure> = { loans: 'Loans', copies: 'Copies', readers: 'Readers' };

const E = (k: string) => `statistical-query:errors.${k}`;

export const conditionSchema = z.object({
  Field: z.enum(QUERY_FIELD_NAMES as [QueryField, ...QueryField[]]),
  Op: z.enum(QUERY_OPS),
  /** One value (eq, before, …), two (between: from, to) or a list (in, notIn); as text, typed by the field. */
  Values: z.array(text({ max: 40 })).max(MAX_LIST_VALUES).default([]),
});
export type QueryCondition = z.infer<typeof conditionSchema>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CLC = /^[A-Za-z][A-Za-z0-9.\-/:=+()]{0,19}$/;

/** Why a value does not fit its field's type (an i18n key), or null. */
export function valueProblem(field: QueryField, value: string): string | null {
  const def: { type: FieldType; values?: readonly string[] } = QUERY_FIELDS[field];
  switch (def.type) {
    case 'date': return DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : E('badDate');
    case 'bool': return value === 'true' || value === 'false' ? null : E('badBool');
    case 'enum': return def.values!.includes(value) ? null : E('badChoice');
    case 'ref': return /^[1-9]\d{0,8}$/.test(value) ? null : E('badChoice');
    case 'clc': return CLC.test(value) ? null : E('badClc');
    case 'number': return /^\d{1,7}(\.\d{1,2})?$/.test(value) ? null : E('badNumber');
    default: return /^\d{1,6}$/.test(value) ? null : E('badCount');
  }
}

/** How many values an operator takes: exactly one, two, or a list of one or more. */
export function valueCount(op: QueryOp): 1 | 2 | 'list' {
  return op === 'between' ? 2 : op === 'in' || op === 'notIn' ? 'list' : 1;
}

type Issue = { message: string; path: PropertyKey[] };

/** Every problem of a condition on a subject (field not of the subject, operator not of the field, values). */
export function conditionProblems(subject: QuerySubject, c: QueryCondition, path: PropertyKey[]): Issue[] {
  const def: { type: FieldType; subjects: readonly QuerySubject[] } = QUERY_FIELDS[c.Field];
  if (!def.subjects.includes(subject)) return [{ message: E('fieldNotForSubject'), path: [...path, 'Field'] }];
  if (!OPS_BY_TYPE[def.type].includes(c.Op)) return [{ message: E('opNotForField'), path: [...path, 'Op'] }];
  const n = valueCount(c.Op);
  if ((n === 'list' && c.Values.length < 1) || (n !== 'list' && c.Values.length !== n)) return [{ message: E(n === 2 ? 'needTwoValues' : 'needValue'), path: [...path, 'Values'] }];
  for (const [i, v] of c.Values.entries()) {
    const p = valueProblem(c.Field, v);
    if (p) return [{ message: p, path: [...path, 'Values', i] }];
  }
  if (n === 2 && (def.type === 'date' ? c.Values[0]! > c.Values[1]! : Number(c.Values[0]) > Number(c.Values[1]))) return [{ message: E('rangeReversed'), path: [...path, 'Values'] }];
  return [];
}

export const queryShape = {
  Subject: z.enum(QUERY_SUBJECTS),
  /** The period: the loans made in it (loans), or the period of "loans in period" (copies, readers). School-local days, both included. */
  From: dateField('validation:charts.customNeedsDays'),
  To: dateField('validation:charts.customNeedsDays'),
  /** All must hold. */
  Conditions: z.array(conditionSchema).max(MAX_CONDITIONS, { error: E('tooManyConditions') }).default([]),
  /** At least one must hold (when any are given). */
  AnyOf: z.array(conditionSchema).max(MAX_ANY_OF, { error: E('tooManyConditions') }).default([]),
  /** None: a list of rows; one or two: grouped counts. */
  GroupBy: z.array(z.enum(ALL_DIMENSIONS)).max(2, { error: E('tooManyDimensions') }).default([]),
  Measures: z.array(z.enum(ALL_MEASURES)).max(ALL_MEASURES.length).default([]),
  /** The list's columns (no grouping); none: the subject's first few. */
  Columns: z.array(z.enum(ALL_COLUMNS)).max(ALL_COLUMNS.length).default([]),
};

type QueryShape = { Subject: QuerySubject; From: string; To: string; Conditions: QueryCondition[]; AnyOf: QueryCondition[]; GroupBy: QueryDimension[]; Measures: QueryMeasure[]; Columns: QueryColumn[] };

/** The checks across fields: each name must belong to the subject, the period must be in order. */
export function queryProblems(q: QueryShape): Issue[] {
  const out: Issue[] = [];
  if (q.From > q.To) out.push({ message: 'validation:charts.fromAfterTo', path: ['To'] });
  q.Conditions.forEach((c, i) => out.push(...conditionProblems(q.Subject, c, ['Conditions', i])));
  q.AnyOf.forEach((c, i) => out.push(...conditionProblems(q.Subject, c, ['AnyOf', i])));
  const dims: readonly string[] = QUERY_DIMENSIONS[q.Subject];
  q.GroupBy.forEach((d, i) => { if (!dims.includes(d)) out.push({ message: E('dimensionNotForSubject'), path: ['GroupBy', i] }); });
  if (q.GroupBy.length === 2 && q.GroupBy[0] === q.GroupBy[1]) out.push({ message: E('sameDimension'), path: ['GroupBy', 1] });
  const measures: readonly string[] = QUERY_MEASURES[q.Subject];
  q.Measures.forEach((m, i) => { if (!measures.includes(m)) out.push({ message: E('measureNotForSubject'), path: ['Measures', i] }); });
  const columns: readonly string[] = QUERY_COLUMNS[q.Subject];
  q.Columns.forEach((c, i) => { if (!columns.includes(c)) out.push({ message: E('columnNotForSubject'), path: ['Columns', i] }); });
  return out;
}

const checked = <T extends z.ZodObject>(o: T) => o.superRefine((q, ctx) => {
  for (const p of queryProblems(q as unknown as QueryShape)) ctx.addIssue({ code: 'custom', message: p.message, path: p.path });
});

export const statisticalQuery = checked(z.object(queryShape));
export type StatisticalQuery = z.infer<typeof statisticalQuery>;
export type StatisticalQueryInput = z.input<typeof statisticalQuery>;
export const runQuery = checked(z.object({
  ...queryShape,
  Page: intField(1, MAX_PAGE, { coerce: true }).default(1),
  Rows: intField(1, MAX_ROWS, { coerce: true }).default(20),
}));
export type RunQuery = z.infer<typeof runQuery>;

/** A cell: text, a number, a yes/no, or nothing. Enum cells carry their code (the screen and the export word them). */
const cell = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const queryResultSchema = z.object({
  /** 'groups': one row per group (dimensions, then measures); 'rows': a page of the list. */
  Mode: z.enum(['groups', 'rows']),
  /** The columns of List in order. */
  Columns: z.array(z.string()),
  List: z.array(z.record(z.string(), cell)),
  /** Groups, or rows of the whole list. */
  Total: z.number().int(),
  /** More than MAX_GROUPS groups: only the first are listed. */
  Truncated: z.boolean(),
  /** The measures over everything the query matched. */
  Overall: z.record(z.string(), z.number()),
});
export type QueryResult = z.infer<typeof queryResultSchema>;

const option = z.object({ ID: z.number().int(), Name: z.string() });
export const queryOptionsSchema = z.object({
  Branches: z.array(option),
  Areas: z.array(option),
  ResourceTypes: z.array(option),
  Grades: z.array(option),
  Classes: z.array(option),
  Depts: z.array(option),
  Batches: z.array(option),
  /** The subjects the caller may query (copies: library staff, not a head teacher). */
  Subjects: z.array(z.enum(QUERY_SUBJECTS)),
  /** The caller may see readers' names and card numbers. */
  ReaderNames: z.boolean(),
});
export type QueryOptions = z.infer<typeof queryOptionsSchema>;

export const savedQuerySchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Query: statisticalQuery,
  /** Who saved it (their name), and whether the caller may delete it (theirs, or library staff). */
  SavedBy: z.string(),
  Deletable: z.boolean(),
  CreatedAt: z.string(),
});
export type SavedQuery = z.infer<typeof savedQuerySchema>;
/** Saved queries a school keeps at most (the list shows them all). */
export const MAX_SAVED_QUERIES = 200;

const call = { method: 'POST', auth: 'user', spec: false } as const;

export const statisticalQueryCalls = {
  /** Runs a query: grouped counts (at most MAX_GROUPS) or a page of rows; within the caller's school, branches and classes. */
  run: defineCall({ ...call, id: 'statisticalQuery.run', path: P('Run'), perm: STATISTICAL_QUERY_MENU, input: runQuery, data: queryResultSchema }),
  /** The query's result as .xlsx, a job in the download panel (headers and words in the caller's language). */
  export: defineCall({ ...call, id: 'statisticalQuery.export', path: P('Export'), input: statisticalQuery, data: z.object({ DataID: z.string() }) }),
  /** The choices of the builder the caller may see (branches, areas, types, grades, classes, departments, batches), and what they may query. */
  options: defineCall({ ...call, id: 'statisticalQuery.options', path: P('Options'), perm: STATISTICAL_QUERY_MENU, input: z.object({}), data: queryOptionsSchema }),
  /** The school's saved queries, newest first. */
  listSaved: defineCall({ ...call, id: 'statisticalQuery.listSaved', path: P('ListSaved'), perm: STATISTICAL_QUERY_MENU, input: z.object({}), data: z.array(savedQuerySchema) }),
  /** Saves a query under a name for everyone of the school who has the screen. */
  save: defineCall({
    ...call, id: 'statisticalQuery.save', path: P('Save'), perm: STATISTICAL_QUERY_MENU,
    input: z.object({ Name: text({ max: 60, required: 'statistical-query:errors.nameRequired' }), Query: statisticalQuery }), data: z.object({ ID: z.number().int() }),
  }),
  /** Deletes a saved query: the one who saved it, or library staff. */
  deleteSaved: defineCall({ ...call, id: 'statisticalQuery.deleteSaved', path: P('DeleteSaved'), perm: STATISTICAL_QUERY_MENU, input: z.object({ ID: idField() }), data: z.object({}) }),
};
