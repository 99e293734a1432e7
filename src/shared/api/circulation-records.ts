import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { barcodeField } from './collection.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { codeText, dateField, idField, text } from '../domain/fields.ts';

/**
 * The circulation records (issue 9 §2): loans open and closed (借阅查询), the desk's transaction
 * log and its export (借还记录), the school's open loans by class (未还图书), and one book's or one
 * reader's borrow history. Reads need the route's menu; branch-limited staff see loans of copies in
 * their branches only. Days are the school's local days (its calendar's UTC offset).
 */

export const RECORDS_MENUS = {
  search: '/surrency/search-records',
  log: '/surrency/br-records',
  open: '/surrency/no-return',
  bookHistory: '/surrency/borrow-history-book',
  readerHistory: '/surrency/borrow-history-reader',
} as const;

/** Exporting the log (readers' names and cards) is an operation of its own, as with the reader export. */
export const RECORDS_EXPORT = 'circulation.records.export';

/** A loan's state: open (on loan), open and past due (overdue), returned, or undone at the desk (cancelled). */
export const LOAN_STATES = ['onLoan', 'overdue', 'returned', 'cancelled'] as const;
export type LoanState = (typeof LOAN_STATES)[number];
/** 'due': a due day set by /batchcondition (its old and new due in due_before/due_after). */
export const TRANSACTION_KINDS = ['borrow', 'return', 'renew', 'undo', 'due'] as const;

/** A reader typed into a filter: card number, name, pinyin or initials. */
const readerKey = () => text({ max: 100 }).optional();
/** A book typed into a filter: barcode or words of the title. */
const bookKey = () => text({ max: 200 }).optional();
/** A card number as the readers screens take it. */
const cardField = (required?: string) => codeText({ max: 64, required, patternError: 'validation:reader.readerIdFormat' });

// Instants the grid shows with their time; days as days. Plain strings: a value stored before the
// date rules is shown as it is, never refused in a reply.
const instant = () => z.string().meta({ widget: 'datetime' });
const day = () => z.string().meta({ widget: 'date' });

export const loanRecordSchema = z.object({
  LoanID: z.number().int(),
  CopyID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  CallNo: z.string(),
  UserID: z.number().int(),
  ReaderID: z.string(),
  ReaderName: z.string(),
  /** Class (students) or department (staff), '' when none; lists show it whole. */
  ClassName: z.string().meta({ identifier: true }),
  LoanedAt: instant(),
  /** The local day it is (was) due. */
  DueDay: day(),
  ReturnedAt: instant().nullable(),
  RenewCount: z.number().int(),
  State: z.enum(LOAN_STATES),
  /** Days past due: until today for an open loan, until the return for a returned one. */
  OverdueDays: z.number().int().min(0),
  /** Who lent it and who took it back at the desk ('' before the desk, or unknown). */
  LoanedBy: z.string(),
  ReturnedBy: z.string(),
});
export type LoanRecord = z.infer<typeof loanRecordSchema>;

export const transactionRecordSchema = z.object({
  ID: z.number().int(),
  At: instant(),
  Kind: z.enum(TRANSACTION_KINDS),
  LoanID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  ReaderID: z.string(),
  ReaderName: z.string(),
  ClassName: z.string(),
  StaffName: z.string(),
  StaffAccount: z.string(),
  /** In the caller's language: a renewal's old and new due day, what an undo took back, that this one was undone. */
  Note: z.string(),
  Undone: z.boolean(),
});
export type TransactionRecord = z.infer<typeof transactionRecordSchema>;

const paging = pageQuerySchema.omit({ SearchKey: true });

export const loanRecordQuery = paging.extend({
  Reader: readerKey(),
  Book: bookKey(),
  /** Loaned on or after / on or before (local days). */
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  State: z.enum(LOAN_STATES, { error: 'circulation:records.invalid.state' }).optional(),
});

export const transactionQuery = paging.extend({
  /** Done on or after / on or before (local days). */
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  Kind: z.enum(TRANSACTION_KINDS, { error: 'circulation:records.invalid.kind' }).optional(),
  /** The staff member at the desk: name or account. */
  Staff: text({ max: 100 }).optional(),
  Reader: readerKey(),
  Book: bookKey(),
});
export type TransactionQuery = z.infer<typeof transactionQuery>;

export const openLoanQuery = pageQuerySchema.extend({
  /** A class, grade, stage or department: the loans of every reader in it or under it. */
  DeptID: idField(undefined, { coerce: true }).optional(),
  OverdueOnly: z.boolean({ error: 'validation:text.type' }).default(false),
  /** Due on this local day or earlier. */
  DueBy: dateField().optional(),
});

export const borrowHistoryQuery = paging.extend({
  Barcode: barcodeField().optional(),
  ReaderID: cardField().optional(),
}).refine((q) => !!(q.Barcode || q.ReaderID), { error: 'circulation:records.required.bookOrReader' });

/** The history screens' one parameter each (the call takes either). */
export const bookHistoryParams = z.object({ Barcode: barcodeField('validation:required.barcode') });
export const readerHistoryParams = z.object({ ReaderID: cardField('validation:required.readerId') });

