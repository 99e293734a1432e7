import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { dateField, text } from '../domain/fields.ts';

/**
 * The operation log (/sys/log/operation, issue 9): every change made through the gateway by a
 * signed-in user, and every desk transaction even when it was refused — who, when, at which
 * workstation, what, and the result. The gateway writes it (gateway/operation-log); nobody edits
 * it. Like Koha's action logs and dp2's operlog, but written for every call that changes data the
 * day the call exists, not by each module remembering to.
 */

export const OPERATION_LOG_MENU = '/sys/log/operation';
/** Exporting the log (names, cards, addresses) is an operation of its own, as with the reader export. */
export const OPERATION_LOG_EXPORT = 'sys.log.export';

/** The domains of the contract (the first part of a call id); operation-log.test.ts keeps it equal to allCalls'. */
export const OPERATION_DOMAINS = [
  'auth', 'session', 'home', 'jobs', 'translation', 'readers', 'cards', 'upload', 'organization', 'borrowRules',
  'circulation', 'basic', 'roles', 'permission', 'rollover', 'acquisition', 'circulationVerify', 'circulationPasswords',
  'circulationFamily', 'catalogue', 'classCorner', 'capture', 'collection', 'circulationRecall', 'circulationReviews',
  'circulationBatch', 'marc', 'allocation', 'circulationRecords', 'holds', 'search', 'loss', 'recommendations',
  'booklists', 'volunteers', 'signRecords', 'searchAdmin', 'operationLog', 'readerAccount', 'activities', 'charts', 'statistics',
  'guide', 'libraryInfo', 'connect', 'ledgers', 'stocktaking', 'gate', 'statisticalQuery',
] as const;
export type OperationDomain = (typeof OPERATION_DOMAINS)[number];

/** ok: done; refused: the rules or the state said no (4xx); failed: the server failed (5xx). */
export const OPERATION_RESULTS = ['ok', 'refused', 'failed'] as const;
export type OperationResult = (typeof OPERATION_RESULTS)[number];

export const operationLogQuery = pageQuerySchema.omit({ SearchKey: true }).extend({
  /** Done on or after / on or before (the school's local days). */
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  /** Who: name or account. */
  User: text({ max: 100 }).optional(),
  /** The workstation's name or the address it called from. */
  Workstation: text({ max: 64 }).optional(),
  Domain: z.enum(OPERATION_DOMAINS, { error: 'operation-log:invalid.domain' }).optional(),
  Result: z.enum(OPERATION_RESULTS, { error: 'operation-log:invalid.result' }).optional(),
  /** Words of what was acted on: a barcode, a card number, a name. */
  Keyword: text({ max: 100 }).optional(),
});
export type OperationLogQuery = z.infer<typeof operationLogQuery>;

export const operationEntrySchema = z.object({
  ID: z.number().int(),
  At: z.string().meta({ widget: 'datetime' }),
  UserName: z.string(),
  UserAccount: z.string(),
  /** The name the workstation was given in its settings, else ''. */
  Workstation: z.string(),
  IP: z.string(),
  Domain: z.enum(OPERATION_DOMAINS),
  CallID: z.string(),
  /** What was done, in the caller's language ("流通 · 借书"). */
  Action: z.string(),
  /** What it acted on, as sent ("Barcode=T0001 · UserID=5"); secrets are never stored. */
  Target: z.string(),
  Result: z.enum(OPERATION_RESULTS),
  /** A refusal's or failure's message in the caller's language; '' when done. */
  Message: z.string(),
  DurationMs: z.number().int(),
});
export type OperationEntry = z.infer<typeof operationEntrySchema>;

/** /counter-statistics 柜台统计: what each desk and each staff member did, counted from the log. */
export const COUNTER_STATISTICS_MENU = '/counter-statistics';
export const COUNTER_GROUPS = ['both', 'desk', 'staff'] as const;
/** The desk's calls each column counts (done ones; refusals of any of them are counted apart). */
export const COUNTER_CALLS = {
  Borrow: ['circulation.literatureCirc'],
  Return: ['circulation.literatureReturn', 'circulation.deferredReturn'],
  Renew: ['circulation.renew'],
  Undo: ['circulation.undo'],
} as const;

export const counterStatisticsQuery = z.object({
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  /** One line per desk and staff member, per desk, or per staff member. */
  GroupBy: z.enum(COUNTER_GROUPS, { error: 'operation-log:invalid.groupBy' }).default('both'),
  Workstation: text({ max: 64 }).optional(),
  User: text({ max: 100 }).optional(),
});

export const counterRowSchema = z.object({
  /** The workstation's name, else the address it called from ('' when grouped by staff). */
  Workstation: z.string(),
  UserName: z.string(),
  UserAccount: z.string(),
  Borrow: z.number().int(),
  Return: z.number().int(),
  Renew: z.number().int(),
  Undo: z.number().int(),
  Refused: z.number().int(),
  Total: z.number().int(),
  /** Desk and name together, for the chart's axis. */
  Label: z.string(),
});
export type CounterRow = z.infer<typeof counterRowSchema>;

const call = { method: 'POST', auth: 'user', spec: false } as const;
const P = (action: string) => `${LIB}/Log/${action}`;

export const operationLogCalls = {
  search: defineCall({ ...call, id: 'operationLog.search', path: P('GetOperationLog'), perm: OPERATION_LOG_MENU, log: 'never', input: operationLogQuery, data: pageOf(operationEntrySchema) }),
  /** The log under the screen's filters as .xlsx, a job in the download panel. */
  export: defineCall({
    ...call, id: 'operationLog.export', path: P('ExportOperationLog'), perm: OPERATION_LOG_EXPORT,
    input: operationLogQuery.omit({ Page: true, Rows: true }), data: z.object({ DataID: z.string() }),
  }),
  /** /counter-statistics: loans, returns, renewals, undos and refusals per desk and staff member, the busiest first. */
  counterStatistics: defineCall({
    ...call, id: 'operationLog.counterStatistics', path: P('GetCounterStatistics'), perm: COUNTER_STATISTICS_MENU, log: 'never',
    input: counterStatisticsQuery, data: z.array(counterRowSchema),
  }),
  exportCounterStatistics: defineCall({
    ...call, id: 'operationLog.exportCounterStatistics', path: P('ExportCounterStatistics'), perm: COUNTER_STATISTICS_MENU,
    input: counterStatisticsQuery, data: z.object({ DataID: z.string() }),
  }),
};
