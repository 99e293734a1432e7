import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { barcodeField } from './collection.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { codeText, dateField, decimalField, idField, optionalText, text } from '../domain/fields.ts';

/**
 * Lost books (issue 9): a loss is registered against the loan it closes (or against a copy missing
 * from the shelf), billed for compensation, paid (cash, a replacement copy, or waived), or closed
 * because the book turned up again (retrieved); a lost copy may also be written off. Every change of
 * a copy goes through the state machine (markLost, found, weed). Designed after Koha's lost items and
 * charges, FOLIO's "declare lost" (lost-item fee + processing fee, "lost and paid") and Evergreen's
 * "mark lost". Reads need the screen's menu; writes need an operation key (menu-operations.ts).
 */

export const LOSS_MENUS = {
  lost: '/loss',
  register: '/loss-register',
  handling: '/loss-handling',
  record: '/loss-record',
  found: '/loss-found',
  orders: '/loss-order-search',
} as const;

export const LOSS_OPS = {
  register: 'loss.records.register',
  compensate: 'loss.records.compensate',
  found: 'loss.records.found',
  writeOff: 'loss.copies.writeoff',
  export: 'loss.records.export',
  settings: 'loss.settings.edit',
} as const;

/** Lost by its borrower (closes the loan), missing from the shelf (no loan), damaged beyond use (either). */
export const LOSS_KINDS = ['borrower', 'shelf', 'damaged'] as const;
export type LossKind = (typeof LOSS_KINDS)[number];
/** The spec's compensation states (not compensated, retrieved) plus paid. */
export const LOSS_STATES = ['notCompensated', 'compensated', 'retrieved'] as const;
export type LossState = (typeof LOSS_STATES)[number];
/** How a compensation was settled: money, a replacement copy of the book, or let off. */
export const PAY_WAYS = ['cash', 'replacement', 'waived'] as const;
export type PayWay = (typeof PAY_WAYS)[number];

/** Money in yuan with 2 decimals (stored as cents). */
const money = () => decimalField(0, 100_000);
const cardField = () => codeText({ max: 64, required: 'validation:required.readerId', patternError: 'validation:reader.readerIdFormat' });
const instant = () => z.string().meta({ widget: 'datetime' });

export const lossRecordSchema = z.object({
  ID: z.number().int(),
  /** The compensation bill's number: PC + year + serial, per school. */
  BillNo: z.string().meta({ identifier: true }),
  CopyID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  CallNo: z.string(),
  /** The copy's price when registered (discounted price if set, else unit price). */
  Price: z.number(),
  Kind: z.enum(LOSS_KINDS),
  LoanID: z.number().int().nullable(),
  /** The reader (card, name, class when registered); '' when missing from the shelf. */
  ReaderID: z.string(),
  ReaderName: z.string(),
  ClassName: z.string().meta({ identifier: true }),
  RegisteredAt: instant(),
  RegisteredBy: z.string(),
  /** What the rules suggested and what is billed (they differ only with a reason). */
  SuggestedAmount: z.number(),
  Amount: z.number(),
  AmountReason: z.string(),
  State: z.enum(LOSS_STATES),
  PaidAmount: z.number().nullable(),
  PayWay: z.enum(PAY_WAYS).nullable(),
  PaidAt: instant().nullable(),
  PaidBy: z.string(),
  RetrievedAt: instant().nullable(),
  RetrievedBy: z.string(),
  /** Paid back after the book turned up (the librarian's decision), or null. */
  RefundAmount: z.number().nullable(),
  WrittenOffAt: instant().nullable(),
  Note: z.string(),
});
export type LossRecord = z.infer<typeof lossRecordSchema>;

/** The compensation rule: the copy's price × Multiple + ProcessingFee (school settings). */
export const lossSettingsSchema = z.object({
  Multiple: decimalField(0, 100),
  ProcessingFee: money(),
});
export type LossSettings = z.infer<typeof lossSettingsSchema>;
export const DEFAULT_LOSS_SETTINGS: LossSettings = { Multiple: 1, ProcessingFee: 0 };

const loanViewSchema = z.object({
  LoanID: z.number().int(),
  UserID: z.number().int(),
  ReaderID: z.string(),
  ReaderName: z.string(),
  ClassName: z.string(),
  LoanedAt: z.string(),
  DueAt: z.string(),
});

/** A copy as the register screen shows it before the loss is registered. */
export const lossCopySchema = z.object({
  CopyID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  CallNo: z.string(),
  BranchName: z.string(),
  AreaName: z.string(),
  Storage: z.number().int(),
  State: z.string(),
  Price: z.number(),
  SuggestedAmount: z.number(),
  Loan: loanViewSchema.nullable(),
  /** An open (not compensated) loss record of the copy, if it is already registered. */
  OpenRecord: lossRecordSchema.nullable(),
});
export type LossCopy = z.infer<typeof lossCopySchema>;

