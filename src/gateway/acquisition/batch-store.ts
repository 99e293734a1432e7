import { sql, type Kysely, type Transaction } from 'kysely';
import type { Batch, BatchCopy } from '../../shared/api/acquisition.ts';
import type { Database } from '../db/schema.ts';
import { containsText } from '../db/like.ts';

/** Queries of acquisition batches; every one is scoped by the school. */

export type Db = Kysely<Database> | Transaction<Database>;

/** Batches with their branch and resource type; the figures from their copies come from withFigures. */
export function batchQuery(db: Db, schoolId: number) {
  return db.selectFrom('batches as b')
    .innerJoin('branches as br', 'br.id', 'b.branch_id')
    .leftJoin('resource_types as rt', 'rt.id', 'b.resource_type_id')
    .where('b.school_id', '=', schoolId)
    .select([
      'b.id', 'b.batch_no', 'b.state', 'b.branch_id', 'br.name as branch_name', 'br.en_name as branch_en_name',
      'b.resource_type_id', 'rt.name as type_name', 'rt.en_name as type_en_name', 'b.bookseller', 'b.currency',
      'b.discount_rate', 'b.registered_on', 'b.accepted_on', 'b.note', 'b.updated_at',
    ]);
}
type BaseRow = Awaited<ReturnType<ReturnType<typeof batchQuery>['executeTakeFirstOrThrow']>>;
export type BatchRow = BaseRow & { quantity: number; priceCents: number; paidCents: number };

/**
 * Quantity and totals of the given batches, computed from their copies in one grouped pass over
 * index copies_batch_ix (only these batches' copies are read). Sums are taken in whole cents, so
 * no float drift reaches the 2 decimals shown.
 */
export async function withFigures(db: Db, schoolId: number, rows: readonly BaseRow[]): Promise<BatchRow[]> {
  if (!rows.length) return [];
  const figures = await db.selectFrom('copies')
    .select((e) => [
      'batch_id',
      e.fn.countAll<number | string>().as('n'),
      sql<number | string>`coalesce(sum(round(price * 100)), 0)`.as('price_cents'),
      sql<number | string>`coalesce(sum(round(discount_price * 100)), 0)`.as('paid_cents'),
    ])
    .where('school_id', '=', schoolId)
    .where('batch_id', 'in', rows.map((r) => r.id))
    .groupBy('batch_id')
    .execute();
  const byBatch = new Map(figures.map((f) => [f.batch_id, f]));
  return rows.map((r) => {
    const f = byBatch.get(r.id);
    return { ...r, quantity: Number(f?.n ?? 0), priceCents: Math.round(Number(f?.price_cents ?? 0)), paidCents: Math.round(Number(f?.paid_cents ?? 0)) };
  });
}

/** Names go out in both languages (the screen switches language without reading the list again). */
export function batchDto(r: BatchRow): Batch {
  const quantity = r.quantity;
  return {
    ID: r.id,
    BatchNo: r.batch_no,
    State: r.state,
    BranchID: r.branch_id,
    BranchName: r.branch_name,
    BranchEnName: r.branch_en_name,
    ResourceTypeID: r.resource_type_id,
    ResourceTypeName: r.type_name ?? '',
    ResourceTypeEnName: r.type_en_name ?? '',
    Bookseller: r.bookseller,
    Currency: r.currency as Batch['Currency'],
    DiscountRate: Number(r.discount_rate),
    RegisteredOn: r.registered_on,
    AcceptedOn: r.accepted_on,
    Note: r.note,
    Quantity: quantity,
    TotalPrice: r.priceCents / 100,
    TotalDiscountPrice: r.paidCents / 100,
    InUse: quantity > 0,
    UpdateTime: r.updated_at,
  };
}

export async function findBatch(db: Db, schoolId: number, id: number): Promise<BatchRow | undefined> {
  const row = await batchQuery(db, schoolId).where('b.id', '=', id).executeTakeFirst();
  return row ? (await withFigures(db, schoolId, [row]))[0] : undefined;
}

/** How many copies a batch holds, in every branch (the figure deleting and re-assigning depend on). */
export async function copyCount(db: Db, schoolId: number, batchId: number): Promise<number> {
  const r = await db.selectFrom('copies').select((e) => e.fn.countAll<number | string>().as('n'))
    .where('school_id', '=', schoolId).where('batch_id', '=', batchId).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** The batch's copies the caller may see (`branchIds` null = every branch), by barcode. */
export async function batchCopiesPage(
  db: Db, schoolId: number, batchId: number,
  opts: { branchIds: readonly number[] | null; search?: string; page: number; rows: number },
): Promise<{ List: BatchCopy[]; Total: number }> {
  let q = db.selectFrom('copies as c')
    .innerJoin('titles as t', 't.id', 'c.title_id')
    .innerJoin('branches as br', 'br.id', 'c.branch_id')
    .where('c.school_id', '=', schoolId)
    .where('c.batch_id', '=', batchId);
  if (opts.branchIds) q = q.where('c.branch_id', 'in', opts.branchIds.length ? [...opts.branchIds] : [-1]);
  if (opts.search) {
    const s = opts.search;
    q = q.where((eb) => eb.or([containsText('c.barcode', s), containsText('c.call_no', s), containsText('t.title', s)]));
  }
  const total = await q.select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['c.id', 'c.barcode', 't.title', 'c.call_no', 'br.name as branch_name', 'br.en_name as branch_en_name', 'c.price', 'c.discount_price'])
    .orderBy('c.barcode').orderBy('c.id')
    .limit(opts.rows).offset((opts.page - 1) * opts.rows)
    .execute();
  return {
    Total: Number(total.n),
    List: rows.map((r) => ({
      ID: r.id, Barcode: r.barcode, Title: r.title, CallNo: r.call_no, BranchName: r.branch_name, BranchEnName: r.branch_en_name,
      Price: Math.round(Number(r.price) * 100) / 100, DiscountPrice: Math.round(Number(r.discount_price) * 100) / 100,
    })),
  };
}
