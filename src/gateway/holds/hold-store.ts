import type { Kysely, Transaction } from 'kysely';
import { HOLD_PICKUP_OPEN_DAYS, MAX_ACTIVE_HOLDS, type HeldFor } from '../../shared/api/holds.ts';
import { isClosedDay } from '../../shared/domain/borrowing/due-dates.ts';
import { addDays, endOfLocalDay, toLocalDay } from '../../shared/domain/borrowing/local-days.ts';
import type { SchoolCalendar } from '../../shared/domain/borrowing/schemas.ts';
import { LENDING_AREAS } from '../../shared/domain/catalogue/copy-states.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { changeCopy, type CopyForChange } from '../collection/copy-change.ts';
import type { Database, HoldsTable } from '../db/schema.ts';
import { prepared } from '../db/prepared.ts';
import { classNameOf } from '../circulation/circulation-store.ts';
import { isUniqueViolation, writeTx } from '../db/connect.ts';
import { AppError } from '../http/app-error.ts';

/**
 * The hold queue's moves, inside the caller's transaction: the desk calls them when it lends and
 * returns, the /reservation screen when it places, shelves, cancels and expires. A copy is bound to
 * at most one active hold (holds_active_copy_uq) and moves through the shared state machine:
 * available → reserving (to fetch) → reserved (on the hold shelf) → borrowed by that reader, or
 * back to available when nobody else waits.
 */

type Db = Kysely<Database> | Transaction<Database>;
type Trx = Transaction<Database>;
export type HoldRow = Omit<HoldsTable, 'id' | 'note'> & { id: number; note: string };

export interface HoldActor {
  schoolId: number;
  /** The staff user (journal and copy history). */
  userId: number;
  now: string;
  calendar: SchoolCalendar;
}

/** The last day to collect a copy put on the hold shelf on `now`'s day: the Nth open day after it. */
export function pickupDay(now: string, calendar: SchoolCalendar): string {
  let day = toLocalDay(now, calendar.UtcOffsetMinutes);
  // A calendar with no open day for weeks is misconfigured; count plain days after a month.
  for (let n = 0, guard = 0; n < HOLD_PICKUP_OPEN_DAYS; guard++) {
    day = addDays(day, 1);
    if (guard > 31 || !isClosedDay(day, calendar)) n++;
  }
  return day;
}

export function activeHoldOfCopy(db: Db, schoolId: number, copyId: number): Promise<HoldRow | undefined> {
  return db.selectFrom('holds').selectAll().where('school_id', '=', schoolId).where('copy_id', '=', copyId)
    .where('state', 'in', ['notFound', 'found']).executeTakeFirst();
}

const queued = (db: Kysely<Database>, schoolId: number, titleId: number) => db.selectFrom('holds').selectAll()
  .where('school_id', '=', schoolId).where('title_id', '=', titleId).where('state', '=', 'notFound').where('copy_id', 'is', null);
// Every return asks it (prepared: db/prepared.ts).
const nextQueuedQuery = prepared((db, p: { schoolId: number; titleId: number }) => queued(db, p.schoolId, p.titleId).orderBy('id').limit(1));
const nextQueuedButQuery = prepared((db, p: { schoolId: number; titleId: number; excludeId: number }) =>
  queued(db, p.schoolId, p.titleId).where('id', '!=', p.excludeId).orderBy('id').limit(1));

const waitingOtherQuery = prepared((db, p: { schoolId: number; titleId: number; readerId: number }) =>
  queued(db, p.schoolId, p.titleId).where('user_id', '!=', p.readerId).select('id').limit(1));

/** Whether a reader other than `readerId` waits in the title's queue (a renewal would keep the copy from them). */
export async function holdWaitsFor(db: Db, schoolId: number, titleId: number, readerId: number): Promise<boolean> {
  return (await waitingOtherQuery.first(db, { schoolId, titleId, readerId })) != null;
}

/** The first reader in a title's queue still without a copy. */
function nextQueued(db: Db, schoolId: number, titleId: number, excludeId?: number): Promise<HoldRow | undefined> {
  return excludeId != null ? nextQueuedButQuery.first(db, { schoolId, titleId, excludeId }) : nextQueuedQuery.first(db, { schoolId, titleId });
}

