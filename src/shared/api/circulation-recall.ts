import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { idField, intField } from '../domain/fields.ts';
import { IDENTITIES } from '../domain/identities.ts';

/**
 * 催还 (/recall): overdue reminders as a Chinese school library means them — list who is overdue,
 * by class for the class teacher, print slips or e-mail the readers (and their linked parents),
 * and see who was reminded when. Not Koha's "recall" (asking for a book back early for another
 * reader). Reads need the menu; printing and sending are the operation `circulation.recall.send`.
 */

export const RECALL_MENU = '/recall';
export const RECALL_SEND = 'circulation.recall.send';

export const RECALL_CHANNELS = ['print', 'email'] as const;
export type RecallChannel = (typeof RECALL_CHANNELS)[number];
/** Reminded: any, at least once, never. */
export const REMINDED_FILTERS = ['all', 'yes', 'no'] as const;
/** By class (then card, then due day), most days overdue first, or by reader (card number). */
export const RECALL_SORTS = ['class', 'days', 'reader'] as const;

/** At most this many loans per print or send: one class list, or a few classes, at a time. */
export const MAX_RECALL_LOANS = 1000;

export const overdueQuery = pageQuerySchema.extend({
  /** A class, grade, stage or department: the loans of every reader in it or under it. */
  DeptID: idField(undefined, { coerce: true }).optional(),
  Identity: z.enum(IDENTITIES, { error: 'validation:text.type' }).optional(),
  /** The branch of the copy. */
  BranchID: idField(undefined, { coerce: true }).optional(),
  /** At least this many days overdue (1 = every overdue loan). */
  MinDays: intField(1, 3650, { coerce: true }).optional(),
  Reminded: z.enum(REMINDED_FILTERS, { error: 'validation:text.type' }).default('all'),
  Sort: z.enum(RECALL_SORTS, { error: 'validation:text.type' }).default('class'),
});
export type OverdueQuery = z.infer<typeof overdueQuery>;

export const overdueLoanSchema = z.object({
  LoanID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  UserID: z.number().int(),
  ReaderID: z.string(),
  ReaderName: z.string(),
  Identity: z.enum(IDENTITIES),
  /** The reader's class or department (null: none) and its name in the caller's language. */
  ClassID: z.number().int().nullable(),
  ClassName: z.string(),
  BranchName: z.string(),
  LoanedAt: z.string(),
  DueDay: z.string(),
  OverdueDays: z.number().int().min(0),
  /** The latest reminder of this loan (print or e-mail) and how many there were. */
  LastRemindedAt: z.string().nullable(),
  LastChannel: z.enum(RECALL_CHANNELS).nullable(),
  ReminderCount: z.number().int().min(0),
  /** Whether the reader or a linked parent has an e-mail address. */
  HasEmail: z.boolean(),
});
export type OverdueLoan = z.infer<typeof overdueLoanSchema>;

const loanIds = z.array(idField()).min(1, { error: 'circulation-recall:invalid.noLoans' }).max(MAX_RECALL_LOANS);

export const slipBookSchema = z.object({ LoanID: z.number().int(), Barcode: z.string(), Title: z.string(), DueDay: z.string(), OverdueDays: z.number().int() });
export const slipSchema = z.object({
  UserID: z.number().int(),
  ReaderID: z.string(),
  ReaderName: z.string(),
  ClassID: z.number().int().nullable(),
  ClassName: z.string(),
  Books: z.array(slipBookSchema),
});
export type RecallSlip = z.infer<typeof slipSchema>;

export const sendResultSchema = z.object({
  UserID: z.number().int(),
  ReaderID: z.string(),
  ReaderName: z.string(),
  /** sent: to every address in To; noEmail: neither the reader nor a linked parent has one; failed: the mail server refused. */
  Outcome: z.enum(['sent', 'noEmail', 'failed']),
  To: z.array(z.string()),
  Loans: z.number().int(),
});
export type RecallSendResult = z.infer<typeof sendResultSchema>;

const call = { method: 'POST', auth: 'user' } as const;
const P = (action: string) => `${LIB}/Circulation/${action}`;

export const recallCalls = {
  /** The school's overdue loans with their reminders, by class (or by days overdue, or due day). */
  overdueReviews: defineCall({
    ...call, id: 'circulationRecall.overdueReviews', path: P('OverdueReviews'), spec: true, perm: RECALL_MENU,
    input: overdueQuery, data: pageOf(overdueLoanSchema),
  }),
  /** The filter's choices: stages, grades, classes and departments in tree order, and the branches. */
  options: defineCall({
    ...call, id: 'circulationRecall.options', path: P('RecallOptions'), spec: false, perm: RECALL_MENU,
    input: z.object({}),
    data: z.object({ Depts: z.array(z.object({ ID: z.number().int(), Name: z.string() })), Branches: z.array(z.object({ ID: z.number().int(), Name: z.string() })) }),
  }),
  /** What the slips of these overdue loans say, one per reader, by class; changes nothing. */
  slips: defineCall({
    ...call, id: 'circulationRecall.slips', path: P('RecallSlips'), spec: false, perm: RECALL_MENU,
    input: z.object({ LoanIDs: loanIds }),
    data: z.object({ SchoolName: z.string(), Day: z.string(), Slips: z.array(slipSchema) }),
  }),
  /**
   * Remind the readers of these overdue loans: `print` records that their slips were printed;
   * `email` sends one message per reader (to the reader and linked parents) and records the loans
   * of each message that went out. Either every loan is an overdue loan the caller may see, or
   * nothing happens.
   */
  send: defineCall({
    ...call, id: 'circulationRecall.send', path: P('RecallSend'), spec: false, perm: RECALL_SEND,
    input: z.object({ LoanIDs: loanIds, Channel: z.enum(RECALL_CHANNELS, { error: 'validation:text.type' }) }),
    data: z.object({ Recorded: z.number().int(), Results: z.array(sendResultSchema) }),
  }),
};
