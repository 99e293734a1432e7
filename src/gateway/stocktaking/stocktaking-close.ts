import type { Kysely, Transaction } from 'kysely';
import { changeCopy } from '../collection/copy-change.ts';
import { loadCalendar } from '../borrow-rules/borrow-rule-store.ts';
import { copyGoneFromHold, offerToQueue, type HoldActor } from '../holds/hold-store.ts';
import { writeTx } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { AppError } from '../http/app-error.ts';
import type { Owned } from './stocktaking-handlers.ts';
import { missingCondition } from './stocktaking-store.ts';

/**
 * Closing a stocktake marks each copy still missing as lost, through the state machine (markLost:
 * storage area 6, circulation state lost; the copy's history says which stocktake). We have no
 * separate "missing" state: FOLIO's "Missing" and Koha's "Missing" lost value are the same fact,
 * and lost copies are already what /loss-found looks for when a book turns up. The earlier state of
 * each copy is kept on its stocktake row, so the close can be undone the same way: found back to
 * its storage area, then locked or reserved again when it was so. A copy changed since the close
 * (found at the desk, weeded, lost again by someone else) is left alone and named in the answer.
 * A copy that was to be fetched for a hold is let go by it, as at the hold shelf's "not on shelf"
 * (the hold takes another free copy or waits in the queue); put back, it serves the queue again.
 */

async function holdActor(trx: Transaction<Database>, o: Owned, at: string): Promise<HoldActor> {
  return { schoolId: o.schoolId, userId: o.userId, now: at, calendar: (await loadCalendar(trx, o.schoolId)).calendar };
}

export async function closeStocktake(db: Kysely<Database>, o: Owned): Promise<number> {
  if (o.row.state === 'closed') throw AppError.refused('stocktaking:refused.closed', { name: o.row.name });
  const at = new Date().toISOString();
  return writeTx(db, async (trx) => {
    const state = await trx.selectFrom('stocktakes').select('state').where('id', '=', o.row.id).executeTakeFirstOrThrow();
    if (state.state === 'closed') throw AppError.refused('stocktaking:refused.closed', { name: o.row.name });
    const missing = await trx.selectFrom('stocktake_items as i').innerJoin('copies as c', 'c.id', 'i.copy_id')
      .select(['i.id as item_id', 'c.id', 'c.school_id', 'c.barcode', 'c.storage_area', 'c.circ_state', 'c.area_id'])
      .where('i.school_id', '=', o.schoolId).where('i.stocktake_id', '=', o.row.id).where(missingCondition()).where('i.marked', '=', 0)
      .orderBy('i.id').execute();
    const actor = missing.some((c) => c.circ_state === 'reserving') ? await holdActor(trx, o, at) : null;
    for (const copy of missing) {
      await changeCopy(trx, copy, 'markLost', { userId: o.userId, at, detail: { kind: 'stocktake', stocktakeId: o.row.id } });
      if (actor && copy.circ_state === 'reserving') await copyGoneFromHold(trx, actor, copy.id);
      await trx.updateTable('stocktake_items').set({ marked: 1, prev_storage: copy.storage_area, prev_circ: copy.circ_state }).where('id', '=', copy.item_id).execute();
    }
    await trx.updateTable('stocktakes').set({ state: 'closed', closed_at: at, closed_by: o.userId, marked: missing.length, updated_at: at })
      .where('id', '=', o.row.id).execute();
    return missing.length;
  });
}

export async function undoClose(db: Kysely<Database>, o: Owned): Promise<{ restored: number; skipped: string[] }> {
  if (o.row.state !== 'closed') throw AppError.refused('stocktaking:refused.notClosed', { name: o.row.name });
  const at = new Date().toISOString();
  return writeTx(db, async (trx) => {
    const state = await trx.selectFrom('stocktakes').select('state').where('id', '=', o.row.id).executeTakeFirstOrThrow();
    if (state.state !== 'closed') throw AppError.refused('stocktaking:refused.notClosed', { name: o.row.name });
    const marked = await trx.selectFrom('stocktake_items as i').innerJoin('copies as c', 'c.id', 'i.copy_id')
      .select(['i.id as item_id', 'i.prev_storage', 'i.prev_circ', 'c.id', 'c.school_id', 'c.barcode', 'c.storage_area', 'c.circ_state', 'c.area_id', 'c.branch_id', 'c.title_id',
        (eb) => eb.selectFrom('copy_events as e').select('e.detail').whereRef('e.copy_id', '=', 'c.id').where('e.school_id', '=', o.schoolId)
          .orderBy('e.id', 'desc').limit(1).as('last_detail'),
        (eb) => eb.selectFrom('copy_events as e').select('e.event').whereRef('e.copy_id', '=', 'c.id').where('e.school_id', '=', o.schoolId)
          .orderBy('e.id', 'desc').limit(1).as('last_event')])
      .where('i.school_id', '=', o.schoolId).where('i.stocktake_id', '=', o.row.id).where('i.marked', '=', 1).orderBy('i.id').execute();
    let restored = 0;
    const skipped: string[] = [];
    let actor: HoldActor | null = null;
    for (const copy of marked) {
      // Only a copy whose latest change is still this close's markLost is ours to put back.
      const ours = copy.last_event === 'markLost' && (JSON.parse(copy.last_detail ?? '{}') as { stocktakeId?: number }).stocktakeId === o.row.id;
      if (!ours || copy.area_id == null || copy.prev_storage == null) {
        skipped.push(copy.barcode);
      } else {
        const detail = { kind: 'stocktakeUndo', stocktakeId: o.row.id };
        await changeCopy(trx, copy, 'found', { userId: o.userId, at, detail, target: { branchId: copy.branch_id, areaId: copy.area_id, storage: copy.prev_storage } });
        const back = { ...copy, storage_area: copy.prev_storage, circ_state: 'available' };
        // Locked again; one that was kept for a hold goes to whoever waits for its title now.
        if (copy.prev_circ === 'locked') await changeCopy(trx, back, 'lock', { userId: o.userId, at, detail });
        else if (copy.prev_circ === 'reserving') await offerToQueue(trx, actor ??= await holdActor(trx, o, at), back);
        restored++;
      }
      await trx.updateTable('stocktake_items').set({ marked: 0, prev_storage: null, prev_circ: null }).where('id', '=', copy.item_id).execute();
    }
    await trx.updateTable('stocktakes').set({ state: 'paused', closed_at: null, closed_by: null, marked: 0, undone: 1, updated_at: at })
      .where('id', '=', o.row.id).execute();
    return { restored, skipped };
  });
}
