import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { MAX_PIN_TRIES, PIN_LOCK_MS, VERIFIED_VISIT_MS, VERIFY_MODES, type VerifyMode } from '../../shared/api/circulation-verify.ts';
import { verifyPassword } from '../security/passwords.ts';
import type { Database } from '../db/schema.ts';

/**
 * Borrow verification's state: the school's mode (borrowing_settings.borrow_verify), the readers'
 * PINs (borrow_pins) and the verified visits. A visit is remembered in the gateway's memory per
 * school, reader and desk user for VERIFIED_VISIT_MS: it is a moment at one desk, not a record, and
 * a restarted gateway simply asks again.
 */

type Db = Kysely<Database> | Transaction<Database>;

export async function verifyModeOf(db: Db, schoolId: number): Promise<VerifyMode> {
  const row = await db.selectFrom('borrowing_settings').select('borrow_verify').where('school_id', '=', schoolId).executeTakeFirst();
  return verifyModeFrom(row?.borrow_verify);
}

/** The stored borrow_verify value as a mode (no settings row: off). */
export function verifyModeFrom(stored: string | undefined): VerifyMode {
  const mode = stored as VerifyMode | undefined;
  // A value the contract does not know (written by hand) fails safe: verification stays on, by either means.
  return mode == null ? 'off' : VERIFY_MODES.includes(mode) ? mode : 'either';
}

export function pinOf(db: Db, schoolId: number, userId: number) {
  return db.selectFrom('borrow_pins').select(['pin_hash', 'failed_count', 'locked_until'])
    .where('school_id', '=', schoolId).where('user_id', '=', userId).executeTakeFirst();
}

export type PinCheck =
  | { ok: true }
  | { ok: false; reason: 'noPin' }
  | { ok: false; reason: 'locked' | 'wrongPassword'; triesLeft: number; lockedUntil: string | null };

/**
 * A reader's borrowing PIN against what was typed, wherever it is asked (the desk, the kiosk):
 * wrong tries are counted in the database (one increment per wrong try, whichever place), and the
 * MAX_PIN_TRIES-th locks the PIN for PIN_LOCK_MS; a right one clears the count.
 */
export async function checkPin(db: Db, schoolId: number, userId: number, password: string, now = Date.now()): Promise<PinCheck> {
  const pin = await pinOf(db, schoolId, userId);
  if (!pin) return { ok: false, reason: 'noPin' };
  if (pin.locked_until && Date.parse(pin.locked_until) > now) return { ok: false, reason: 'locked', triesLeft: 0, lockedUntil: pin.locked_until };
  if (await verifyPassword(password, pin.pin_hash)) {
    if (pin.failed_count > 0 || pin.locked_until) {
      await db.updateTable('borrow_pins').set({ failed_count: 0, locked_until: null }).where('school_id', '=', schoolId).where('user_id', '=', userId).execute();
    }
    return { ok: true };
  }
  const failed = pin.locked_until ? 1 : pin.failed_count + 1;
  const locked = failed >= MAX_PIN_TRIES ? new Date(now + PIN_LOCK_MS).toISOString() : null;
  await db.updateTable('borrow_pins').set({ failed_count: locked ? 0 : failed, locked_until: locked })
    .where('school_id', '=', schoolId).where('user_id', '=', userId).execute();
  return locked ? { ok: false, reason: 'locked', triesLeft: 0, lockedUntil: locked } : { ok: false, reason: 'wrongPassword', triesLeft: MAX_PIN_TRIES - failed, lockedUntil: null };
}

const visits = new WeakMap<FastifyInstance, Map<string, number>>();
const key = (schoolId: number, readerId: number, staffId: number) => `${schoolId}:${readerId}:${staffId}`;

function visitsOf(app: FastifyInstance): Map<string, number> {
  let m = visits.get(app);
  if (!m) visits.set(app, (m = new Map()));
  return m;
}

/** Remembers that the reader confirmed at this desk user's desk; returns until when it holds. */
export function rememberVisit(app: FastifyInstance, schoolId: number, readerId: number, staffId: number, nowMs = Date.now()): string {
  const m = visitsOf(app);
  // Forget the expired ones now and then, so the map stays the size of the desks' current readers.
  if (m.size > 1000) for (const [k, until] of m) if (until <= nowMs) m.delete(k);
  const until = nowMs + VERIFIED_VISIT_MS;
  m.set(key(schoolId, readerId, staffId), until);
  return new Date(until).toISOString();
}

export function hasVerifiedVisit(app: FastifyInstance, schoolId: number, readerId: number, staffId: number, nowMs = Date.now()): boolean {
  const until = visitsOf(app).get(key(schoolId, readerId, staffId));
  return until != null && until > nowMs;
}
