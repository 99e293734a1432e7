import { circulationVerifyCalls as V, MAX_PIN_TRIES, type CheckVerifyResult } from '../../shared/api/circulation-verify.ts';
import { ensureSettings } from '../borrow-rules/borrow-rule-store.ts';
import { writeRulesTx } from '../borrow-rules/rules-cache.ts';
import { requireSchool } from '../access/call-context.ts';
import { AppError } from '../http/app-error.ts';
import { handler, type HandlerMapFor } from '../http/handler-types.ts';
import { readerById } from './circulation-store.ts';
import { staffOf } from './desk-operations.ts';
import { checkPin, rememberVisit, verifyModeOf } from './verify-store.ts';

/**
 * Borrow verification (contract: shared/api/circulation-verify.ts). A check answers yes or no (a
 * wrong PIN is an answer, not an error); a yes is remembered for this reader at this desk user's
 * desk, which is what lendCopy asks (desk-operations.ts).
 */

const no = (Reason: CheckVerifyResult['Reason'], more: Partial<CheckVerifyResult> = {}): CheckVerifyResult =>
  ({ Verified: false, Reason, TriesLeft: MAX_PIN_TRIES, LockedUntil: null, VerifiedUntil: null, ...more });

export const circulationVerifyHandlers = {
  'circulationVerify.isNeedVerify': handler(V.isNeedVerify, async (_input, ctx) => {
    const mode = await verifyModeOf(ctx.app.db, requireSchool(ctx));
    return { Mode: mode, Required: mode !== 'off' };
  }),

  'circulationVerify.saveVerifySetting': handler(V.saveVerifySetting, async (input, ctx) => {
    const schoolId = requireSchool(ctx);
    await writeRulesTx(ctx.app, schoolId, async (trx) => {
      await ensureSettings(trx, schoolId);
      await trx.updateTable('borrowing_settings').set({ borrow_verify: input.Mode, updated_at: new Date().toISOString() }).where('school_id', '=', schoolId).execute();
    });
    return { Mode: input.Mode };
  }),

  'circulationVerify.checkVerify': handler(V.checkVerify, async (input, ctx) => {
    const { userId, schoolId } = staffOf(ctx);
    const db = ctx.app.db;
    const reader = await readerById(db, schoolId, input.UserID);
    if (!reader) throw AppError.notFound('errors:readerNotFound');
    const mode = await verifyModeOf(db, schoolId);
    if (mode === 'off') return { ...no(''), Verified: true };
    const now = Date.now();
    const yes = (): CheckVerifyResult => ({ ...no(''), Verified: true, VerifiedUntil: rememberVisit(ctx.app, schoolId, reader.id, userId, now) });

    if (input.CardNo != null && input.CardNo !== '') {
      if (mode === 'password') return no('methodNotAllowed');
      // Card numbers are printed on the card: a wrong one is a wrong card, not a guess, and does not count towards the lock.
      return input.CardNo.toUpperCase() === reader.reader_id.toUpperCase() ? yes() : no('wrongCard');
    }
    if (input.Password == null) return no('nothingGiven');
    if (mode === 'card') return no('methodNotAllowed');
    const pin = await checkPin(db, schoolId, reader.id, input.Password, now);
    if (pin.ok) return yes();
    if (pin.reason === 'noPin') return no('noPin');
    return no(pin.reason, { TriesLeft: pin.triesLeft, LockedUntil: pin.lockedUntil });
  }),
} satisfies HandlerMapFor<typeof V>;