/** A free copy of the title on a lending shelf, for a new hold to fetch (not `exceptCopyId`). */
export function freeCopyOf(db: Db, schoolId: number, titleId: number, exceptCopyId?: number) {
  let q = db.selectFrom('copies').select(['id', 'school_id', 'barcode', 'storage_area', 'circ_state', 'area_id', 'title_id'])
    .where('school_id', '=', schoolId).where('title_id', '=', titleId).where('circ_state', '=', 'available')
    .where('storage_area', 'in', [...LENDING_AREAS]);
  if (exceptCopyId != null) q = q.where('id', '!=', exceptCopyId);
  return q.orderBy('id').limit(1).executeTakeFirst();
}

type HoldCopy = CopyForChange & { title_id: number };

/** Puts `copy` (available or being fetched) on the hold shelf for `hold`; the pickup day starts now. */
export async function shelveFor(trx: Trx, a: HoldActor, copy: HoldCopy, hold: HoldRow): Promise<HoldRow> {
  const detail = { holdId: hold.id, readerId: hold.user_id };
  if (copy.circ_state !== 'reserved') await changeCopy(trx, copy, 'reserveReady', { userId: a.userId, at: a.now, detail });
  const expires = endOfLocalDay(pickupDay(a.now, a.calendar), a.calendar.UtcOffsetMinutes);
  const values = { state: 'found', copy_id: copy.id, found_at: a.now, expires_at: expires };
  await trx.updateTable('holds').set(values).where('id', '=', hold.id).where('school_id', '=', a.schoolId).execute();
  return { ...hold, ...values };
}

/** Binds an available copy on the shelf to a queued hold: staff are to fetch it (the pull list). */
async function toFetch(trx: Trx, a: HoldActor, copy: HoldCopy, hold: HoldRow): Promise<HoldRow> {
  await changeCopy(trx, copy, 'reserve', { userId: a.userId, at: a.now, detail: { holdId: hold.id, readerId: hold.user_id } });
  await trx.updateTable('holds').set({ copy_id: copy.id }).where('id', '=', hold.id).where('school_id', '=', a.schoolId).execute();
  return { ...hold, copy_id: copy.id };
}

/** After a new hold is placed: a free copy on the shelf is bound to it at once (to fetch). */
export async function bindFreeCopy(trx: Trx, a: HoldActor, hold: HoldRow, exceptCopyId?: number): Promise<HoldRow> {
  const copy = await freeCopyOf(trx, a.schoolId, hold.title_id, exceptCopyId);
  return copy ? toFetch(trx, a, copy, hold) : hold;
}

/**
 * A copy no longer kept for its hold (cancelled, expired, collected by another copy, not found):
 * the next reader in the title's queue gets it — on the hold shelf if it is there, to fetch if it
 * is still on the shelves — or it is free again.
 */
export async function releaseCopy(trx: Trx, a: HoldActor, copyId: number, releasedHoldId: number): Promise<void> {
  const copy = await trx.selectFrom('copies').select(['id', 'school_id', 'barcode', 'storage_area', 'circ_state', 'area_id', 'title_id'])
    .where('school_id', '=', a.schoolId).where('id', '=', copyId).executeTakeFirst();
  if (!copy || (copy.circ_state !== 'reserved' && copy.circ_state !== 'reserving')) return;
  const next = await nextQueued(trx, a.schoolId, copy.title_id, releasedHoldId);
  if (next && copy.circ_state === 'reserved') await shelveFor(trx, a, copy, next);
  else if (next) await trx.updateTable('holds').set({ copy_id: copy.id }).where('id', '=', next.id).where('school_id', '=', a.schoolId).execute();
  else await changeCopy(trx, copy, 'cancelReservation', { userId: a.userId, at: a.now, detail: { holdId: releasedHoldId } });
}

/**
 * A copy that was to be fetched for a hold is gone (registered lost): the hold lets it go and
 * fetches another free copy instead, or waits in the queue, as "not on shelf" does at the desk.
 */
export async function copyGoneFromHold(trx: Trx, a: HoldActor, copyId: number): Promise<void> {
  const hold = await activeHoldOfCopy(trx, a.schoolId, copyId);
  if (hold && hold.state === 'notFound') await fetchAnotherFor(trx, a, hold, copyId);
}

/**
 * A copy back on a lending shelf (found again after a loss, a stocktake's close undone): the first
 * reader of its title's queue still without a copy gets it, to fetch; otherwise it stays free.
 */
export async function offerToQueue(trx: Trx, a: HoldActor, copy: HoldCopy): Promise<void> {
  if (copy.circ_state !== 'available' || !(LENDING_AREAS as readonly number[]).includes(copy.storage_area)) return;
  const next = await nextQueued(trx, a.schoolId, copy.title_id);
  if (next) await toFetch(trx, a, copy, next);
}

