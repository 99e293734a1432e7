import { acceptsCopies, settlesCopies, type BatchState } from '../../shared/domain/batch-rules.ts';
import { DEFAULT_UTC_OFFSET_MINUTES } from '../../shared/domain/borrowing/schemas.ts';
import { AppError } from '../http/app-error.ts';
import type { BatchInput } from '../../shared/api/acquisition.ts';
import type { Db } from './batch-store.ts';

/** The rules of acquisition batches that other slices rely on, and those the handlers share. */

export interface BatchForCopies {
  id: number;
  batchNo: string;
  branchId: number;
  resourceTypeId: number | null;
  /** Percent of the list price paid: price a copy with discountPrice(price, rate) (shared/domain/batch-rules.ts). */
  discountRate: number;
  currency: string;
}

/**
 * For the cataloguing slice, called inside the transaction that registers copies against a batch
 * (so a concurrent close cannot slip between check and insert): the batch must be this school's
 * (404 otherwise) and open or accepted (a closed batch: 409 naming it). With `copy`, the copies
 * must also belong where the batch does: its branch, and its resource type when it has one (409).
 * Returns what pricing the copies needs.
 */
export async function assertBatchAcceptsCopies(
  db: Db, schoolId: number, batchId: number,
  copy: { branchId?: number; resourceTypeId?: number | null } = {},
): Promise<BatchForCopies> {
  const b = await db.selectFrom('batches')
    .select(['id', 'batch_no', 'state', 'branch_id', 'resource_type_id', 'discount_rate', 'currency'])
    .where('school_id', '=', schoolId).where('id', '=', batchId)
    .executeTakeFirst();
  if (!b) throw AppError.notFound();
  if (!acceptsCopies(b.state)) throw AppError.conflict('acquisition:errors.closedNoCopies', { no: b.batch_no });
  if (copy.branchId != null && copy.branchId !== b.branch_id) throw AppError.conflict('acquisition:errors.copyBranch', { no: b.batch_no });
  if (b.resource_type_id != null && copy.resourceTypeId !== undefined && copy.resourceTypeId !== b.resource_type_id) {
    throw AppError.conflict('acquisition:errors.copyType', { no: b.batch_no });
  }
  return {
    id: b.id, batchNo: b.batch_no, branchId: b.branch_id, resourceTypeId: b.resource_type_id,
    discountRate: Number(b.discount_rate), currency: b.currency,
  };
}

/**
 * A closed batch is settled: what its copies cost and which copies it holds are what was paid,
 * and its totals are computed from them. A copy of a closed batch keeps its prices and its batch
 * (409 naming the copy and the batch); the batch is reopened to correct them, as for its own
 * fields. Called inside the transaction that changes the copy.
 */
export async function assertNotSettled(db: Db, schoolId: number, copy: { barcode: string; batch_id: number | null }): Promise<void> {
  if (copy.batch_id == null) return;
  const b = await db.selectFrom('batches').select(['batch_no', 'state']).where('school_id', '=', schoolId).where('id', '=', copy.batch_id).executeTakeFirst();
  if (b && settlesCopies(b.state)) throw AppError.conflict('acquisition:errors.closedCopyPrices', { barcode: copy.barcode, no: b.batch_no });
}

/** The stored fields an edit may change, in the input's names. */
export interface StoredBatch {
  batch_no: string;
  state: BatchState;
  branch_id: number;
  resource_type_id: number | null;
  bookseller: string;
  currency: string;
  discount_rate: number;
  registered_on: string;
  accepted_on: string | null;
  note: string;
}

/** The fields an edit changes besides the note (a closed batch allows none of them). */
export function changedBesidesNote(current: StoredBatch, input: BatchInput): string[] {
  const pairs: Array<[string, unknown, unknown]> = [
    ['BatchNo', current.batch_no, input.BatchNo],
    ['BranchID', current.branch_id, input.BranchID],
    ['ResourceTypeID', current.resource_type_id, input.ResourceTypeID],
    ['Bookseller', current.bookseller, input.Bookseller],
    ['Currency', current.currency, input.Currency],
    ['DiscountRate', Number(current.discount_rate), input.DiscountRate],
    ['RegisteredOn', current.registered_on, input.RegisteredOn],
    ['AcceptedOn', current.accepted_on, input.AcceptedOn],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([name]) => name);
}

/** Today in the school's time zone (+08:00, China has no daylight saving): the acceptance date. */
export function schoolToday(now = Date.now()): string {
  return new Date(now + DEFAULT_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}
