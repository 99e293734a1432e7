import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { codeText, dateField, idField, intField, optionalText, text } from '../domain/fields.ts';
import { MAX_PAGE, pageOf } from './paging.ts';
import { readerSchema } from './readers.ts';

/**
 * The card desk (/department/user-transfer): issue, replace, report lost, return the deposit.
 * Every action writes one row of the card history (who, when, old/new card number, deposits).
 */
export const CARD_ACTIONS = ['issue', 'replace', 'lost', 'refund'] as const;

const cardNo = codeText({ max: 64, required: 'validation:required.readerId', patternError: 'validation:reader.readerIdFormat' });
const note = optionalText(200);
const readerRef = idField();
const money = z.number({ error: 'validation:reader.deposit' }).min(0, 'validation:reader.deposit').max(100000, 'validation:reader.deposit');

export const cardEventSchema = z.object({
  ID: z.number().int(),
  Action: z.enum(CARD_ACTIONS),
  OldCardNo: z.string(),
  NewCardNo: z.string(),
  DepositBefore: z.number(),
  DepositAfter: z.number(),
  OperatorName: z.string(),
  Note: z.string(),
  CreateTime: z.string(),
});
export type CardEvent = z.infer<typeof cardEventSchema>;

/** What the public status check tells (disabled is shown as closed; an active card past its expiry as expired). */
export const PUBLIC_CARD_STATUSES = ['active', 'lost', 'expired', 'closed'] as const;
export type PublicCardStatus = (typeof PUBLIC_CARD_STATUSES)[number];

/** Anonymous card check: all three must match one reader of that school; the reply carries nothing personal beyond a masked name. */
export const publicStatusInputSchema = z.object({
  SchoolCode: text({ max: 32, required: 'validation:required.schoolCode' }),
  CardNo: text({ max: 64, required: 'validation:required.readerId' }),
  Name: text({ max: 100, required: 'validation:required.name' }),
});
export const publicStatusSchema = z.object({
  MaskedName: z.string(),
  Status: z.enum(PUBLIC_CARD_STATUSES),
  ExpireAt: z.iso.date().nullable(),
  OpenLoans: z.number().int(),
  Overdue: z.number().int(),
});
export type PublicCardStatusReply = z.infer<typeof publicStatusSchema>;

const CARDS = `${LIB}/ReaderCard`;
const ISSUE = 'people.cards.issue';

export const readerCardCalls = {
  /** Issues (or re-issues) the card: card number, deposit taken now, expiry; the card becomes active. Not for a lost card (replace it). */
  issue: defineCall({
    id: 'cards.issue', method: 'POST', path: `${CARDS}/Issue`, auth: 'user', spec: false, perm: ISSUE,
    input: z.object({ ID: readerRef, CardNo: cardNo, Deposit: money.default(0), ExpireAt: dateField().nullable().optional() }),
    data: readerSchema,
  }),
  /** A new card number for a lost or damaged card; the old number stops working. */
  replace: defineCall({
    id: 'cards.replace', method: 'POST', path: `${CARDS}/Replace`, auth: 'user', spec: false, perm: ISSUE,
    input: z.object({ ID: readerRef, CardNo: cardNo, Note: note }),
    data: readerSchema,
  }),
  /** The physical card is reported lost: it can no longer borrow until replaced. */
  reportLost: defineCall({
    id: 'cards.reportLost', method: 'POST', path: `${CARDS}/ReportLost`, auth: 'user', spec: false, perm: ISSUE,
    input: z.object({ ID: readerRef, Note: note }),
    data: readerSchema,
  }),
  /** Pays back the whole deposit and closes the card (status disabled); refused while loans are open. */
  returnDeposit: defineCall({
    id: 'cards.returnDeposit', method: 'POST', path: `${CARDS}/ReturnDeposit`, auth: 'user', spec: false, perm: ISSUE,
    input: z.object({ ID: readerRef, Note: note }),
    data: readerSchema,
  }),
  history: defineCall({
    id: 'cards.history', method: 'POST', path: `${CARDS}/History`, auth: 'user', spec: false, perm: 'people.readers.view',
    input: z.object({ ID: readerRef, Page: intField(1, MAX_PAGE).default(1), Rows: intField(1, 100).default(20) }),
    data: pageOf(cardEventSchema),
  }),
  /** No sign-in (/department/user-transferr): rate-limited per address and per card; one generic message for any mismatch. */
  publicStatus: defineCall({
    id: 'cards.publicStatus', method: 'POST', path: `${CARDS}/PublicStatus`, auth: 'none', spec: false, toast: false,
    input: publicStatusInputSchema, data: publicStatusSchema,
  }),
} as const;
