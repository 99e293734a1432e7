import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { codeText, dateField, idField } from '../domain/fields.ts';
import { barcodeField, batchResultSchema } from './collection.ts';
import { copyRowSchema } from './copy-row.ts';

/**
 * Allocation (调拨): moving copies to another branch or collection area — a list at once
 * (AllocationV2), one scanned copy at a time (BarCodeAllocation), and the record of moves. Every
 * move is the state machine's 'allocate'; the target area gives the storage code.
 */
export const ALLOCATION_PERMS = { allocate: 'collection.copies.allocate' } as const;

const call = { method: 'POST', auth: 'user', spec: true } as const;
const P = (action: string) => `${LIB}/Literature/${action}`;
const target = {
  AreaID: idField('validation:required.collectionArea'),
  ShelfMark: codeText({ max: 64 }).optional(),
};

export const allocationRecordSchema = z.object({
  ID: z.number().int(),
  At: z.string(),
  Barcode: z.string(),
  Title: z.string(),
  FromArea: z.string(),
  ToArea: z.string(),
  FromStorage: z.number().int(),
  ToStorage: z.number().int(),
  User: z.string(),
});

export const allocationCalls = {
  allocate: defineCall({
    ...call, id: 'allocation.allocate', path: P('AllocationV2'), perm: ALLOCATION_PERMS.allocate,
    input: z.object({ ...target, Barcodes: z.array(barcodeField()).min(1, { error: 'validation:collection.noCopies' }).max(1000) }),
    data: batchResultSchema,
  }),
  scan: defineCall({
    ...call, id: 'allocation.scan', path: P('BarCodeAllocation'), perm: ALLOCATION_PERMS.allocate,
    input: z.object({ ...target, Barcode: barcodeField('validation:required.barcode') }),
    data: copyRowSchema,
  }),
  records: defineCall({
    ...call, id: 'allocation.records', path: P('GetAllocationRecords'),
    input: pageQuerySchema.extend({ DateFrom: dateField().optional(), DateTo: dateField().optional() }),
    data: pageOf(allocationRecordSchema),
  }),
};
