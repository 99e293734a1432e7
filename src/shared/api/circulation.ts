import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { barcodeField } from './collection.ts';
import { borrowLimitSchema } from './borrow-rules.ts';
import { dateField, idField } from '../domain/fields.ts';
import { REASON_CODES } from '../domain/borrowing/reasons.ts';
import { heldForSchema } from './holds.ts';

/**
 * The circulation desk (issue 9): one scan box that tells a reader card from a book, borrow,
 * return, renew and undo. Every write returns the transaction it made (`TransactionID`), which the
 * desk may undo within a short window; every write may carry an Idempotency-Key header, so a
 * retried request never lends or returns twice. A refusal is an envelope error whose data holds
 * every reason (`Reasons`, codes of the rules module, each with its i18n key and params).
 */

/** The menus that make a desk: holding any one lets a user look readers and copies up at the desk. */
export const DESK_MENUS = ['/surrency/borrow', '/surrency/return', '/surrency/renew'] as const;

/** How long after a transaction its desk may undo it (a mis-scan noticed at once). */
export const UNDO_WINDOW_MS = 2 * 60_000;

/**
 * Why the desk refuses: the rules module's reasons (borrowing:reason.<code>) and the desk's own
 * about the copy or the reader (circulation:reason.<code>).
 */
export const DESK_REASON_CODES = [
  ...REASON_CODES,
  /** params: barcode. No copy of this school has the barcode. */
  'copyNotFound',
  /** params: barcode, state. The copy is not available (lost, reserved for another reader, locked …). */
  'copyNotAvailable',
  /** params: barcode, area. The copy is available but kept where nothing is lent (a reading room). */
  'notForLoan',
  /** params: barcode, name. The copy is already on loan (to this or another reader). */
  'alreadyOnLoan',
  /** params: barcode. Return or renew of a copy that is not on loan. */
  'notOnLoan',
  /** params: barcode. The copy belongs to a branch the user's role does not cover. */
  'outsideBranches',
  'readerNotFound',
  /** params: day, today. A deferred return dated after today (the school's day). */
  'returnDayFuture',
  /** params: barcode, day, loanDay. A deferred return dated before the loan was made. */
  'returnDayBeforeLoan',
  /** params: name. The school requires borrow verification and the reader has not confirmed at this desk (circulation-verify.ts). */
  'verifyRequired',
  /** params: barcode. Another reader waits for this title (a hold no copy has filled): the loan is not renewed. */
  'holdWaiting',
] as const;
export type DeskReasonCode = (typeof DESK_REASON_CODES)[number];

export const reasonSchema = z.object({ Code: z.enum(DESK_REASON_CODES), Key: z.string(), Params: z.record(z.string(), z.union([z.string(), z.number()])) });
export type DeskReason = z.infer<typeof reasonSchema>;

/**
 * One reason in a language, by whichever side shows it (the gateway's message, the desk's list):
 * a copy's state and storage area are named, not coded.
 */
export function wordReason(t: (key: string, params?: Record<string, unknown>) => string, r: DeskReason): string {
  const params: Record<string, unknown> = { ...r.Params };
  if (typeof params.state === 'string') params.state = t(`catalogue:circ.${params.state}`);
  if (typeof params.area === 'string') params.area = t(`catalogue:storage.${params.area}`);
  return t(r.Key, params);
}

/** The data of a refused desk write (HTTP and envelope code 409, or 404 when the reader or copy does not exist; message = the first reason in the caller's language). */
export const refusalDataSchema = z.object({ Reasons: z.array(reasonSchema) });

export const deskLoanSchema = z.object({
  LoanID: z.number().int(),
  CopyID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  CallNo: z.string(),
  LoanedAt: z.string(),
  DueAt: z.string(),
  RenewCount: z.number().int(),
  /** Past its due day in the school's calendar, and by how many days. */
  Overdue: z.boolean(),
  OverdueDays: z.number().int().min(0),
  ReturnedAt: z.string().nullable(),
});
export type DeskLoan = z.infer<typeof deskLoanSchema>;

/** A reader as the desk shows them at a glance. */
export const deskReaderSchema = z.object({
  UserID: z.number().int(),
  ReaderID: z.string(),
  Name: z.string(),
  Identity: z.string(),
  /** Class (or department) name, '' when none. */
  ClassName: z.string(),
  /** Address of the reader's photo, '' when none. */
  Photo: z.string(),
  CardStatus: z.string(),
  CardExpiresAt: z.string().nullable(),
  Limits: borrowLimitSchema,
  Loans: z.array(deskLoanSchema),
  /** What would refuse any loan now (card lost, expired, disabled; no group; overdue block). */
  Blocks: z.array(reasonSchema),
});
export type DeskReader = z.infer<typeof deskReaderSchema>;

export const deskCopySchema = z.object({
  CopyID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  CallNo: z.string(),
  /** Circulation state of the copy (catalogue:circ.<state>). */
  State: z.string(),
  /** Its open loan, if any, and whose. */
  Loan: deskLoanSchema.extend({ UserID: z.number().int(), ReaderID: z.string(), ReaderName: z.string() }).nullable(),
});
export type DeskCopy = z.infer<typeof deskCopySchema>;

