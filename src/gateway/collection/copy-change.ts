import type { Transaction, Updateable } from 'kysely';
import type { Database } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import { applyCopyEvent, storageAreaName, type CirculationState, type CopyEvent, type CopyState } from '../../shared/domain/catalogue/copy-states.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The one way a copy's state changes: every call that moves, weeds, loses, finds, lends, locks or
 * deletes a copy goes through here, so the state machine of shared/domain/catalogue/copy-states.ts
 * is enforced in one place and every change leaves a copy_events row (the copy's history).
 * Allocation, bulk editing and the circulation desk reuse it unchanged.
 */

/** The columns of a copy this function needs (a row of `copies`, or part of one). */
export interface CopyForChange {
  id: number;
  school_id: number;
  barcode: string;
  storage_area: number;
  circ_state: string;
  /** For the history's "from" area of a move. */
  area_id?: number | null;
}

export interface CopyChangeTarget {
  branchId: number;
  areaId: number;
  /** The storage code of the target area (areas carry one; spec section 4). */
  storage: number;
}

export interface CopyChangeOptions {
  /** For 'allocate' and 'found': where the copy goes. */
  target?: CopyChangeTarget;
  /** Other columns the same change writes (shelf mark, note …). */
  patch?: Updateable<Database['copies']>;
  /** Extra facts for the history row (reason, batch …). */
  detail?: Record<string, unknown>;
  userId: number | null;
  /** One timestamp for a whole batch. */
  at?: string;
}

/**
 * The refusal of `event` for `copy`, or the next state. The refusal names the copy, its state and
 * the attempted change in the caller's language (nested keys are translated by the error handler).
 */
export function checkCopyChange(copy: CopyForChange, event: CopyEvent, targetStorage?: number):
  | { ok: true; next: CopyState }
  | { ok: false; error: AppError } {
  const result = applyCopyEvent({ storage: copy.storage_area, circ: copy.circ_state as CirculationState }, event, targetStorage);
  if (result.ok) return result;
  return {
    ok: false,
    error: AppError.refused(result.messageKey, {
      barcode: copy.barcode,
      state: { $t: `catalogue:circ.${copy.circ_state}` },
      area: { $t: `catalogue:storage.${storageAreaName(copy.storage_area) ?? 'cataloguing'}` },
      action: { $t: `catalogue:event.${event}` },
    }, { CopyID: copy.id, Barcode: copy.barcode, State: copy.circ_state, Storage: copy.storage_area, Event: event }),
  };
}

/**
 * Applies `event` to `copy` inside `trx`: refuses an illegal change with 409, writes the new
 * state (and the patch) and a history row. Returns the new state. 'delete' removes the row and
 * keeps the history row (copy_events has no foreign key to copies, on purpose).
 */
export async function changeCopy(trx: Transaction<Database>, copy: CopyForChange, event: CopyEvent, opts: CopyChangeOptions): Promise<CopyState> {
  const checked = checkCopyChange(copy, event, opts.target?.storage);
  if (!checked.ok) throw checked.error;
  const { next } = checked;
  const at = opts.at ?? new Date().toISOString();
  const detail: Record<string, unknown> = {
    from: { storage: copy.storage_area, circ: copy.circ_state },
    to: { storage: next.storage, circ: next.circ },
    ...opts.detail,
  };
  if (event === 'delete') {
    await trx.deleteFrom('copies').where('id', '=', copy.id).where('school_id', '=', copy.school_id).execute();
  } else if (!opts.patch && !opts.target) {
    // The desk's case (lend, return, renew): the state alone, prepared. When the storage area
    // stays (a lend, a return), it is left out of the SET: SQLite rewrites every index holding a
    // column the SET names, even to the same value, and the reports' covering indexes of the
    // copies (migration 0042) hold the storage area but not the circulation state.
    if (next.storage === copy.storage_area) await setCircQuery.run(trx, { circ: next.circ, at, id: copy.id, schoolId: copy.school_id });
    else await setStateQuery.run(trx, { storage: next.storage, circ: next.circ, at, id: copy.id, schoolId: copy.school_id });
  } else {
    const values: Updateable<Database['copies']> = {
      ...opts.patch,
      storage_area: next.storage,
      circ_state: next.circ,
      updated_at: at,
    };
    if (opts.target) {
      values.branch_id = opts.target.branchId;
      values.area_id = opts.target.areaId;
      detail.fromArea = copy.area_id ?? null;
      detail.toArea = opts.target.areaId;
      detail.toBranch = opts.target.branchId;
    }
    await trx.updateTable('copies').set(values).where('id', '=', copy.id).where('school_id', '=', copy.school_id).execute();
  }
  await copyEventQuery.run(trx, { schoolId: copy.school_id, copyId: copy.id, barcode: copy.barcode, event, userId: opts.userId, at, detail: JSON.stringify(detail) });
  return next;
}

// Every copy change writes these: built and compiled once (db/prepared.ts).
const setStateQuery = prepared((db, p: { storage: number; circ: string; at: string; id: number; schoolId: number }) => db.updateTable('copies')
  .set({ storage_area: p.storage, circ_state: p.circ, updated_at: p.at }).where('id', '=', p.id).where('school_id', '=', p.schoolId));
const setCircQuery = prepared((db, p: { circ: string; at: string; id: number; schoolId: number }) => db.updateTable('copies')
  .set({ circ_state: p.circ, updated_at: p.at }).where('id', '=', p.id).where('school_id', '=', p.schoolId));
const copyEventQuery = prepared((db, p: { schoolId: number; copyId: number; barcode: string; event: string; userId: number | null; at: string; detail: string }) =>
  db.insertInto('copy_events').values({ school_id: p.schoolId, copy_id: p.copyId, barcode: p.barcode, event: p.event, user_id: p.userId, at: p.at, detail: p.detail }));
