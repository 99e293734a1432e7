import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { HOLD_STATES } from './holds.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { idField, intField } from '../domain/fields.ts';
import { IDENTITIES } from '../domain/identities.ts';

/**
 * The signed-in reader's own account on the portal (/search/personal, /search/book,
 * /user/circulation): who they are, their loans (renewed by the desk's rules), their history,
 * their holds (placed and cancelled under the holds domain's rules), their reading by month and
 * their balance. Every call answers for the caller only: a loan or hold of someone else is "not
 * found", never shown. Staff with the readers permission may read another reader's reading line
 * (UserID), as the spec's call allows.
 */

const call = { method: 'POST', auth: 'user', spec: false } as const;
const P = (action: string) => `${LIB}/ReaderAccount/${action}`;

/** Months of the reading line (this month and the 11 before it). */
export const READING_LINE_MONTHS = 12;
/** Open loans listed at most (a borrowing group's limit is far below). */
export const MAX_OPEN_LOANS = 200;

/** Whether a loan may be renewed now, and if not why (the borrowing rules' reason codes). */
export const myLoanSchema = z.object({
  LoanID: z.number().int(),
  TitleID: z.number().int(),
  Title: z.string(),
  Author: z.string(),
  Barcode: z.string(),
  CallNo: z.string(),
  LoanedAt: z.string(),
  DueAt: z.string(),
  RenewCount: z.number().int(),
  Overdue: z.boolean(),
  OverdueDays: z.number().int().min(0),
  ReturnedAt: z.string().nullable(),
  /** The same instants as the school's local days (YYYY-MM-DD), as the reader reads them; ReturnedDay '' while open. */
  LoanedDay: z.string(),
  DueDay: z.string(),
  ReturnedDay: z.string(),
  /** Open loans only: the rules allow a renewal now. */
  CanRenew: z.boolean(),
  /** Why not, in the caller's language (the borrowing rules' reasons), [] when it can or when returned. */
  RenewBlockers: z.array(z.string()),
});
export type MyLoan = z.infer<typeof myLoanSchema>;

export const myHoldSchema = z.object({
  ID: z.number().int(),
  TitleID: z.number().int(),
  Title: z.string(),
  State: z.enum(HOLD_STATES),
  /** 1 = next to get a copy; null once not queued (a copy is being fetched or waits on the shelf). */
  QueuePosition: z.number().int().nullable(),
  /** Where to collect it (branch · area), '' unless it waits on the hold shelf. */
  Location: z.string(),
  PlacedAt: z.string(),
  /** PlacedAt as the school's local day. */
  PlacedDay: z.string(),
  /** Last day to collect it (school's local day), '' unless on the hold shelf. */
  ExpiresDay: z.string(),
  ClosedAt: z.string().nullable(),
});
export type MyHold = z.infer<typeof myHoldSchema>;