/** A hold whose copy to fetch is not to be had: another free copy is fetched instead, or it waits in the queue. */
export async function fetchAnotherFor(trx: Trx, a: HoldActor, hold: HoldRow, goneCopyId: number): Promise<HoldRow> {
  await trx.updateTable('holds').set({ copy_id: null }).where('id', '=', hold.id).where('school_id', '=', a.schoolId).execute();
  return bindFreeCopy(trx, a, { ...hold, copy_id: null }, goneCopyId);
}

/** Cancels an active hold and passes its copy, if it had one, to the next reader or the shelf. */
export async function cancelHold(trx: Trx, a: HoldActor, hold: HoldRow, note: string): Promise<void> {
  await trx.updateTable('holds').set({ state: 'cancelled', closed_at: a.now, closed_by: a.userId, note })
    .where('id', '=', hold.id).where('school_id', '=', a.schoolId).execute();
  if (hold.copy_id != null) await releaseCopy(trx, a, hold.copy_id, hold.id);
}

/**
 * Whether `readerId` may borrow a copy that is kept for a hold: only the reader it is kept for.
 * Returns the hold (the lend then fulfils it), 'free' when the copy is kept for nobody, or null
 * when it is kept for someone else.
 */
export async function holdForLend(db: Db, schoolId: number, copy: { id: number; circ_state: string }, readerId: number): Promise<HoldRow | 'free' | null> {
  if (copy.circ_state !== 'reserved' && copy.circ_state !== 'reserving') return 'free';
  const hold = await activeHoldOfCopy(db, schoolId, copy.id);
  if (!hold) return 'free';
  return hold.user_id === readerId ? hold : null;
}

/**
 * Before a copy kept for `hold` is lent to its reader: a copy still being fetched goes through the
 * hold shelf first, so the state machine's borrow (from reserved) applies.
 */
export async function readyForLend(trx: Trx, a: HoldActor, copy: HoldCopy, hold: HoldRow): Promise<HoldCopy> {
  if (copy.circ_state === 'reserved') return copy;
  await shelveFor(trx, a, copy, hold);
  return { ...copy, circ_state: 'reserved' };
}

/**
 * After a loan: the reader's active hold on the title ends as received (whichever copy they took);
 * a different copy kept for that hold goes to the next reader or back to the shelf.
 */
export async function onLent(trx: Trx, a: HoldActor, readerId: number, titleId: number, copyId: number, loanId: number): Promise<void> {
  const hold = await activeHoldOfReaderQuery.first(trx, { schoolId: a.schoolId, titleId, readerId });
  if (!hold) return;
  await trx.updateTable('holds').set({ state: 'received', closed_at: a.now, closed_by: a.userId, loan_id: loanId })
    .where('id', '=', hold.id).where('school_id', '=', a.schoolId).execute();
  if (hold.copy_id != null && hold.copy_id !== copyId) await releaseCopy(trx, a, hold.copy_id, hold.id);
}

// Every loan asks it (prepared: db/prepared.ts).
const activeHoldOfReaderQuery = prepared((db, p: { schoolId: number; titleId: number; readerId: number }) => db.selectFrom('holds').selectAll()
  .where('school_id', '=', p.schoolId).where('title_id', '=', p.titleId).where('user_id', '=', p.readerId).where('state', 'in', ['notFound', 'found']));

/** After a return: the first reader waiting for the title gets the copy on the hold shelf. */
export async function onReturned(trx: Trx, a: HoldActor, copy: HoldCopy, lang: Language): Promise<HeldFor | null> {
  const next = await nextQueued(trx, a.schoolId, copy.title_id);
  if (!next) return null;
  const held = await shelveFor(trx, a, copy, next);
  return heldFor(trx, a.schoolId, held, a.calendar, lang);
}

export async function heldFor(db: Db, schoolId: number, hold: HoldRow, calendar: SchoolCalendar, lang: Language): Promise<HeldFor> {
  const reader = await db.selectFrom('users').select(['reader_id', 'name', 'dept_id']).where('school_id', '=', schoolId).where('id', '=', hold.user_id).executeTakeFirstOrThrow();
  return {
    HoldID: hold.id, ReaderID: reader.reader_id, ReaderName: reader.name,
    ClassName: await classNameOf(db, schoolId, reader.dept_id, lang),
    ExpiresDay: hold.expires_at ? toLocalDay(hold.expires_at, calendar.UtcOffsetMinutes) : '',
  };
}

/**
 * Undoing a return that put the copy on the hold shelf: the hold goes back to the queue (its place
 * kept) and the copy leaves the shelf state, so the undo's borrow applies.
 */