/** The lists the column export serves, each with the menu it needs (with RECORDS_EXPORT). */
export const COLUMN_SOURCES = ['loans', 'open', 'log', 'bookHistory', 'readerHistory'] as const;
export type ColumnSource = (typeof COLUMN_SOURCES)[number];
export const SOURCE_MENUS: Record<ColumnSource, string> = {
  loans: RECORDS_MENUS.search, open: RECORDS_MENUS.open, log: RECORDS_MENUS.log, bookHistory: RECORDS_MENUS.bookHistory, readerHistory: RECORDS_MENUS.readerHistory,
};
/** What a loan list can export, and what the journal can, in their default order. */
export const LOAN_COLUMNS = ['ClassName', 'ReaderID', 'ReaderName', 'Barcode', 'Title', 'CallNo', 'LoanedAt', 'DueDay', 'ReturnedAt', 'RenewCount', 'State', 'OverdueDays', 'LoanedBy', 'ReturnedBy'] as const;
export const LOG_COLUMNS = ['At', 'Kind', 'Barcode', 'Title', 'ReaderID', 'ReaderName', 'ClassName', 'StaffName', 'StaffAccount', 'Note'] as const;
export const EXPORT_COLUMNS = [...new Set([...LOAN_COLUMNS, ...LOG_COLUMNS])] as [string, ...string[]];
export type ExportColumn = (typeof LOAN_COLUMNS)[number] | (typeof LOG_COLUMNS)[number];
export const columnsOfSource = (source: ColumnSource): readonly ExportColumn[] => (source === 'log' ? LOG_COLUMNS : LOAN_COLUMNS);

/**
 * The column export (Download/ColumnScreen): which list, its columns in the chosen order, and that
 * list's filters (the others are ignored). Columns must belong to the list, each once.
 */
export const columnExportQuery = z.object({
  Source: z.enum(COLUMN_SOURCES, { error: 'validation:text.type' }),
  Columns: z.array(z.enum(EXPORT_COLUMNS as unknown as [ExportColumn, ...ExportColumn[]], { error: 'circulation-export:invalid.column' })).min(1, { error: 'circulation-export:invalid.noColumns' }).max(EXPORT_COLUMNS.length),
  Reader: readerKey(),
  Book: bookKey(),
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  State: z.enum(LOAN_STATES, { error: 'circulation:records.invalid.state' }).optional(),
  Kind: z.enum(TRANSACTION_KINDS, { error: 'circulation:records.invalid.kind' }).optional(),
  Staff: text({ max: 100 }).optional(),
  SearchKey: text({ max: 200 }).optional(),
  DeptID: idField(undefined, { coerce: true }).optional(),
  OverdueOnly: z.boolean({ error: 'validation:text.type' }).optional(),
  DueBy: dateField().optional(),
  Barcode: barcodeField().optional(),
  ReaderID: cardField().optional(),
}).superRefine((q, ctx) => {
  const allowed = new Set<string>(columnsOfSource(q.Source));
  const seen = new Set<string>();
  for (const [i, c] of q.Columns.entries()) {
    if (!allowed.has(c) || seen.has(c)) ctx.addIssue({ code: 'custom', path: ['Columns', i], message: 'circulation-export:invalid.column' });
    seen.add(c);
  }
  if ((q.Source === 'bookHistory' && !q.Barcode) || (q.Source === 'readerHistory' && !q.ReaderID)) {
    ctx.addIssue({ code: 'custom', path: [q.Source === 'bookHistory' ? 'Barcode' : 'ReaderID'], message: 'circulation:records.required.bookOrReader' });
  }
});
export type ColumnExportQuery = z.infer<typeof columnExportQuery>;

const call = { method: 'POST', auth: 'user' } as const;
const P = (action: string) => `${LIB}/Circulation/${action}`;

export const circulationRecordCalls = {
  /** Loans of the school, open and closed, newest first. */
  getCircRecord: defineCall({
    ...call, id: 'circulationRecords.getCircRecord', path: P('GetCircRecord'), spec: true, perm: RECORDS_MENUS.search,
    input: loanRecordQuery, data: pageOf(loanRecordSchema),
  }),
  /** The desk's transactions (borrow, return, renew, undo), newest first. */
  getTransactions: defineCall({
    ...call, id: 'circulationRecords.getTransactions', path: P('GetCircTransactions'), spec: false, perm: RECORDS_MENUS.log,
    input: transactionQuery, data: pageOf(transactionRecordSchema),
  }),
  /** The log under the same filters as .xlsx, a job for the download panel. */
  exportTransactions: defineCall({
    ...call, id: 'circulationRecords.exportTransactions', path: `${LIB}/downloadV2/circrecord`, spec: true, perm: RECORDS_EXPORT,
    input: transactionQuery.omit({ Page: true, Rows: true }), data: z.object({ DataID: z.string() }),
  }),
  /** Every open loan of the school, by class, reader and due day. */
  getAllBorrowing: defineCall({
    ...call, id: 'circulationRecords.getAllBorrowing', path: P('GetAllBorrowing'), spec: true, perm: RECORDS_MENUS.open,
    input: openLoanQuery, data: pageOf(loanRecordSchema),
  }),
  /** Stages, grades, classes and departments in tree order, for the open-loans filter. */
  getDeptOptions: defineCall({
    ...call, id: 'circulationRecords.getDeptOptions', path: P('GetRecordDeptOptions'), spec: false, perm: RECORDS_MENUS.open,
    input: z.object({}), data: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
  }),
  /**
   * Every loan of one copy (Barcode) or one reader (ReaderID), newest first; both: that reader's
   * loans of that copy. No single permission: a barcode needs the book history menu, a card the
   * reader history menu (checked by the handler).
   */
  getBorrowHistory: defineCall({
    ...call, id: 'circulationRecords.getBorrowHistory', path: P('GetBorrowHistory'), spec: true,
    input: borrowHistoryQuery, data: pageOf(loanRecordSchema),
  }),
  /** One of the record lists as .xlsx with the columns the user chose, in their order; a job for the download panel. */
  columnScreen: defineCall({
    ...call, id: 'circulationRecords.columnScreen', path: `${LIB}/Download/ColumnScreen`, spec: true, perm: RECORDS_EXPORT,
    input: columnExportQuery, data: z.object({ DataID: z.string() }),
  }),
};