export const accountSummarySchema = z.object({
  UserID: z.number().int(),
  Name: z.string(),
  /** The card number. */
  ReaderID: z.string(),
  Identity: z.enum(IDENTITIES),
  ClassName: z.string(),
  /** The card's state: active, disabled, lost, expired (an active card past its expiry counts as expired). */
  CardState: z.enum(['active', 'disabled', 'lost', 'expired']),
  ExpireDay: z.string(),
  OnLoan: z.number().int(),
  Overdue: z.number().int(),
  /** Holds whose copy waits on the hold shelf. */
  HoldsReady: z.number().int(),
  /** Holds still open (queued, being fetched, or ready). */
  HoldsActive: z.number().int(),
  /** Loans returned, all time. */
  History: z.number().int(),
  /** The borrowing group's limits as they apply to this reader (null: no group, no borrowing). */
  Limits: z.object({ MaxLoans: z.number().int(), LoanDays: z.number().int(), RenewDays: z.number().int(), MaxRenewals: z.number().int() }).nullable(),
  /** The school lets portal readers change their password here (search-admin's portal settings). */
  CanChangePassword: z.boolean(),
  /** The school's password policy, for the change-password form's own checks. */
  PasswordPolicy: z.enum(['basic', 'strong']),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

export const readingLineSchema = z.object({
  /** Oldest month first, READING_LINE_MONTHS of them, each YYYY-MM in the school's time zone. */
  Points: z.array(z.object({ Month: z.string(), Count: z.number().int() })),
});
export type ReadingLine = z.infer<typeof readingLineSchema>;

export const balanceSchema = z.object({
  UserID: z.number().int(),
  Name: z.string(),
  ReaderID: z.string(),
  ClassName: z.string(),
  /** Card deposit held by the library (yuan). */
  Deposit: z.number(),
  /** Compensation billed for lost books and not yet settled (yuan). */
  Owed: z.number(),
  /** Deposit − owed. */
  Balance: z.number(),
  /** The school takes deposits or bills compensation at all; false: the portal shows no balance. */
  UsesBalance: z.boolean(),
});
export type Balance = z.infer<typeof balanceSchema>;

const paging = pageQuerySchema.omit({ SearchKey: true }).extend({ Rows: intField(1, 50).default(10) });

export const readerAccountCalls = {
  summary: defineCall({ ...call, appScope: 'library.profile', id: 'readerAccount.summary', path: P('GetSummary'), input: z.object({}), data: accountSummarySchema, log: 'never' }),
  /** My open loans, soonest due first, each with whether it can be renewed now. */
  loans: defineCall({ ...call, appScope: 'library.loans', id: 'readerAccount.loans', path: P('GetLoans'), input: z.object({}), data: z.object({ List: z.array(myLoanSchema) }), log: 'never' }),
  /** My returned loans, newest first. */
  history: defineCall({ ...call, appScope: 'library.loans', id: 'readerAccount.history', path: P('GetHistory'), input: paging, data: pageOf(myLoanSchema), log: 'never' }),
  /** Renews one of my own open loans under the desk's rules (another's loan: not found). */
  renew: defineCall({ ...call, id: 'readerAccount.renew', path: P('Renew'), log: 'always', input: z.object({ LoanID: idField() }), data: z.object({ Loan: myLoanSchema, PreviousDueAt: z.string() }) }),
  /** My holds: open ones first, then the closed ones, newest first. */
  holds: defineCall({ ...call, appScope: 'library.loans', id: 'readerAccount.holds', path: P('GetHolds'), input: paging, data: pageOf(myHoldSchema), log: 'never' }),
  /** Places a hold for me on a title (the holds domain's limits and checks). */
  placeHold: defineCall({ ...call, id: 'readerAccount.placeHold', path: P('PlaceHold'), input: z.object({ TitleID: idField('validation:required.title') }), data: myHoldSchema }),
  /** Cancels one of my own open holds (another's: not found). */
  cancelHold: defineCall({ ...call, id: 'readerAccount.cancelHold', path: P('CancelHold'), input: z.object({ HoldID: idField() }), data: myHoldSchema }),
  /** The spec's reading record: loans per month over the last 12 months; UserID (staff with the readers permission) for another reader. */
  readingLine: defineCall({
    appScope: 'library.loans', id: 'readerAccount.readingLine', method: 'GET', path: '/micro/basic/open/readingRecord/line', auth: 'user', spec: true, log: 'never',
    input: z.object({ UserID: idField(undefined, { coerce: true }).optional() }),
    data: readingLineSchema,
  }),
  /** The spec's personal bill: who I am and my balance (card deposit − compensation owed). */
  balance: defineCall({
    id: 'readerAccount.balance', method: 'GET', path: '/micro/bank/api/platform/PersonalBill/GetUserInfoAndBalance', auth: 'user', spec: true, log: 'never',
    input: z.object({}),
    data: balanceSchema,
  }),
};
