import { acquisitionCalls as C, BATCH_PERMS, type BatchInput } from '../../shared/api/acquisition.ts';
import { sql } from 'kysely';
import { batchActionFor } from '../../shared/domain/batch-rules.ts';
import { writeTx, isUniqueViolation } from '../db/connect.ts';
import { containsText } from '../db/like.ts';
import { handler, type CallContext } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireSchool } from '../access/call-context.ts';
import { branchFilter, branchScope, inList, requireType, typeFilter } from '../access/access-scope.ts';
import { holds } from '../access/permissions.ts';
import { batchCopiesPage, batchDto, batchQuery, copyCount, findBatch, withFigures, type BatchRow, type Db } from './batch-store.ts';
import { changedBesidesNote, schoolToday } from './batch-rules.ts';

const nowIso = () => new Date().toISOString();

/**
 * The caller's reach over batches: the branches of their roles and, for batches bound to a
 * resource type, the types (a batch without a type is open to every role of its branch).
 */
async function scopeOf(ctx: CallContext) {
  const [branches, types] = await Promise.all([branchScope(ctx), typeFilter(ctx)]);
  return {
    branches,
    types,
    /** 403 for a batch outside the caller's branches or types (its existence in the school is no secret to staff). */
    require(row: { branch_id: number; resource_type_id: number | null }) {
      branches.require(row.branch_id);
      if (row.resource_type_id != null) requireType(types, row.resource_type_id);
    },
  };
}

/** The batch of this school (404 otherwise: another school's IDs are not found). */
async function batchOr404(db: Db, schoolId: number, id: number): Promise<BatchRow> {
  const row = await findBatch(db, schoolId, id);
  if (!row) throw AppError.notFound();
  return row;
}

/** The branch and resource type an input names must be this school's (404), and within the caller's scope (403). */
async function checkRefs(db: Db, schoolId: number, input: BatchInput, scope: Awaited<ReturnType<typeof scopeOf>>) {
  const branch = await db.selectFrom('branches').select('id').where('school_id', '=', schoolId).where('id', '=', input.BranchID).executeTakeFirst();
  if (!branch) throw AppError.notFound();
  if (input.ResourceTypeID != null) {
    const type = await db.selectFrom('resource_types').select('id').where('school_id', '=', schoolId).where('id', '=', input.ResourceTypeID).executeTakeFirst();
    if (!type) throw AppError.notFound();
  }
  scope.require({ branch_id: input.BranchID, resource_type_id: input.ResourceTypeID });
}

const values = (i: BatchInput) => ({
  batch_no: i.BatchNo, branch_id: i.BranchID, resource_type_id: i.ResourceTypeID, bookseller: i.Bookseller, currency: i.Currency,
  discount_rate: i.DiscountRate, registered_on: i.RegisteredOn, accepted_on: i.AcceptedOn, note: i.Note,
});

/** A duplicate batch number is found by the unique index (also in a race a pre-check cannot see). */
async function guardNo<T>(no: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict('acquisition:errors.batchNoExists', { no });
    throw err;
  }
}

/**
 * What a copy paid at `rate`, in SQL and exactly as discountPrice() computes it (integer cents ×
 * basis points, halves up, then yuan): integer arithmetic rounds alike on SQLite and PostgreSQL.
 */
const paidAt = (rate: number) =>
  // The rate is inlined as an integer literal: a bound JS number is a float to SQLite, which would
  // turn the integer division below into a float one.
  sql<number>`((cast(round(price * 100) as bigint) * ${sql.lit(Math.round(rate * 100))} + 5000) / 10000) / 100.0`;

/**
 * A new discount rate re-prices the copies that followed the old one (within a cent of their list
 * price × the old rate); a copy priced by hand (a gift at 0, a special offer) keeps its price.
 */
async function reprice(trx: Db, schoolId: number, batchId: number, oldRate: number, newRate: number, at: string) {
  await trx.updateTable('copies').set({ discount_price: paidAt(newRate), updated_at: at })
    .where('school_id', '=', schoolId).where('batch_id', '=', batchId)
    .where(sql<boolean>`abs(discount_price - ${paidAt(oldRate)}) < 0.006`)
    .execute();
}

const stateLabel = (ctx: CallContext, s: string) => ctx.t(`acquisition:states.${s}`);

