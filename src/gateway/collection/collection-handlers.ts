import { collectionCalls as C } from '../../shared/api/collection.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { handler, type CallContext, type HandlerMapFor } from '../http/handler-types.ts';
import { AppError } from '../http/app-error.ts';
import { requireUser } from '../access/call-context.ts';
import { branchScope } from '../access/access-scope.ts';
import { assertBatchAcceptsCopies, assertNotSettled } from '../acquisition/batch-rules.ts';
import { changeMany } from './change-many.ts';
import { changeCopy } from './copy-change.ts';
import { copyTies } from './copy-ties.ts';
import { copyByCode, copyById, historyOf, listCopies, sumCopies, toCopyRow } from './collection-store.ts';

const nowIso = () => new Date().toISOString();

async function scoped(ctx: CallContext) {
  const { userId, schoolId } = requireUser(ctx);
  return { userId, schoolId, scope: await branchScope(ctx) };
}

async function rowOf(ctx: CallContext, schoolId: number, ids: readonly number[] | null, id: number) {
  const row = await copyById(ctx.app.db, schoolId, ids, id);
  if (!row) throw AppError.notFound('collection:errors.noCopy');
  return row;
}

export const collectionHandlers = {
  'collection.list': handler(C.list, async (input, ctx) => {
    const { schoolId, scope } = await scoped(ctx);
    return listCopies(ctx.app.db, schoolId, scope.ids, input);
  }),
  'collection.sum': handler(C.sum, async (input, ctx) => {
    const { schoolId, scope } = await scoped(ctx);
    return sumCopies(ctx.app.db, schoolId, scope.ids, input);
  }),
  'collection.get': handler(C.get, async (input, ctx) => {
    const { schoolId, scope } = await scoped(ctx);
    const row = await rowOf(ctx, schoolId, scope.ids, input.ID);
    return { ...toCopyRow(row), Publisher: row.publisher, History: await historyOf(ctx.app.db, schoolId, row.id) };
  }),
  'collection.searchTypes': handler(C.searchTypes, async (_input, ctx) => {
    const both = (key: string) => ({ Name: ctx.app.i18n.t('zh-CN', key), EnName: ctx.app.i18n.t('en-US', key) });
    return ['SearchKey', 'BranchID', 'AreaID', 'Storage', 'CircState', 'BatchID', 'ClassNo'].map((f) => ({ Field: f, ...both(`collection:resources.copy.fields.${f}`) }));
  }),
  'collection.byCode': handler(C.byCode, async (input, ctx) => {
    const { schoolId, scope } = await scoped(ctx);
    const row = await copyByCode(ctx.app.db, schoolId, scope.ids, input.Code, true);
    if (!row) throw AppError.notFound('collection:errors.noCopyFor', { code: input.Code });
    return toCopyRow(row);
  }),
  'collection.byBarcode': handler(C.byBarcode, async (input, ctx) => {
    const { schoolId, scope } = await scoped(ctx);
    const row = await copyByCode(ctx.app.db, schoolId, scope.ids, input.Barcode, false);
    if (!row) throw AppError.notFound('collection:errors.noCopyFor', { code: input.Barcode });
    return toCopyRow(row);
  }),
  /**
   * The full edit of one copy. Moving it to another area is the state machine's 'allocate' (the
   * area gives the storage code); the other fields change in place; either way one history row
   * records what changed.
   */
  'collection.update': handler(C.update, async (input, ctx) => {
    const { userId, schoolId, scope } = await scoped(ctx);
    const rfid = input.RFID ? input.RFID.toUpperCase() : null;
    try {
      await writeTx(ctx.app.db, async (trx) => {
        const copy = await trx.selectFrom('copies').selectAll().where('school_id', '=', schoolId).where('id', '=', input.ID).executeTakeFirst();
        if (!copy || (scope.ids && !scope.ids.includes(copy.branch_id))) throw AppError.notFound('collection:errors.noCopy');
        const area = await trx.selectFrom('collection_areas').select(['id', 'branch_id', 'storage_area']).where('school_id', '=', schoolId).where('id', '=', input.AreaID).executeTakeFirst();
        if (!area) throw AppError.notFound();
        scope.require(area.branch_id);
        // Out of a closed batch, or a new price inside one: the batch is settled.
        if (Number(copy.price) !== input.Price || Number(copy.discount_price) !== input.DiscountPrice || input.BatchID !== copy.batch_id) {
          await assertNotSettled(trx, schoolId, copy);
        }
        // Into another batch: the rule cataloguing applies (open or accepted, its branch, its
        // resource type). A copy may keep the batch it was catalogued into after that one closes.
        if (input.BatchID != null && input.BatchID !== copy.batch_id) {
          const title = await trx.selectFrom('titles').select('resource_type_id').where('school_id', '=', schoolId).where('id', '=', copy.title_id).executeTakeFirstOrThrow();
          await assertBatchAcceptsCopies(trx, schoolId, input.BatchID, { branchId: area.branch_id, resourceTypeId: title.resource_type_id });
        }
        const patch = {
          barcode: input.Barcode, rfid, shelf_mark: input.ShelfMark, price: input.Price, discount_price: input.DiscountPrice,
          batch_id: input.BatchID, note: input.Note,
        };
        const changes = Object.fromEntries(Object.entries(patch).filter(([k, v]) => (copy as Record<string, unknown>)[k] !== v).map(([k, v]) => [k, { from: (copy as Record<string, unknown>)[k], to: v }]));
        const at = nowIso();
        if (area.id !== copy.area_id) {
          // A move, as on the allocation screen: not out of a class corner behind its back.
          const tie = (await copyTies(trx, schoolId, [copy.id], 'allocate')).get(copy.id);
          if (tie) throw AppError.refused(tie);
          await changeCopy(trx, copy, 'allocate', { target: { branchId: area.branch_id, areaId: area.id, storage: area.storage_area }, patch, detail: { changes }, userId, at });
        } else if (Object.keys(changes).length) {
          await trx.updateTable('copies').set({ ...patch, updated_at: at }).where('id', '=', copy.id).where('school_id', '=', schoolId).execute();
          await trx.insertInto('copy_events').values({ school_id: schoolId, copy_id: copy.id, barcode: input.Barcode, event: 'edit', user_id: userId, at, detail: JSON.stringify({ changes }) }).execute();
        }
      });
    } catch (err) {
      // The unique indexes judge, also when two edits race for the same barcode or tag.
      if (isUniqueViolation(err)) {
        const other = await ctx.app.db.selectFrom('copies').select(['barcode', 'rfid']).where('school_id', '=', schoolId).where('id', '!=', input.ID)
          .where((eb) => eb.or([eb('barcode', '=', input.Barcode), ...(rfid ? [eb('rfid', '=', rfid)] : [])])).executeTakeFirst();
        if (other && other.barcode !== input.Barcode && rfid) throw AppError.conflict('catalogue:errors.rfidDuplicated', { rfid });
        throw AppError.conflict('catalogue:errors.barcodeDuplicated', { barcode: input.Barcode });
      }
      throw err;
    }
    return toCopyRow((await copyById(ctx.app.db, schoolId, scope.ids, input.ID))!);
  }),
  'collection.changeState': handler(C.changeState, async (input, ctx) => {
    let target;
    if (input.Event === 'found') {
      const { schoolId } = requireUser(ctx);
      if (!input.AreaID) throw AppError.badRequest('collection:errors.areaForFound');
      const area = await ctx.app.db.selectFrom('collection_areas').select(['id', 'branch_id', 'storage_area']).where('school_id', '=', schoolId).where('id', '=', input.AreaID).executeTakeFirst();
      if (!area) throw AppError.notFound();
      (await branchScope(ctx)).require(area.branch_id);
      target = { branchId: area.branch_id, areaId: area.id, storage: area.storage_area };
    }
    return changeMany(ctx, input.IDs, input.Event, target);
  }),
  /**
   * Deletes copies the state machine lets go (never on loan or on hold). A copy that has ever been
   * lent keeps its loan history: it is refused here and should be weeded instead (Koha keeps
   * deleted items for the same reason); so is one in a class corner or named by an active hold
   * (change-many.ts asks copy-ties.ts). The title stays in the catalogue.
   */
  'collection.delete': handler(C.delete, async (input, ctx) => changeMany(ctx, input.IDs, 'delete', undefined)),
} satisfies HandlerMapFor<typeof C>;