const transactionId = z.number().int();

/** Whose loan a return closed: the reader at a glance (desk and deferred returns). */
export const returnReaderSchema = z.object({ UserID: z.number().int(), ReaderID: z.string(), Name: z.string(), ClassName: z.string() });

/**
 * A deferred return (/deferred-return): a book that came back through the drop box while the desk
 * was closed, returned with the day it came back (a school-local yyyy-mm-dd, not after today and
 * not before the loan's day) instead of today.
 */
export const deferredReturnInput = z.object({
  Barcode: barcodeField('validation:required.barcode'),
  ReturnDay: dateField('validation:required.returnDay'),
});

export const circulationCalls = {
  /** What a scan at the desk is: a reader card, a copy, or neither. */
  getCircUserInfoByBarCode: defineCall({
    id: 'circulation.getCircUserInfoByBarCode', method: 'POST', path: `${LIB}/Literature/GetCircUserInfoByBarCode`, auth: 'user', spec: true,
    input: z.object({ BarCode: barcodeField('validation:required.barcode') }),
    data: z.discriminatedUnion('Kind', [
      z.object({ Kind: z.literal('reader'), Reader: deskReaderSchema }),
      z.object({ Kind: z.literal('copy'), Copy: deskCopySchema }),
      z.object({ Kind: z.literal('none') }),
    ]),
  }),
  /** Lends a copy to a reader (the rules module decides; the database refuses a second open loan). */
  literatureCirc: defineCall({
    id: 'circulation.literatureCirc', method: 'POST', path: `${LIB}/Circulation/LiteratureCirc`, auth: 'user', spec: true, log: 'always', perm: '/surrency/borrow',
    input: z.object({ UserID: idField('validation:required.readerId'), Barcode: barcodeField('validation:required.barcode') }),
    data: z.object({ TransactionID: transactionId, Loan: deskLoanSchema, Reader: deskReaderSchema }),
  }),
  /** Returns a copy by its barcode, from any reader, in any branch the user's role covers. */
  literatureReturn: defineCall({
    id: 'circulation.literatureReturn', method: 'POST', path: `${LIB}/Circulation/LiteratureReturn`, auth: 'user', spec: true, log: 'always', perm: '/surrency/return',
    input: z.object({ Barcode: barcodeField('validation:required.barcode') }),
    // Hold: the reader the copy now waits for on the hold shelf (a queue for its title), or null.
    data: z.object({ TransactionID: transactionId, Loan: deskLoanSchema, Reader: returnReaderSchema, Hold: heldForSchema.nullable() }),
  }),
  /**
   * The copy's open loan as a deferred return on ReturnDay would close it (OverdueDays as of that
   * day), and whose it is; changes nothing. Refused as the return would be.
   */
  getDeferredItem: defineCall({
    id: 'circulation.getDeferredItem', method: 'POST', path: `${LIB}/Circulation/GetDeferredItem`, auth: 'user', spec: true, perm: '/deferred-return',
    input: deferredReturnInput,
    data: z.object({ Loan: deskLoanSchema, Reader: returnReaderSchema }),
  }),
  /**
   * Returns a copy as of ReturnDay: the loan's return is the end of that school day, the journal's
   * transaction is dated now (so the desk's undo takes it back like any return).
   */
  deferredReturn: defineCall({
    id: 'circulation.deferredReturn', method: 'POST', path: `${LIB}/Circulation/DeferredReturn`, auth: 'user', spec: true, log: 'always', perm: '/deferred-return',
    input: deferredReturnInput,
    // Hold: the reader the copy now waits for on the hold shelf (a queue for its title), or null.
    data: z.object({ TransactionID: transactionId, Loan: deskLoanSchema, Reader: returnReaderSchema, Hold: heldForSchema.nullable() }),
  }),
  /** Renews a loan by the copy's barcode (by reader: the desk renews each of the reader's loans). */
  renew: defineCall({
    id: 'circulation.renew', method: 'POST', path: `${LIB}/Circulation/Renew`, auth: 'user', spec: false, log: 'always', perm: '/surrency/renew',
    input: z.object({ Barcode: barcodeField('validation:required.barcode') }),
    data: z.object({ TransactionID: transactionId, Loan: deskLoanSchema, PreviousDueAt: z.string() }),
  }),
  /** Undoes the caller's own last transaction within UNDO_WINDOW_MS; the undo is itself recorded. */
  undo: defineCall({
    id: 'circulation.undo', method: 'POST', path: `${LIB}/Circulation/Undo`, auth: 'user', spec: false, log: 'always',
    input: z.object({ TransactionID: idField() }),
    data: z.object({ TransactionID: transactionId, Kind: z.enum(['borrow', 'return', 'renew']), Barcode: z.string() }),
  }),
  /** A reader's open loans (their own, or anyone's at a desk). */
  getUserBorrowing: defineCall({
    id: 'circulation.getUserBorrowing', method: 'POST', path: `${LIB}/Circulation/GetUserBorrowing`, auth: 'user', spec: true,
    input: z.object({ UserID: idField('validation:required.readerId') }),
    data: z.object({ List: z.array(deskLoanSchema) }),
  }),
};
