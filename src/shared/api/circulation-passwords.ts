import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { IDENTITIES } from '../domain/identities.ts';
import { codeText, idField, intField, passwordField, text } from '../domain/fields.ts';
import { PIN_PATTERN } from './circulation-verify.ts';

/**
 * Batch passwords (issue 9): /batchpsw resets the sign-in passwords of many readers at once,
 * /batchpsw2 sets their borrowing PINs (circulation-verify.ts). Readers are chosen by class or
 * department (and everything under it), by identity, or one by one. A preview counts who will
 * change and who is skipped and why; the write is a job (each scrypt hash takes a moment) that
 * hashes every value first and then writes all of them in one transaction, so a stopped or failed
 * job changes nothing, and a finished one names each reader's outcome in its .xlsx report. Hashes
 * never leave the gateway; random PINs appear only in that report (the slips to hand out).
 */

export const PASSWORD_MENU = '/batchpsw';
export const PIN_MENU = '/batchpsw2';
export const PASSWORD_RESET_OP = 'people.passwords.reset';
export const PIN_SET_OP = 'circulation.pins.set';

/** fixed: one value for all; cardTail: last 6 characters of the card number; birthday: yyyymmdd. */
export const PASSWORD_RULES = ['fixed', 'cardTail', 'birthday'] as const;
/** fixed: one PIN for all; cardTail: last 4–6 digits of the card number; random: a PIN each, printed on slips. */
export const PIN_RULES = ['fixed', 'cardTail', 'random'] as const;

/** Why a chosen reader is left as they are. */
/**
 * self: the caller's own password (changed on the account page, with the old one); protected: an
 * administrator's account, which only an administrator may reset (else a librarian could take it over).
 */
export const SKIP_REASONS = ['noBirthday', 'policy', 'cardNotDigits', 'self', 'protected'] as const;
export type SkipReason = (typeof SKIP_REASONS)[number];

/** Readers to change: a class/department (with everything under it), an identity, a hand-picked list; given together they narrow each other. */
const targetSchema = z.object({
  DeptID: idField(undefined).optional(),
  Identity: z.enum(IDENTITIES, { error: 'validation:required.identity' }).optional(),
  UserIDs: z.array(idField()).max(1000, { error: 'circulation:passwords.tooMany' }).optional(),
});
const hasTarget = (t: z.infer<typeof targetSchema>) => t.DeptID != null || t.Identity != null || (t.UserIDs?.length ?? 0) > 0;
const targetRequired = { error: 'circulation:passwords.targetRequired' } as const;

export const passwordResetInput = targetSchema.extend({
  Rule: z.enum(PASSWORD_RULES, { error: 'circulation:passwords.ruleRequired' }),
  Password: passwordField('validation:required.password').optional(),
}).refine(hasTarget, targetRequired)
  .refine((v) => v.Rule !== 'fixed' || !!v.Password, { error: 'validation:required.password', path: ['Password'] });

export const pinSetInput = targetSchema.extend({
  Rule: z.enum(PIN_RULES, { error: 'circulation:passwords.ruleRequired' }),
  Pin: codeText({ max: 6, pattern: PIN_PATTERN, patternError: 'circulation:passwords.pinFormat' }).optional(),
  /** Digits of random PINs and of card-tail PINs. */
  PinLength: intField(4, 6).default(6),
}).refine(hasTarget, targetRequired)
  .refine((v) => v.Rule !== 'fixed' || !!v.Pin, { error: 'circulation:passwords.pinFormat', path: ['Pin'] });

export const readerChoiceQuery = pageQuerySchema.extend({
  DeptID: idField(undefined, { coerce: true }).optional(),
  Identity: z.enum(IDENTITIES, { error: 'validation:required.identity' }).optional(),
  SearchKey: text({ max: 100 }).optional(),
});

export const readerChoiceSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  ReaderID: z.string().meta({ identifier: true }),
  Identity: z.enum(IDENTITIES),
  ClassName: z.string().meta({ identifier: true }),
  /** Has a sign-in password / a borrowing PIN (never the values). */
  CanSignIn: z.boolean(),
  HasPin: z.boolean(),
});
export type ReaderChoice = z.infer<typeof readerChoiceSchema>;

export const batchPreviewSchema = z.object({
  /** Readers chosen. */
  Total: z.number().int().min(0),
  /** Of them, those who will change. */
  Changes: z.number().int().min(0),
  /** Those left as they are, with why (the first 100). */
  Skipped: z.array(z.object({ UserID: z.number().int(), Name: z.string(), ReaderID: z.string(), Reason: z.enum(SKIP_REASONS) })),
  SkippedTotal: z.number().int().min(0),
});
export type BatchPreview = z.infer<typeof batchPreviewSchema>;

const job = z.object({ DataID: z.string(), Changes: z.number().int().min(0) });
const post = { method: 'POST', auth: 'user' } as const;

export const circulationPasswordCalls = {
  /** Readers to pick from (either screen's menu). */
  getReaderChoices: defineCall({
    ...post, id: 'circulationPasswords.getReaderChoices', path: `${LIB}/readers/GetBatchPasswordReaders`, spec: false,
    input: readerChoiceQuery, data: pageOf(readerChoiceSchema),
  }),
  /** Stages, grades, classes and departments in tree order, for the class/department filter (either screen's menu). */
  getDeptChoices: defineCall({
    ...post, id: 'circulationPasswords.getDeptChoices', path: `${LIB}/readers/GetBatchPasswordDepts`, spec: false,
    input: z.object({}), data: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
  }),
  previewPasswordReset: defineCall({
    ...post, id: 'circulationPasswords.previewPasswordReset', path: `${LIB}/readers/PreviewBatchPassword`, spec: false, perm: PASSWORD_RESET_OP,
    input: passwordResetInput, data: batchPreviewSchema,
  }),
  /** Starts the reset job; Changes = readers it will change (the preview's count, read again). */
  resetPasswords: defineCall({
    ...post, id: 'circulationPasswords.resetPasswords', path: `${LIB}/readers/BatchPassword`, spec: false, perm: PASSWORD_RESET_OP,
    input: passwordResetInput, data: job,
  }),
  previewPinSet: defineCall({
    ...post, id: 'circulationPasswords.previewPinSet', path: `${LIB}/readers/PreviewBatchBorrowPassword`, spec: false, perm: PIN_SET_OP,
    input: pinSetInput, data: batchPreviewSchema,
  }),
  setPins: defineCall({
    ...post, id: 'circulationPasswords.setPins', path: `${LIB}/readers/BatchBorrowPassword`, spec: false, perm: PIN_SET_OP,
    input: pinSetInput, data: job,
  }),
};
