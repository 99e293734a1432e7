import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { codeText, idField, passwordField } from '../domain/fields.ts';

/**
 * Borrow verification (issue 9): when the school requires it, the reader confirms who they are
 * before the first loan of a visit, with their borrowing PIN or by scanning their own card. The
 * setting sits with the school's borrowing settings (/borrow-range-mana); the desk reads it once
 * and caches it (the spec's "held client-side"). The gateway enforces it: a loan at the desk for a
 * reader without a verified visit is refused (circulation:reason.verifyRequired).
 */

/** off: no check; password: the borrowing PIN; card: the physical card, scanned; either: PIN or card. */
export const VERIFY_MODES = ['off', 'password', 'card', 'either'] as const;
export type VerifyMode = (typeof VERIFY_MODES)[number];

/** How long a verified visit lets the desk lend to the reader without asking again. */
export const VERIFIED_VISIT_MS = 30 * 60_000;
/** Wrong PINs in a row that lock the reader's PIN, and for how long. */
export const MAX_PIN_TRIES = 5;
export const PIN_LOCK_MS = 15 * 60_000;

/** A borrowing PIN: 4 to 6 digits. */
export const PIN_PATTERN = /^\d{4,6}$/;

/** Why a check did not verify the reader. */
export const VERIFY_FAILURES = ['wrongPassword', 'locked', 'noPin', 'wrongCard', 'methodNotAllowed', 'nothingGiven'] as const;
export type VerifyFailure = (typeof VERIFY_FAILURES)[number];

export const verifySettingSchema = z.object({ Mode: z.enum(VERIFY_MODES, { error: 'circulation:verify.invalidMode' }) });

export const checkVerifyResult = z.object({
  Verified: z.boolean(),
  /** Why not ('' when verified or when verification is off). */
  Reason: z.union([z.enum(VERIFY_FAILURES), z.literal('')]),
  /** Wrong tries left before the lock (password checks). */
  TriesLeft: z.number().int().min(0),
  /** Until when the PIN is locked, when it is. */
  LockedUntil: z.string().nullable(),
  /** Until when this desk may lend to the reader without asking again. */
  VerifiedUntil: z.string().nullable(),
});
export type CheckVerifyResult = z.infer<typeof checkVerifyResult>;

export const circulationVerifyCalls = {
  /** The school's borrow-verify setting (any signed-in user: the desk and, later, the portal read it). */
  isNeedVerify: defineCall({
    id: 'circulationVerify.isNeedVerify', method: 'POST', path: `${LIB}/config/isneedverify`, auth: 'user', spec: true,
    input: z.object({}), data: verifySettingSchema.extend({ Required: z.boolean() }),
  }),
  /** Sets it; part of the school's borrowing settings (the combined-borrowing switch's screen and operation). */
  saveVerifySetting: defineCall({
    id: 'circulationVerify.saveVerifySetting', method: 'POST', path: `${LIB}/config/saveverify`, auth: 'user', spec: false,
    perm: 'rules.assign.edit', input: verifySettingSchema, data: verifySettingSchema,
  }),
  /**
   * Checks a reader at the desk: the PIN (Password) or the card number as the desk's scanner read
   * it (CardNo; the desk sends it only for a scanner burst or the RFID pad, never for typed keys).
   * A wrong PIN is an answer, not an error (Verified false, with the tries left); after
   * MAX_PIN_TRIES wrong ones the PIN is locked for PIN_LOCK_MS.
   */
  checkVerify: defineCall({
    id: 'circulationVerify.checkVerify', method: 'POST', path: `${LIB}/readers/checkverify`, auth: 'user', spec: true, log: 'always',
    perm: '/surrency/borrow',
    input: z.object({
      UserID: idField('validation:required.readerId'),
      Password: passwordField('validation:required.password').optional(),
      CardNo: codeText({ max: 64 }).optional(),
    }),
    data: checkVerifyResult,
  }),
};
