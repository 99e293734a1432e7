import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { BATCH_STATES, CURRENCIES } from '../domain/batch-rules.ts';
import { codeText, dateField, decimalField, idField, optionalText } from '../domain/fields.ts';

/**
 * Acquisition batches (验收批次, /batch): every copy is registered against a batch, which belongs to
 * a branch and moves open → accepted → closed. The spec names no batch calls, so they follow its
 * Literature/* style. Quantity and the two totals are computed from the batch's copies by the
 * query, never typed. Reads need `catalogue.batch.view`; writes `…edit`, state changes `…state`
 * and reopening a closed batch also `…reopen`.
 */

export const BATCH_PERMS = {
  view: 'catalogue.batch.view',
  edit: 'catalogue.batch.edit',
  state: 'catalogue.batch.state',
  reopen: 'catalogue.batch.reopen',
} as const;

const id = idField();
const batchState = z.enum(BATCH_STATES);
const currency = z.enum(CURRENCIES, { error: 'validation:acquisition.currency' });

export const batchSchema = z.object({
  ID: z.number().int(),
  BatchNo: z.string(),
  State: batchState,
  BranchID: z.number().int(),
  BranchName: z.string(),
  /** The branch's English name ('' when it has none): the screen picks by the language shown. */
  BranchEnName: z.string(),
  /** null: the batch may hold copies of any resource type. */
  ResourceTypeID: z.number().int().nullable(),
  ResourceTypeName: z.string(),
  ResourceTypeEnName: z.string(),
  Bookseller: z.string(),
  Currency: currency,
  /** Percent of the list price paid (85 = 15 % off). */
  DiscountRate: z.number(),
  RegisteredOn: z.iso.date(),
  AcceptedOn: z.iso.date().nullable(),
  Note: z.string(),
  /** Copies registered against the batch. */
  Quantity: z.number().int(),
  /** Sum of the copies' list prices, 2 decimals. */
  TotalPrice: z.number(),
  /** Sum of what was paid for them (discounted prices), 2 decimals. */
  TotalDiscountPrice: z.number(),
  /** Holds copies, so it cannot be deleted. */
  InUse: z.boolean(),
  UpdateTime: z.string(),
});
export type Batch = z.infer<typeof batchSchema>;

const batchBase = z.object({
  BatchNo: codeText({ max: 64, required: 'validation:required.batchNo', pattern: /^[A-Za-z0-9_./-]*$/, patternError: 'validation:acquisition.batchNoFormat' }),
  BranchID: idField('validation:required.branch'),
  ResourceTypeID: idField().nullable().default(null),
  Bookseller: optionalText(200),
  Currency: currency.default('CNY'),
  DiscountRate: decimalField(0, 100, 2).default(100),
  RegisteredOn: dateField('validation:required.registeredOn'),
  AcceptedOn: dateField().nullable().default(null),
  Note: optionalText(500, true).meta({ widget: 'textarea' }),
});
/** A batch is accepted on or after the day it was registered. */
const acceptedAfterRegistered = (v: { RegisteredOn: string; AcceptedOn: string | null }) => v.AcceptedOn == null || v.AcceptedOn >= v.RegisteredOn;
const acceptedAfterIssue = { error: 'validation:acquisition.acceptedBeforeRegistered', path: ['AcceptedOn'] };
export const batchInput = batchBase.refine(acceptedAfterRegistered, acceptedAfterIssue);
export const batchUpdateInput = batchBase.extend({ ID: id }).refine(acceptedAfterRegistered, acceptedAfterIssue);
export type BatchInput = z.output<typeof batchInput>;

export const batchListQuery = pageQuerySchema.extend({
  State: batchState.optional(),
  BranchID: idField(undefined, { coerce: true }).optional(),
});

/** The target state: accepted (accept, or reopen a closed batch) or closed. */
const stateInput = z.object({ ID: id, State: z.enum(['accepted', 'closed'], { error: 'validation:acquisition.state' }) });

export const batchCopySchema = z.object({
  ID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  CallNo: z.string(),
  BranchName: z.string(),
  BranchEnName: z.string(),
  Price: z.number(),
  DiscountPrice: z.number(),
});
export type BatchCopy = z.infer<typeof batchCopySchema>;
export const batchCopiesQuery = pageQuerySchema.extend({ BatchID: idField('validation:required.batch', { coerce: true }) });

const P = (action: string) => `${LIB}/Literature/${action}`;
const call = { method: 'POST' as const, auth: 'user' as const, spec: false };

export const acquisitionCalls = {
  getBatchList: defineCall({ ...call, id: 'acquisition.batch.list', path: P('GetBatchList'), perm: BATCH_PERMS.view, input: batchListQuery, data: pageOf(batchSchema) }),
  getBatchInfo: defineCall({ ...call, id: 'acquisition.batch.get', path: P('GetBatchInfo'), perm: BATCH_PERMS.view, input: z.object({ ID: id }), data: batchSchema }),
  addBatch: defineCall({ ...call, id: 'acquisition.batch.add', path: P('AddBatch'), perm: BATCH_PERMS.edit, input: batchInput, data: batchSchema }),
  updateBatch: defineCall({ ...call, id: 'acquisition.batch.update', path: P('UpdateBatch'), perm: BATCH_PERMS.edit, input: batchUpdateInput, data: batchSchema }),
  deleteBatch: defineCall({ ...call, id: 'acquisition.batch.delete', path: P('DeleteBatch'), perm: BATCH_PERMS.edit, input: z.object({ ID: id }), data: z.null() }),
  setBatchState: defineCall({ ...call, id: 'acquisition.batch.setState', path: P('SetBatchState'), perm: BATCH_PERMS.state, input: stateInput, data: batchSchema }),
  getBatchCopies: defineCall({ ...call, id: 'acquisition.batch.copies', path: P('GetBatchCopies'), perm: BATCH_PERMS.view, input: batchCopiesQuery, data: pageOf(batchCopySchema) }),
};