export const readerLoansSchema = z.object({
  UserID: z.number().int(),
  ReaderID: z.string(),
  Name: z.string(),
  ClassName: z.string(),
  Loans: z.array(z.object({
    LoanID: z.number().int(), Barcode: z.string(), Title: z.string(), Price: z.number(), SuggestedAmount: z.number(), LoanedAt: z.string(), DueAt: z.string(),
  })),
});

/** A copy that is lost now (storage area 6), with its latest loss record if any. */
export const lostCopySchema = z.object({
  CopyID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  CallNo: z.string(),
  BranchName: z.string(),
  Price: z.number(),
  /** When it became lost (its latest markLost). */
  LostAt: instant().nullable(),
  BillNo: z.string().meta({ identifier: true }),
  ReaderName: z.string(),
  State: z.enum(LOSS_STATES).nullable(),
});
export type LostCopy = z.infer<typeof lostCopySchema>;

const paging = pageQuerySchema.omit({ SearchKey: true });

/** Filters of the records (丢失记录), the bills (赔书单) and the open ones (丢失处理). */
export const lossRecordQuery = paging.extend({
  /** Registered on or after / on or before (local days). */
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  /** A class, grade, stage or department: records of readers in it or under it (as registered). */
  DeptID: idField(undefined, { coerce: true }).optional(),
  /** Card number, name or pinyin of the reader. */
  Reader: text({ max: 100 }).optional(),
  /** Barcode or words of the title. */
  Book: text({ max: 200 }).optional(),
  BillNo: text({ max: 40 }).optional(),
  State: z.enum(LOSS_STATES, { error: 'loss:invalid.state' }).optional(),
  Kind: z.enum(LOSS_KINDS, { error: 'loss:invalid.kind' }).optional(),
});
export type LossRecordQuery = z.infer<typeof lossRecordQuery>;
export const openLossQuery = lossRecordQuery.omit({ State: true, DeptID: true });
export const billQuery = lossRecordQuery.pick({ Page: true, Rows: true, BillNo: true, Reader: true, State: true });
export const retrieveQuery = paging.extend({
  /** Retrieved on or after / on or before (local days). */
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  Reader: text({ max: 100 }).optional(),
  Book: text({ max: 200 }).optional(),
});

export const registerInput = z.object({
  Barcode: barcodeField('validation:required.barcode'),
  Kind: z.enum(LOSS_KINDS, { error: 'loss:invalid.kind' }),
  /** Billed amount; the suggested one when omitted. Another amount needs a reason. */
  Amount: money().optional(),
  AmountReason: optionalText(200),
  Note: optionalText(500, true),
});

export const compensateInput = z.object({
  ID: idField(),
  /** Paid; ignored (0) when waived. */
  PaidAmount: money(),
  PayWay: z.enum(PAY_WAYS, { error: 'loss:invalid.payWay' }),
  Note: optionalText(500, true),
});

export const adjustInput = z.object({
  ID: idField(),
  Amount: money(),
  AmountReason: text({ max: 200, required: 'loss:required.reason' }),
});

export const foundInput = z.object({
  Barcode: barcodeField('validation:required.barcode'),
  /** Where it goes back to; its former area when omitted. */
  AreaID: idField(undefined).optional(),
});

export const foundResultSchema = z.object({
  Barcode: z.string(),
  Title: z.string(),
  BranchName: z.string(),
  AreaName: z.string(),
  Record: lossRecordSchema.nullable(),
  /** It had been compensated: a refund is the librarian's decision (RecordRefund). */
  WasCompensated: z.boolean(),
});

export const refundInput = z.object({
  ID: idField(),
  RefundAmount: money(),
  Note: optionalText(500, true),
});

export const weedingInput = z.object({
  Barcode: barcodeField('validation:required.barcode'),
  /** Why, when the copy has no loss record yet (on loan): lost by its borrower, or damaged. */
  Kind: z.enum(LOSS_KINDS, { error: 'loss:invalid.kind' }).default('borrower'),
  Note: optionalText(500, true),
});

const call = { method: 'POST', auth: 'user' } as const;
const L = (action: string) => `${LIB}/Loss/${action}`;
const C = (action: string) => `${LIB}/Circulation/${action}`;

