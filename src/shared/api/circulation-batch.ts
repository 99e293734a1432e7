import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { barcodeField } from './collection.ts';
import { deskLoanSchema, reasonSchema, returnReaderSchema } from './circulation.ts';
import { loanRecordSchema } from './circulation-records.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { base64Field, dateField, idField, text } from '../domain/fields.ts';
import { IDENTITIES } from '../domain/identities.ts';
import { messageKey } from '../domain/issue-messages.ts';

/**
 * Batch circulation (issue 9): a class's books lent at once (/batchborrow), many books returned at
 * once (/batchreturn), a file of an offline desk's transactions applied (/batchdata), and the open
 * loans matching conditions renewed or given a new due day (/batchcondition). Every batch works row
 * by row with the desk's own writes (each row its own transaction, the rules loaded once): a
 * refused row changes nothing, and the reply lists every row's outcome and the totals. Writes may
 * carry an Idempotency-Key header, so a retried batch never lends or returns twice.
 */

export const BATCH_MENUS = {
  borrow: '/batchborrow',
  return: '/batchreturn',
  data: '/batchdata',
  condition: '/batchcondition',
} as const;

/** Operation keys of the batch writes (menu-operations.ts offers them on their menus). */
export const BATCH_OPS = {
  borrow: 'circulation.batch.borrow',
  return: 'circulation.batch.return',
  upload: 'circulation.batch.upload',
  renew: 'circulation.batch.renew',
  due: 'circulation.batch.due',
} as const;

