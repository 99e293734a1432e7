import type { CopyEvent } from '../../shared/domain/catalogue/copy-states.ts';
import { ACTIVE_HOLD_STATES } from '../../shared/api/holds.ts';
import type { Db } from '../catalogue/catalogue-store.ts';

/**
 * What ties a copy to a reader or a class outside its own state: an open desk loan, an active
 * hold, a class corner stay or corner loan. The state machine cannot see these (a copy lent from
 * a corner is 'available' in storage 8), so the collection's batch calls ask here before they
 * move, weed, lose or delete a copy, and refuse it per copy with the i18n key returned.
 */

/** The events of the collection screens that would cut such a tie (the desk's events manage their own). */
const GUARDED: Partial<Record<CopyEvent, true>> = { allocate: true, weed: true, markLost: true, delete: true };

/** The refusal key for each copy of `ids` that `event` must not touch, by copy id. */
export async function copyTies(db: Db, schoolId: number, ids: readonly number[], event: CopyEvent): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!GUARDED[event] || !ids.length) return out;
  const list = [...new Set(ids)];
  for (let i = 0; i < list.length; i += 500) {
    const part = list.slice(i, i + 500);
    // One after the other: inside a PostgreSQL transaction they share one connection anyway.
    const cornerLoans = await db.selectFrom('class_corner_loans').select('copy_id').where('school_id', '=', schoolId).where('copy_id', 'in', part).where('returned_at', 'is', null).execute();
    const stays = await db.selectFrom('class_corner_items').select('copy_id').where('school_id', '=', schoolId).where('copy_id', 'in', part).where('removed_at', 'is', null).execute();
    // A deletion keeps any loan history (weed instead); the other events only mind an open loan.
    const loans = await db.selectFrom('loans').select('copy_id').where('school_id', '=', schoolId).where('copy_id', 'in', part)
      .$if(event !== 'delete', (q) => q.where('returned_at', 'is', null)).execute();
    const holds = event === 'delete'
      ? await db.selectFrom('holds').select('copy_id').where('school_id', '=', schoolId).where('copy_id', 'in', part).where('state', 'in', [...ACTIVE_HOLD_STATES]).execute()
      : [];
    const mark = (rows: readonly { copy_id: number | null }[], key: string) => {
      for (const r of rows) if (r.copy_id != null && !out.has(r.copy_id)) out.set(r.copy_id, key);
    };
    // Most telling first: a corner loan before the corner stay it belongs to.
    mark(cornerLoans, 'collection:errors.cornerLoan');
    mark(stays, 'collection:errors.inClassCorner');
    mark(loans, event === 'delete' ? 'collection:errors.hasLoans' : 'collection:errors.onLoan');
    mark(holds, 'collection:errors.onHold');
  }
  return out;
}

/**
 * Before a copy is deleted: closed holds that once named it keep their reader, title and dates
 * but let go of the copy (holds.copy_id is a foreign key; an active hold refuses the deletion).
 */
export async function releaseClosedHolds(db: Db, schoolId: number, copyId: number): Promise<void> {
  await db.updateTable('holds').set({ copy_id: null }).where('school_id', '=', schoolId).where('copy_id', '=', copyId)
    .where('state', 'not in', [...ACTIVE_HOLD_STATES]).execute();
}