export const acquisitionHandlers = {
  'acquisition.batch.list': handler(C.getBatchList, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const [branches, types] = await Promise.all([branchFilter(ctx), typeFilter(ctx)]);
    let q = batchQuery(ctx.app.db, schoolId);
    if (branches) q = q.where('b.branch_id', 'in', inList(branches));
    if (types) q = q.where((eb) => eb.or([eb('b.resource_type_id', 'is', null), eb('b.resource_type_id', 'in', inList(types))]));
    if (input.State) q = q.where('b.state', '=', input.State);
    if (input.BranchID) q = q.where('b.branch_id', '=', input.BranchID);
    const key = input.SearchKey?.trim();
    if (key) q = q.where((eb) => eb.or([containsText('b.batch_no', key), containsText('b.bookseller', key)]));
    const total = await q.clearSelect().select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('b.registered_on', 'desc').orderBy('b.id', 'desc')
      .limit(input.Rows).offset((input.Page - 1) * input.Rows).execute();
    return { Total: Number(total.n), List: (await withFigures(ctx.app.db, schoolId, rows)).map(batchDto) };
  }),

  'acquisition.batch.get': handler(C.getBatchInfo, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await scopeOf(ctx);
    const row = await batchOr404(ctx.app.db, schoolId, input.ID);
    scope.require(row);
    return batchDto(row);
  }),

  'acquisition.batch.add': handler(C.addBatch, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await scopeOf(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      await checkRefs(trx, schoolId, input, scope);
      const at = nowIso();
      const { id } = await guardNo(input.BatchNo, () =>
        trx.insertInto('batches').values({ school_id: schoolId, state: 'open', ...values(input), created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow());
      return batchDto(await batchOr404(trx, schoolId, id));
    });
  }),

  'acquisition.batch.update': handler(C.updateBatch, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await scopeOf(ctx);
    return writeTx(ctx.app.db, async (trx) => {
      const current = await batchOr404(trx, schoolId, input.ID);
      // Both ends: where the batch is now and where the edit would put it.
      scope.require(current);
      await checkRefs(trx, schoolId, input, scope);
      const changed = changedBesidesNote(current, input);
      if (current.state === 'closed' && changed.length) throw AppError.conflict('acquisition:errors.closedOnlyNote', { no: current.batch_no });
      const held = current.quantity;
      // Copies carry their branch (and their title its type): moving the batch would split them from it.
      if (held && changed.includes('BranchID')) throw AppError.conflict('acquisition:errors.branchLocked', { no: current.batch_no, count: held });
      if (held && changed.includes('ResourceTypeID')) throw AppError.conflict('acquisition:errors.typeLocked', { no: current.batch_no, count: held });
      const at = nowIso();
      await guardNo(input.BatchNo, () =>
        trx.updateTable('batches').set({ ...values(input), updated_at: at }).where('school_id', '=', schoolId).where('id', '=', input.ID).execute());
      if (held && changed.includes('DiscountRate')) await reprice(trx, schoolId, input.ID, Number(current.discount_rate), input.DiscountRate, at);
      return batchDto(await batchOr404(trx, schoolId, input.ID));
    });
  }),

  'acquisition.batch.delete': handler(C.deleteBatch, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await scopeOf(ctx);
    await writeTx(ctx.app.db, async (trx) => {
      const current = await batchOr404(trx, schoolId, input.ID);
      scope.require(current);
      // Counted in every branch: a copy allocated elsewhere still came from this batch.
      const held = await copyCount(trx, schoolId, input.ID);
      if (held) throw AppError.conflict('acquisition:errors.batchHasCopies', { no: current.batch_no, count: held });
      await trx.deleteFrom('batches').where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
    });
    return null;
  }),

  'acquisition.batch.setState': handler(C.setBatchState, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await scopeOf(ctx);
    const p = ctx.principal;
    const perms = p?.userId != null ? await ctx.app.permissions.of(p.userId, p.schoolId) : null;
    return writeTx(ctx.app.db, async (trx) => {
      const current = await batchOr404(trx, schoolId, input.ID);
      scope.require(current);
      const no = current.batch_no;
      if (current.state === input.State) throw AppError.conflict('acquisition:errors.alreadyInState', { no, state: stateLabel(ctx, current.state) });
      const action = batchActionFor(current.state, input.State);
      if (!action) throw AppError.conflict('acquisition:errors.illegalTransition', { no, from: stateLabel(ctx, current.state), to: stateLabel(ctx, input.State) });
      // Reopening undoes a settlement, so it is an operation of its own.
      if (action === 'reopen' && !(perms && holds(perms, BATCH_PERMS.reopen))) throw AppError.forbidden();
      const today = schoolToday();
      // An acceptance is recorded on a real day: not before the batch was registered.
      if (action === 'accept' && !current.accepted_on && current.registered_on > today) {
        throw AppError.conflict('acquisition:errors.registeredInFuture', { no, date: current.registered_on });
      }
      await trx.updateTable('batches')
        .set({ state: input.State, updated_at: nowIso(), ...(action === 'accept' && !current.accepted_on ? { accepted_on: today } : {}) })
        .where('school_id', '=', schoolId).where('id', '=', input.ID).execute();
      return batchDto(await batchOr404(trx, schoolId, input.ID));
    });
  }),

  'acquisition.batch.copies': handler(C.getBatchCopies, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    const scope = await scopeOf(ctx);
    const batch = await batchOr404(ctx.app.db, schoolId, input.BatchID);
    scope.require(batch);
    return batchCopiesPage(ctx.app.db, schoolId, input.BatchID, {
      branchIds: scope.branches.ids, search: input.SearchKey?.trim() || undefined, page: input.Page, rows: input.Rows,
    });
  }),
};