/** Books lent or returned in one request (a class, a trolley). */
export const BATCH_MAX_ROWS = 200;
/** Lines of an offline desk's file, and its size. */
export const UPLOAD_MAX_ROWS = 2000;
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** Loans a condition may act on at once (the spec's printing limit). */
export const CONDITION_MAX = 5000;
/** Readers a class list shows. */
export const CLASS_MAX_READERS = 500;

/** The journal's kind of a due day set by /batchcondition (circ_transactions.kind, varchar(8)). */
export const SET_DUE_KIND = 'due';

/** What happened to one row of a batch. */
export const batchRowSchema = z.object({
  /** Position in the request (1-based). */
  Row: z.number().int(),
  Barcode: z.string(),
  /** The loan as it is after the row (lent, returned, renewed, due day moved); null when refused. */
  Loan: deskLoanSchema.nullable(),
  /** Whose loan it is; null when not known. */
  Reader: returnReaderSchema.nullable(),
  Ok: z.boolean(),
  /** Every reason of a refusal (the desk's codes, each with its i18n key and params). */
  Reasons: z.array(reasonSchema),
  /** The refusal in the caller's language ('' when done). */
  Message: z.string(),
  /** A renewal's or a new due day's previous due instant ('' otherwise). */
  PreviousDueAt: z.string(),
});
export type BatchRow = z.infer<typeof batchRowSchema>;

export const batchResultSchema = z.object({
  List: z.array(batchRowSchema),
  Total: z.number().int(),
  /** Rows that changed something, and rows refused (changing nothing). */
  Done: z.number().int(),
  Refused: z.number().int(),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

const rowsError = (max: number) => ({
  min: { error: 'circulation-batch:invalid.noRows' },
  max: { error: messageKey('circulation-batch:invalid.tooManyRows', { maximum: max }) },
});

export const batchLendInput = z.object({
  Items: z.array(z.object({
    UserID: idField('validation:required.readerId'),
    Barcode: barcodeField('validation:required.barcode'),
  })).min(1, rowsError(BATCH_MAX_ROWS).min).max(BATCH_MAX_ROWS, rowsError(BATCH_MAX_ROWS).max),
});

export const batchReturnInput = z.object({
  Barcodes: z.array(barcodeField('validation:required.barcode'))
    .min(1, rowsError(BATCH_MAX_ROWS).min).max(BATCH_MAX_ROWS, rowsError(BATCH_MAX_ROWS).max),
});

/** A reader of a class as batch borrowing shows them: the quota left and the open loans. */
export const classReaderSchema = z.object({
  UserID: z.number().int(),
  ReaderID: z.string(),
  Name: z.string(),
  ClassName: z.string(),
  /** May borrow this many more now (0 when blocked), of MaxLoans. */
  Left: z.number().int(),
  MaxLoans: z.number().int(),
  OnLoan: z.number().int(),
  Blocks: z.array(reasonSchema),
  Loans: z.array(z.object({ Barcode: z.string(), Title: z.string(), DueAt: z.string(), Overdue: z.boolean() })),
});
export type ClassReader = z.infer<typeof classReaderSchema>;

export const deptInput = z.object({ DeptID: idField('circulation-batch:invalid.noClass') });

/** Which open loans a condition takes; every part optional (all open loans of the caller's branches). */
export const conditionSchema = z.object({
  /** A class, grade, stage or department: its readers' loans, and those under it. */
  DeptID: idField().optional(),
  Identity: z.enum(IDENTITIES, { error: 'validation:reader.unknownIdentity' }).optional(),
  /** The copy's branch. */
  BranchID: idField().optional(),
  /** Due on or after / on or before these local days. */
  DueFrom: dateField().optional(),
  DueTo: dateField().optional(),
  OverdueOnly: z.boolean({ error: 'validation:text.type' }).default(false),
});
export type Condition = z.infer<typeof conditionSchema>;

export const conditionQuery = conditionSchema.extend(pageQuerySchema.omit({ SearchKey: true }).shape);

export const setDueInput = conditionSchema.extend({ NewDueDay: dateField('circulation-batch:invalid.noDueDay') });

/** An offline desk's file: .xlsx or .csv, columns time, kind (borrow/return), reader card, barcode. */
export const uploadInput = z.object({
  FileName: text({ max: 255, required: 'circulation-batch:invalid.noFile' }).regex(/\.(xlsx|csv)$/i, { error: 'circulation-batch:invalid.fileType' }),
  Content: base64Field(UPLOAD_MAX_BYTES),
});

export const UPLOAD_STATUSES = ['ready', 'invalid', 'applied', 'done', 'refused'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** A line of the file, as checked (preview) or applied. */
export const uploadRowSchema = z.object({
  /** The line in the file (header = 1). */
  Line: z.number().int(),
  /** The time as the school's local "yyyy-mm-dd hh:mm" ('' when unreadable); At as an instant. */
  Time: z.string(),
  At: z.string(),
  Kind: z.enum(['borrow', 'return', '']),
  ReaderID: z.string(),
  ReaderName: z.string(),
  Barcode: z.string(),
  Title: z.string(),
  /** ready / invalid (preview); applied = already in the system (an earlier upload), skipped; done / refused (apply). */
  Status: z.enum(UPLOAD_STATUSES),
  /** Why a line is invalid or refused, in the caller's language. */
  Problems: z.array(z.string()),
  /** The loan's due instant after a borrow ('' otherwise). */
  DueAt: z.string(),
});
export type UploadRow = z.infer<typeof uploadRowSchema>;

export const uploadResultSchema = z.object({
  List: z.array(uploadRowSchema),
  Total: z.number().int(),
  /** Lines by status. */
  Counts: z.record(z.enum(UPLOAD_STATUSES), z.number().int()),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

const call = { method: 'POST', auth: 'user' } as const;
const P = (action: string) => `${LIB}/Circulation/${action}`;

export const circulationBatchCalls = {
  /** Lends many books, each row to its reader (batch borrowing of a class). */
  batchCirc: defineCall({
    ...call, id: 'circulationBatch.batchCirc', path: P('batchcirc'), spec: true, perm: BATCH_OPS.borrow,
    input: batchLendInput, data: batchResultSchema,
  }),
  /** Returns many books by barcode, from whoever has them. */
  batchReturn: defineCall({
    ...call, id: 'circulationBatch.batchReturn', path: P('batchreturn'), spec: true, perm: BATCH_OPS.return,
    input: batchReturnInput, data: batchResultSchema,
  }),
  /** Stages, grades, classes and departments in tree order; any batch menu. */
  getDeptOptions: defineCall({
    ...call, id: 'circulationBatch.getDeptOptions', path: P('GetBatchDeptOptions'), spec: false,
    input: z.object({}), data: z.array(z.object({ ID: z.number().int(), Name: z.string() })),
  }),
  /** A class's readers in roster order (card number), each with the quota left and the open loans. */
  getClassReaders: defineCall({
    ...call, id: 'circulationBatch.getClassReaders', path: P('GetBatchClassReaders'), spec: false, perm: BATCH_MENUS.borrow,
    input: deptInput, data: pageOf(classReaderSchema),
  }),
  /** A class's open loans (in the caller's branches), by reader and due day. */
  getClassLoans: defineCall({
    ...call, id: 'circulationBatch.getClassLoans', path: P('GetBatchClassLoans'), spec: false, perm: BATCH_MENUS.return,
    input: deptInput, data: pageOf(loanRecordSchema),
  }),
  /** The open loans a condition takes (a page of them and how many in all); changes nothing. */
  conditionPreview: defineCall({
    ...call, id: 'circulationBatch.conditionPreview', path: P('GetBatchConditionLoans'), spec: false, perm: BATCH_MENUS.condition,
    input: conditionQuery, data: pageOf(loanRecordSchema),
  }),
  /** Renews every loan a condition takes under the rules (at most CONDITION_MAX). */
  conditionRenew: defineCall({
    ...call, id: 'circulationBatch.conditionRenew', path: P('BatchConditionRenew'), spec: false, perm: BATCH_OPS.renew,
    input: conditionSchema, data: batchResultSchema,
  }),
  /** Gives every loan a condition takes a new due day (not before today), journaled with the old and new (at most CONDITION_MAX). */
  conditionSetDue: defineCall({
    ...call, id: 'circulationBatch.conditionSetDue', path: P('BatchConditionSetDue'), spec: false, perm: BATCH_OPS.due,
    input: setDueInput, data: batchResultSchema,
  }),
  /** Reads an offline desk's file and checks each line; changes nothing. */
  uploadPreview: defineCall({
    ...call, id: 'circulationBatch.uploadPreview', path: P('OfflinePreview'), spec: false, perm: BATCH_MENUS.data,
    input: uploadInput, data: uploadResultSchema,
  }),
  /** Applies the file's valid lines in time order; lines already applied by an earlier upload are skipped. */
  uploadApply: defineCall({
    ...call, id: 'circulationBatch.uploadApply', path: P('OfflineApply'), spec: false, perm: BATCH_OPS.upload,
    input: uploadInput, data: uploadResultSchema,
  }),
};
