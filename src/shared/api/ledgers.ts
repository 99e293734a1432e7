import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageQuerySchema } from './paging.ts';
import { dateField, idField } from '../domain/fields.ts';
import { messageKey } from '../domain/issue-messages.ts';

/**
 * The accession registers (账簿, issue 11 §2), read-only views of the batches, copies and their
 * history (copy_events):
 * - /ledger 财产总账: the summary register (总括登记账), one line per batch accessioned on a day and
 *   one per day of cancellations (注销), with the running balance (现存) of titles, copies and value;
 * - /store 入库账: the individual register (个别登记账), one line per copy taken into the collection;
 * - /copybatch 单批次按册账 and /copymultiple 多批次按册账: the individual register of one batch, or of
 *   several chosen together;
 * - /singlebatch 单批次按种账 and /singlemultiple 多批次按种账: the same batches counted by title (种);
 * - /weeding 剔旧账: the copies written off in a period, with the reason and the value.
 *
 * A copy's accession day is its batch's acceptance day (验收日期) when the batch was accepted, else
 * the school-local day the copy was catalogued; a copy is weeded on the day of the weeding that put
 * it where it is (storage area 3). Values are the copies' list prices, summed in integer cents.
 */

export const LEDGER_KINDS = ['ledger', 'store', 'singlebatch', 'copybatch', 'singlemultiple', 'copymultiple', 'weeding'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
/** Each register's route, which is also its permission (menu). */
export const LEDGER_MENUS: Record<LedgerKind, string> = Object.fromEntries(LEDGER_KINDS.map((k) => [k, `/${k}`])) as Record<LedgerKind, string>;
/** The registers counted by copy and by title. */
export const COPY_LEDGERS = ['store', 'copybatch', 'copymultiple'] as const;
export const TITLE_LEDGERS = ['singlebatch', 'singlemultiple'] as const;
export type CopyLedgerKind = (typeof COPY_LEDGERS)[number];
export type TitleLedgerKind = (typeof TITLE_LEDGERS)[number];
/** The most batches a multi-batch register takes at once. */
export const MAX_LEDGER_BATCHES = 50;

const kindField = <T extends readonly [string, ...string[]]>(kinds: T) => z.enum(kinds, { error: 'validation:ledgers.kind' });

/** The one paging of every list (paging.ts), without its search box: registers have none. */
const paging = { Page: pageQuerySchema.shape.Page, Rows: pageQuerySchema.shape.Rows };

/** The filters every register takes: a period (school-local days, both included), a branch, a resource type. */
const filterShape = {
  From: dateField().optional(),
  To: dateField().optional(),
  BranchID: idField(undefined, { coerce: true }).optional(),
  ResourceTypeID: idField(undefined, { coerce: true }).optional(),
  BatchIDs: z.array(idField(), { error: 'validation:ledgers.batches' }).max(MAX_LEDGER_BATCHES, { error: messageKey('validation:ledgers.tooManyBatches', { maximum: MAX_LEDGER_BATCHES }) }).optional(),
};
type Filters = { From?: string | undefined; To?: string | undefined; BatchIDs?: number[] | undefined };
const ordered: [(q: Filters) => boolean, { error: string; path: string[] }] = [(q) => q.From == null || q.To == null || q.From <= q.To, { error: 'validation:ledgers.fromAfterTo', path: ['To'] }];
/** The batch registers name their batches: one for a single-batch register, at least one for a multi-batch one. */
function batchesNamed(q: Filters & { Ledger?: string }, ctx: z.RefinementCtx): void {
  const n = q.BatchIDs?.length ?? 0;
  if ((q.Ledger === 'copybatch' || q.Ledger === 'singlebatch') && n !== 1) ctx.addIssue({ code: 'custom', path: ['BatchIDs'], message: 'validation:ledgers.oneBatch' });
  if ((q.Ledger === 'copymultiple' || q.Ledger === 'singlemultiple') && n < 1) ctx.addIssue({ code: 'custom', path: ['BatchIDs'], message: 'validation:ledgers.someBatches' });
}

export const ledgerFilters = z.object(filterShape).refine(...ordered);
export type LedgerFilters = z.infer<typeof ledgerFilters>;

/** The summary register needs its period (the opening balance is the day before From). */
export const summaryQuery = z.object({ ...filterShape, From: dateField('validation:ledgers.fromRequired'), To: dateField('validation:ledgers.toRequired') }).refine(...ordered);
export type SummaryQuery = z.infer<typeof summaryQuery>;

export const copyLedgerQuery = z.object({ Ledger: kindField(COPY_LEDGERS), ...filterShape, ...paging }).refine(...ordered).superRefine(batchesNamed);
export type CopyLedgerQuery = z.infer<typeof copyLedgerQuery>;
export const titleLedgerQuery = z.object({ Ledger: kindField(TITLE_LEDGERS), ...filterShape, ...paging }).refine(...ordered).superRefine(batchesNamed);
export type TitleLedgerQuery = z.infer<typeof titleLedgerQuery>;
export const weedingQuery = z.object({ ...filterShape, From: dateField('validation:ledgers.fromRequired'), To: dateField('validation:ledgers.toRequired'), ...paging }).refine(...ordered);
export type WeedingQuery = z.infer<typeof weedingQuery>;
export const exportQuery = z.object({ Ledger: kindField(LEDGER_KINDS), ...filterShape }).refine(...ordered).superRefine(batchesNamed)
  .refine((q) => !(q.Ledger === 'ledger' || q.Ledger === 'weeding') || (q.From != null && q.To != null), { error: 'validation:ledgers.fromRequired', path: ['From'] });
export type ExportQuery = z.infer<typeof exportQuery>;

/** Titles, copies and value (yuan, exact to the cent: summed as integer cents). */
export const balanceSchema = z.object({ Titles: z.number().int(), Copies: z.number().int(), Value: z.number() });
export type Balance = z.infer<typeof balanceSchema>;

/** A line of the summary register: an accession (收入) of one batch on a day, or the cancellations (注销) of a day. */
export const summaryLineSchema = z.object({
  Day: z.string(),
  Kind: z.enum(['in', 'out']),
  BatchID: z.number().int().nullable(),
  /** '' for copies without a batch and for cancellation lines. */
  BatchNo: z.string(),
  /** The bookseller (来源) of the batch. */
  Source: z.string(),
  InTitles: z.number().int(),
  InCopies: z.number().int(),
  InValue: z.number(),
  OutTitles: z.number().int(),
  OutCopies: z.number().int(),
  OutValue: z.number(),
  /** The balance (现存) after this line. */
  Titles: z.number().int(),
  Copies: z.number().int(),
  Value: z.number(),
});
export type SummaryLine = z.infer<typeof summaryLineSchema>;

export const summarySchema = z.object({
  From: z.string(),
  To: z.string(),
  /** The balance at the end of the day before From. */
  Opening: balanceSchema,
  Lines: z.array(summaryLineSchema),
  /** The period's accessions and cancellations (titles: distinct titles of the period's copies). */
  In: balanceSchema,
  Out: balanceSchema,
  /** The balance at the end of To: equals the catalogue's copies that exist then. */
  Closing: balanceSchema,
});
export type Summary = z.infer<typeof summarySchema>;

/** A line of the individual register: one copy. */
export const copyLineSchema = z.object({
  CopyID: z.number().int(),
  /** The accession number (登记号): the copy's barcode. */
  Barcode: z.string().meta({ identifier: true }),
  Day: z.string(),
  Title: z.string(),
  Author: z.string(),
  Publisher: z.string(),
  PubYear: z.number().int().nullable(),
  Price: z.number(),
  CallNo: z.string().meta({ identifier: true }),
  BatchNo: z.string().meta({ identifier: true }),
  Branch: z.string(),
  Area: z.string(),
  /** The day it was weeded, or null while it is in the collection. */
  WeededOn: z.string().nullable(),
  /** Why ('' when the weeding gave none); loss: written off after a loss. */
  WeedReason: z.string(),
});
export type CopyLine = z.infer<typeof copyLineSchema>;

/** A line of a register by title: one title of the chosen batches. */
export const titleLineSchema = z.object({
  TitleID: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  Publisher: z.string(),
  ISBN: z.string().meta({ identifier: true }),
  ClassNo: z.string().meta({ identifier: true }),
  PubYear: z.number().int().nullable(),
  Price: z.number(),
  Copies: z.number().int(),
  Value: z.number(),
  /** Of those copies, weeded since. */
  Weeded: z.number().int(),
});
export type TitleLine = z.infer<typeof titleLineSchema>;

/** A line of the weeding register: one copy written off. */
export const weedLineSchema = z.object({
  CopyID: z.number().int(),
  Barcode: z.string().meta({ identifier: true }),
  WeededOn: z.string(),
  Title: z.string(),
  Author: z.string(),
  CallNo: z.string().meta({ identifier: true }),
  Price: z.number(),
  BatchNo: z.string().meta({ identifier: true }),
  AccessionDay: z.string(),
  Reason: z.string(),
});
export type WeedLine = z.infer<typeof weedLineSchema>;

/** A list with the totals of everything it matched (not only the page): copies, titles, value. */
const totalled = <T extends z.ZodType>(item: T) => z.object({ List: z.array(item), Total: z.number().int().min(0), Totals: balanceSchema });

export const optionsSchema = z.object({
  SchoolName: z.string(),
  Batches: z.array(z.object({ ID: z.number().int(), BatchNo: z.string(), Source: z.string(), Day: z.string(), BranchID: z.number().int(), State: z.string() })),
  Branches: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
  ResourceTypes: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
});
export type LedgerOptions = z.infer<typeof optionsSchema>;

const call = { method: 'POST', auth: 'user', spec: false } as const;
const P = (action: string) => `${LIB}/Ledger/${action}`;

export const ledgerCalls = {
  /** The summary register of a period. */
  summary: defineCall({ ...call, id: 'ledgers.summary', path: P('GetSummaryLedger'), perm: LEDGER_MENUS.ledger, input: summaryQuery, data: summarySchema }),
  /** The individual register (/store, /copybatch, /copymultiple: the handler checks the named register's menu). */
  copies: defineCall({ ...call, id: 'ledgers.copies', path: P('GetCopyLedger'), input: copyLedgerQuery, data: totalled(copyLineSchema) }),
  /** The register by title of one or more batches (/singlebatch, /singlemultiple). */
  titles: defineCall({ ...call, id: 'ledgers.titles', path: P('GetTitleLedger'), input: titleLedgerQuery, data: totalled(titleLineSchema) }),
  /** The weeding register of a period. */
  weeding: defineCall({ ...call, id: 'ledgers.weeding', path: P('GetWeedingLedger'), perm: LEDGER_MENUS.weeding, input: weedingQuery, data: totalled(weedLineSchema) }),
  /** The school's name, batches, branches and resource types for the parameter forms (any register's menu). */
  options: defineCall({ ...call, id: 'ledgers.options', path: P('GetLedgerOptions'), input: z.object({ Ledger: kindField(LEDGER_KINDS) }), data: optionsSchema }),
  /** A register as .xlsx (headers in the caller's language), a job for the download panel. */
  export: defineCall({ ...call, id: 'ledgers.export', path: P('ExportLedger'), input: exportQuery, data: z.object({ DataID: z.string() }) }),
};

