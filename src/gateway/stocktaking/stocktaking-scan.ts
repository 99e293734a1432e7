import type { z } from 'zod';
import type { ScanReply, scanInput } from '../../shared/api/stocktaking.ts';
import { writeTx } from '../db/connect.ts';
import { prepared } from '../db/prepared.ts';
import { AppError } from '../http/app-error.ts';
import type { CallContext } from '../http/handler-types.ts';
import type { Owned } from './stocktaking-handlers.ts';
import { notExpectedReason } from './stocktaking-store.ts';

/**
 * One scan of a stocktake. The copy is found by barcode, else by the RFID tag's UID; its kind is
 * decided from its state now and where the desk says it is scanning: not expected (on loan, lost,
 * weeded, home area outside the stocktake), misplaced (home area, or shelf, differs from the desk's),
 * or found. A copy has one row per stocktake (unique index): a repeat scan updates where it was
 * last seen and counts once, and two desks scanning the same copy at once end in one row.
 */

type ScanInput = z.output<typeof scanInput>;

// The per-scan lookups, built and compiled once (db/prepared.ts): a desk scans hundreds an hour.
const copyByBarcode = prepared((db, p: { schoolId: number; code: string }) => db.selectFrom('copies as c').innerJoin('titles as t', 't.id', 'c.title_id')
  .leftJoin('collection_areas as a', 'a.id', 'c.area_id')
  .select(['c.id', 'c.barcode', 'c.call_no', 'c.area_id', 'c.storage_area', 'c.circ_state', 'c.shelf_mark', 't.title', 'a.name as area_name', 'a.en_name as area_en_name'])
  .where('c.school_id', '=', p.schoolId).where('c.barcode', '=', p.code));
const copyByRfid = prepared((db, p: { schoolId: number; code: string }) => db.selectFrom('copies as c').innerJoin('titles as t', 't.id', 'c.title_id')
  .leftJoin('collection_areas as a', 'a.id', 'c.area_id')
  .select(['c.id', 'c.barcode', 'c.call_no', 'c.area_id', 'c.storage_area', 'c.circ_state', 'c.shelf_mark', 't.title', 'a.name as area_name', 'a.en_name as area_en_name'])
  .where('c.school_id', '=', p.schoolId).where('c.rfid', '=', p.code));
const shelfOfMark = prepared((db, p: { schoolId: number; mark: string }) => db.selectFrom('shelf_positions').select('shelf_id')
  .where('school_id', '=', p.schoolId).where('code', '=', p.mark));
const itemOf = prepared((db, p: { stocktakeId: number; copyId: number }) => db.selectFrom('stocktake_items').select(['id', 'found_at'])
  .where('stocktake_id', '=', p.stocktakeId).where('copy_id', '=', p.copyId));

export async function scanCode(ctx: CallContext, o: Owned, input: ScanInput): Promise<ScanReply> {
  if (o.row.state !== 'open') throw AppError.refused(`stocktaking:refused.${o.row.state === 'closed' ? 'closed' : 'paused'}`, { name: o.row.name });
  const db = ctx.app.db;
  const areaIds = o.areas.map((a) => a.id);
  if (input.AreaID != null && !areaIds.includes(input.AreaID)) throw AppError.badRequest('stocktaking:refused.areaOutside');
  let shelfId: number | null = null;
  if (input.ShelfID != null) {
    const shelf = await db.selectFrom('shelves').select(['id', 'area_id']).where('school_id', '=', o.schoolId).where('id', '=', input.ShelfID).executeTakeFirst();
    if (!shelf || (input.AreaID != null && shelf.area_id !== input.AreaID)) throw AppError.badRequest('stocktaking:refused.shelfOutside');
    shelfId = shelf.id;
  }
  const p = { schoolId: o.schoolId };
  const copy = (await copyByBarcode.first(db, { ...p, code: input.Code }))
    ?? (input.Uid ? await copyByRfid.first(db, { ...p, code: input.Uid.toUpperCase() }) ?? await copyByRfid.first(db, { ...p, code: input.Uid }) : undefined)
    ?? await copyByRfid.first(db, { ...p, code: input.Code });
  const at = new Date().toISOString();
  if (!copy) {
    const inserted = await db.insertInto('stocktake_unknown')
      .values({ school_id: o.schoolId, stocktake_id: o.row.id, code: input.Code, area_id: input.AreaID ?? null, at, by_user: o.userId })
      .onConflict((oc) => oc.columns(['stocktake_id', 'code']).doNothing()).returning('id').executeTakeFirst();
    return { Result: 'unknown', Duplicate: !inserted, Barcode: input.Code, Title: '', CallNo: '', HomeArea: '', Reason: null };
  }
  const reason = notExpectedReason(copy, areaIds);
  let kind: 'found' | 'misplaced' | 'notExpected' = reason ? 'notExpected' : 'found';
  if (!reason && input.AreaID != null && copy.area_id !== input.AreaID) kind = 'misplaced';
  if (kind === 'found' && shelfId != null && copy.shelf_mark) {
    const home = await shelfOfMark.first(db, { schoolId: o.schoolId, mark: copy.shelf_mark });
    if (home && home.shelf_id !== shelfId) kind = 'misplaced';
  }
  const seen = { kind, reason, found_at: at, found_by: o.userId, found_area_id: input.AreaID ?? null, found_shelf_id: shelfId };
  const duplicate = await writeTx(db, async (trx) => {
    const item = await itemOf.first(trx, { stocktakeId: o.row.id, copyId: copy.id });
    if (item) {
      // Counted once: a repeat scan only updates where it was last seen (the first time stays as found_at).
      const { found_at: _first, ...place } = seen;
      await trx.updateTable('stocktake_items').set(item.found_at ? place : seen).where('id', '=', item.id).execute();
      return item.found_at != null;
    }
    await trx.insertInto('stocktake_items')
      .values({ school_id: o.schoolId, stocktake_id: o.row.id, copy_id: copy.id, expected: 0, home_area_id: copy.area_id, ...seen })
      .onConflict((oc) => oc.columns(['stocktake_id', 'copy_id']).doUpdateSet({ kind, reason, found_area_id: seen.found_area_id, found_shelf_id: shelfId }))
      .execute();
    return false;
  });
  return {
    Result: kind, Duplicate: duplicate, Barcode: copy.barcode, Title: copy.title, CallNo: copy.call_no,
    HomeArea: (ctx.lang === 'en-US' && copy.area_en_name) || copy.area_name || '', Reason: reason,
  };
}