export const lossCalls = {
  /** A copy by barcode: its loan and reader, the suggested compensation, an open record. */
  getCopy: defineCall({
    ...call, id: 'loss.getCopy', path: L('GetLossCopy'), spec: false, perm: LOSS_MENUS.register,
    input: z.object({ Barcode: barcodeField('validation:required.barcode') }), data: lossCopySchema,
  }),
  /** A reader's open loans by card, to pick the lost one. */
  getReaderLoans: defineCall({
    ...call, id: 'loss.getReaderLoans', path: L('GetReaderLoans'), spec: false, perm: LOSS_MENUS.register,
    input: z.object({ ReaderID: cardField() }), data: readerLoansSchema,
  }),
  /** Registers a loss: closes the loan (if any) and marks the copy lost, in one transaction. */
  register: defineCall({
    ...call, id: 'loss.register', path: L('RegisterLoss'), spec: false, perm: LOSS_OPS.register,
    input: registerInput, data: lossRecordSchema,
  }),
  /** Every loss record, newest first. */
  getRecords: defineCall({
    ...call, id: 'loss.getRecords', path: L('GetLossRecords'), spec: false, perm: LOSS_MENUS.record,
    input: lossRecordQuery, data: pageOf(lossRecordSchema),
  }),
  /** The records under the same filters as .xlsx, a job for the download panel. */
  exportRecords: defineCall({
    ...call, id: 'loss.exportRecords', path: L('ExportLossRecords'), spec: false, perm: LOSS_OPS.export,
    input: lossRecordQuery.omit({ Page: true, Rows: true }), data: z.object({ DataID: z.string() }),
  }),
  /** Classes and departments for the records' filter. */
  getDeptOptions: defineCall({
    ...call, id: 'loss.getDeptOptions', path: L('GetLossDeptOptions'), spec: false, perm: LOSS_MENUS.record,
    input: z.object({}), data: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
  }),
  /** The records not compensated yet, oldest first (the handling queue). */
  getOpen: defineCall({
    ...call, id: 'loss.getOpen', path: L('GetOpenLossRecords'), spec: false, perm: LOSS_MENUS.handling,
    input: openLossQuery, data: pageOf(lossRecordSchema),
  }),
  /** Compensation bills by number, reader and state, newest first. */
  searchBills: defineCall({
    ...call, id: 'loss.searchBills', path: L('SearchLossBills'), spec: false, perm: LOSS_MENUS.orders,
    input: billQuery, data: pageOf(lossRecordSchema),
  }),
  /** Records a compensation (paid, replaced or waived). */
  compensate: defineCall({
    ...call, id: 'loss.compensate', path: L('CompensateLoss'), spec: false, perm: LOSS_OPS.compensate,
    input: compensateInput, data: lossRecordSchema,
  }),
  /** Changes the billed amount of an unpaid record, with a reason. */
  adjust: defineCall({
    ...call, id: 'loss.adjust', path: L('AdjustLossAmount'), spec: false, perm: LOSS_OPS.compensate,
    input: adjustInput, data: lossRecordSchema,
  }),
  /** Records money paid back for a compensated book that turned up. */
  refund: defineCall({
    ...call, id: 'loss.refund', path: L('RecordLossRefund'), spec: false, perm: LOSS_OPS.compensate,
    input: refundInput, data: lossRecordSchema,
  }),
  /** A lost copy found again: back to an area (its former one by default), its record retrieved. */
  found: defineCall({
    ...call, id: 'loss.found', path: L('FoundLostCopy'), spec: false, perm: LOSS_OPS.found,
    input: foundInput, data: foundResultSchema,
  }),
  /** The areas a found copy may go back to (placeable areas of the caller's branches). */
  getAreas: defineCall({
    ...call, id: 'loss.getAreas', path: L('GetFoundAreas'), spec: false, perm: LOSS_MENUS.found,
    input: z.object({}), data: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
  }),
  /** Records of lost books found again (retrieved), newest first. */
  getRetrieveRecords: defineCall({
    ...call, id: 'loss.getRetrieveRecords', path: C('GetRetrieveRecords'), spec: true, perm: LOSS_MENUS.found,
    input: retrieveQuery, data: pageOf(lossRecordSchema),
  }),
  /** Every copy lost now (storage area 6). */
  getLostCopies: defineCall({
    ...call, id: 'loss.getLostCopies', path: L('GetLostCopies'), spec: false, perm: LOSS_MENUS.lost,
    input: pageQuerySchema, data: pageOf(lostCopySchema),
  }),
  /**
   * Writes off a copy on loan or lost: closes the open loan if any and weeds the copy in one
   * transaction, with a loss record (a new one when it had none).
   */
  borrowingBookWeeding: defineCall({
    ...call, id: 'loss.borrowingBookWeeding', path: C('BorrowingBookWeeding'), spec: true, perm: LOSS_OPS.writeOff,
    input: weedingInput, data: z.object({ Barcode: z.string(), Record: lossRecordSchema }),
  }),
  getSettings: defineCall({
    ...call, id: 'loss.getSettings', path: L('GetLossSettings'), spec: false, perm: LOSS_MENUS.handling,
    input: z.object({}), data: lossSettingsSchema,
  }),
  saveSettings: defineCall({
    ...call, id: 'loss.saveSettings', path: L('SaveLossSettings'), spec: false, perm: LOSS_OPS.settings,
    input: lossSettingsSchema, data: lossSettingsSchema,
  }),
};

/** The suggested compensation in cents: price × multiple + fee, rounded to the cent. */
export function suggestedCents(priceCents: number, s: LossSettings): number {
  return Math.max(0, Math.round(priceCents * s.Multiple) + Math.round(s.ProcessingFee * 100));
}