export async function unshelveForUndo(trx: Trx, schoolId: number, copyId: number): Promise<void> {
  await trx.updateTable('holds').set({ state: 'notFound', copy_id: null, found_at: null, expires_at: null })
    .where('school_id', '=', schoolId).where('copy_id', '=', copyId).where('state', '=', 'found').execute();
}

/** Undoing a loan that fulfilled a hold: the hold is open again, on the hold shelf with this copy. */
export async function reopenForUndo(trx: Trx, a: HoldActor, loanId: number, copy: HoldCopy): Promise<void> {
  const hold = await trx.selectFrom('holds').selectAll().where('school_id', '=', a.schoolId).where('loan_id', '=', loanId).where('state', '=', 'received').executeTakeFirst();
  if (!hold) return;
  await trx.updateTable('holds').set({ state: 'notFound', closed_at: null, closed_by: null, loan_id: null, copy_id: null })
    .where('id', '=', hold.id).where('school_id', '=', a.schoolId).execute();
  await shelveFor(trx, a, copy, { ...hold, state: 'notFound', copy_id: null });
}

/** Holds whose pickup day has passed: expired, their copies passed on or freed. Returns how many. */
export async function expireDue(db: Kysely<Database>, a: HoldActor, run: <T>(fn: (trx: Trx) => Promise<T>) => Promise<T>): Promise<number> {
  const due = await db.selectFrom('holds').select('id').where('school_id', '=', a.schoolId).where('state', '=', 'found')
    .where('expires_at', '<', a.now).orderBy('id').limit(500).execute();
  let n = 0;
  for (const { id } of due) {
    n += await run(async (trx) => {
      const hold = await trx.selectFrom('holds').selectAll().where('id', '=', id).where('school_id', '=', a.schoolId).where('state', '=', 'found').executeTakeFirst();
      if (!hold) return 0;
      await trx.updateTable('holds').set({ state: 'expired', closed_at: a.now, closed_by: null })
        .where('id', '=', hold.id).where('school_id', '=', a.schoolId).execute();
      if (hold.copy_id != null) await releaseCopy(trx, a, hold.copy_id, hold.id);
      return 1;
    });
  }
  return n;
}

/**
 * Places a hold for `readerId` on `title` (the desk for a reader, or the reader on the portal):
 * one open hold per title, at most MAX_ACTIVE_HOLDS, not on a title the reader has on loan, only
 * on a title with a copy that lends. A free copy is bound at once (to fetch). Returns the hold's id.
 */
export async function placeHold(db: Kysely<Database>, a: HoldActor, readerId: number, title: { id: number; title: string }): Promise<number> {
  try {
    return await writeTx(db, async (trx) => {
      const active = await trx.selectFrom('holds').select(['title_id']).where('school_id', '=', a.schoolId).where('user_id', '=', readerId).where('state', 'in', ['notFound', 'found']).execute();
      if (active.some((h) => h.title_id === title.id)) throw AppError.refused('holds:refused.already', { title: title.title });
      if (active.length >= MAX_ACTIVE_HOLDS) throw AppError.refused('holds:refused.tooMany', { max: MAX_ACTIVE_HOLDS });
      const onLoan = await trx.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id').select('l.id')
        .where('l.school_id', '=', a.schoolId).where('l.user_id', '=', readerId).where('l.returned_at', 'is', null).where('c.title_id', '=', title.id).executeTakeFirst();
      if (onLoan) throw AppError.refused('holds:refused.onLoan', { title: title.title });
      const copies = await trx.selectFrom('copies').select((eb) => eb.fn.countAll<number>().as('n'))
        .where('school_id', '=', a.schoolId).where('title_id', '=', title.id).where('storage_area', 'in', [...LENDING_AREAS]).executeTakeFirstOrThrow();
      if (Number(copies.n) === 0) throw AppError.refused('holds:refused.noCopies', { title: title.title });
      const row = await trx.insertInto('holds').values({
        school_id: a.schoolId, title_id: title.id, user_id: readerId, state: 'notFound', copy_id: null, placed_at: a.now, placed_by: a.userId,
        found_at: null, expires_at: null, closed_at: null, closed_by: null, loan_id: null,
      }).returningAll().executeTakeFirstOrThrow();
      await bindFreeCopy(trx, a, row);
      return row.id;
    });
  } catch (err) {
    // Two requests placing the same reader's hold at once: the index keeps one.
    if (isUniqueViolation(err)) throw AppError.refused('holds:refused.already', { title: title.title });
    throw err;
  }
}
