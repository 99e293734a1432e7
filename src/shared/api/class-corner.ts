import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { barcodeField } from './collection.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { dateField, idField, intField } from '../domain/fields.ts';

/**
 * The class corner (班级图书角, issue 9): a small branch in a classroom with its own lending
 * ledger, run by a student class librarian. Library staff place copies in a class's corner (the
 * copy leaves the library's shelves: storage area 8, which the main desk does not lend) and take
 * them back; the class librarian lends them to classmates only and takes them back, under the
 * class's own rule (books per student, loan days), which the head teacher or the library sets.
 * Class librarians and head teachers act for their own classes only (their roles' class scope);
 * library staff for every class. Our own design: no spec endpoint.
 */

export const CLASS_CORNER_MENUS = {
  search: '/class-booksearch',
  desk: '/class-borrow-mana',
  usage: '/class-bookuse',
  returns: '/class-bookreturn',
  ranks: '/class-ranks',
} as const;

/** Writes: each its operation key (menu-operations.ts offers them on the class desk's menus). */
export const CLASS_CORNER_OPS = {
  lend: 'classcorner.loans.lend',
  return: 'classcorner.loans.return',
  place: 'classcorner.items.place',
  rules: 'classcorner.rules.edit',
} as const;

/** A class without a rule of its own: two corner books per student for two weeks. */
export const DEFAULT_CLASS_RULE = { MaxLoans: 2, LoanDays: 14 } as const;
export const RULE_BOUNDS = { maxLoans: [1, 10], loanDays: [1, 90] } as const;

/** Why the class corner refuses (class-corner:reason.<code>, params as named). */
export const CORNER_REASON_CODES = [
  /** barcode */ 'copyNotFound',
  /** barcode, class: the copy is not in this class's corner (in another one, or in the library) */ 'notInCorner',
  /** barcode, class: already in a corner (this or another) */ 'alreadyInCorner',
  /** barcode, state, area: the state machine refuses the move (on loan at the library, lost, weeded …) */ 'copyNotPlaceable',
  /** barcode, state, area: still listed in the corner, but the library has moved it meanwhile (weeded, lost, locked …) */ 'notOnCornerShelf',
  /** barcode, name */ 'alreadyLent',
  /** barcode */ 'notLent',
  /** name, class: the reader is not in this class */ 'notClassmate',
  /** name, count, max */ 'limitReached',
  /** name, barcode: an overdue corner book blocks more */ 'overdueBlocks',
  'readerNotFound',
] as const;
export type CornerReasonCode = (typeof CORNER_REASON_CODES)[number];

const classId = () => idField('class-corner:required.class', { coerce: true });
const scanField = () => barcodeField('validation:required.barcode');
const instant = () => z.string().meta({ widget: 'datetime' });
const day = () => z.string().meta({ widget: 'date' });

export const cornerClassSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  /** Books in the corner now, and how many of them are lent. */
  Items: z.number().int(),
  OpenLoans: z.number().int(),
});
export type CornerClass = z.infer<typeof cornerClassSchema>;

/** An open corner loan: the book, the classmate, the due day and how late it is. */
export const cornerLoanSchema = z.object({
  LoanID: z.number().int(),
  CopyID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  UserID: z.number().int(),
  ReaderID: z.string(),
  ReaderName: z.string(),
  LoanedAt: instant(),
  /** The school-local day it is due back. */
  DueDay: day(),
  ReturnedAt: instant().nullable(),
  Overdue: z.boolean(),
  OverdueDays: z.number().int().min(0),
});
export type CornerLoan = z.infer<typeof cornerLoanSchema>;

export const cornerItemSchema = z.object({
  ItemID: z.number().int(),
  CopyID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  Author: z.string(),
  CallNo: z.string(),
  PlacedAt: instant(),
  /** onShelf: in the corner, not lent; lent; overdue: lent and past its due day. */
  State: z.enum(['onShelf', 'lent', 'overdue']),
  Loan: cornerLoanSchema.nullable(),
});
export type CornerItem = z.infer<typeof cornerItemSchema>;

export const classmateSchema = z.object({
  UserID: z.number().int(),
  ReaderID: z.string(),
  Name: z.string(),
  OpenLoans: z.number().int(),
  Overdue: z.number().int(),
});
export type Classmate = z.infer<typeof classmateSchema>;

export const classRuleSchema = z.object({
  DeptID: z.number().int(),
  MaxLoans: z.number().int(),
  LoanDays: z.number().int(),
  /** No rule of its own yet: DEFAULT_CLASS_RULE applies. */
  IsDefault: z.boolean(),
});

export const itemQuery = pageQuerySchema.extend({
  DeptID: classId(),
  State: z.enum(['onShelf', 'lent', 'overdue'], { error: 'class-corner:invalid.state' }).optional(),
});

/** A period of local days (loans made on or after DateFrom, on or before DateTo). */
const period = {
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
};

export const usageQuery = pageQuerySchema.extend({
  DeptID: classId(),
  ...period,
  /** Only the corner's books never lent in the period. */
  NeverLent: z.boolean({ error: 'validation:text.type' }).default(false),
});

export const usageRowSchema = z.object({
  CopyID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  Author: z.string(),
  Times: z.number().int(),
  LastLentAt: instant().nullable(),
  /** Still in the corner (a book taken back keeps its loans in the period). */
  InCorner: z.boolean(),
});

export const rankRowSchema = z.object({
  Rank: z.number().int(),
  UserID: z.number().int(),
  ReaderID: z.string(),
  Name: z.string(),
  Loans: z.number().int(),
});

export const bookRankSchema = z.object({ Barcode: z.string(), Title: z.string(), Times: z.number().int() });

const returnedReader = z.object({ UserID: z.number().int(), ReaderID: z.string(), Name: z.string() });

const call = { method: 'POST', auth: 'user', spec: false } as const;
const P = (action: string) => `${LIB}/ClassCorner/${action}`;

export const classCornerCalls = {
  /**
   * The classes the caller may act for, with their corner's size: every class for library staff
   * (AllClasses), else the classes of their class-scoped roles. Any class-corner menu.
   */
  getClasses: defineCall({
    ...call, id: 'classCorner.getClasses', path: P('GetClasses'),
    input: pageQuerySchema,
    data: pageOf(cornerClassSchema).extend({ AllClasses: z.boolean() }),
  }),
  /** The corner's books (title, author, barcode or call number in SearchKey) with each one's state. */
  getItems: defineCall({
    ...call, id: 'classCorner.getItems', path: P('GetItems'), perm: CLASS_CORNER_MENUS.search,
    input: itemQuery, data: pageOf(cornerItemSchema),
  }),
  /** The class's readers (name, card or pinyin in SearchKey) with their open corner loans. */
  getRoster: defineCall({
    ...call, id: 'classCorner.getRoster', path: P('GetRoster'), perm: CLASS_CORNER_MENUS.desk,
    input: pageQuerySchema.extend({ DeptID: classId() }), data: pageOf(classmateSchema),
  }),
  /** The class's open corner loans, most overdue first. */
  getLoans: defineCall({
    ...call, id: 'classCorner.getLoans', path: P('GetLoans'), perm: CLASS_CORNER_MENUS.desk,
    input: pageQuerySchema.extend({ DeptID: classId(), OverdueOnly: z.boolean({ error: 'validation:text.type' }).default(false) }),
    data: pageOf(cornerLoanSchema),
  }),
  /** Lends a corner book of the class to a classmate under the class rule. */
  lend: defineCall({
    ...call, id: 'classCorner.lend', path: P('Lend'), log: 'always', perm: CLASS_CORNER_OPS.lend,
    input: z.object({ DeptID: classId(), UserID: idField('validation:required.readerId'), Barcode: scanField() }),
    data: z.object({ Loan: cornerLoanSchema, Reader: classmateSchema }),
  }),
  /** Takes a corner book back by its barcode, from whichever classmate has it. */
  returnBook: defineCall({
    ...call, id: 'classCorner.returnBook', path: P('Return'), log: 'always', perm: CLASS_CORNER_OPS.return,
    input: z.object({ Barcode: scanField() }),
    data: z.object({ Loan: cornerLoanSchema, Reader: returnedReader, ClassName: z.string() }),
  }),
  /** Library staff place a copy in the class's corner: it leaves the library's shelves (storage area 8). */
  placeItem: defineCall({
    ...call, id: 'classCorner.placeItem', path: P('PlaceItem'), perm: CLASS_CORNER_OPS.place,
    input: z.object({ DeptID: classId(), Barcode: scanField() }),
    data: z.object({ Item: cornerItemSchema, ClassName: z.string() }),
  }),
  /** Takes a copy back from whichever corner has it: it returns to the storage area it came from. */
  removeItem: defineCall({
    ...call, id: 'classCorner.removeItem', path: P('RemoveItem'), perm: CLASS_CORNER_OPS.place,
    input: z.object({ Barcode: scanField() }),
    data: z.object({ CopyID: z.number().int(), Barcode: z.string(), Title: z.string(), ClassName: z.string(), Storage: z.number().int() }),
  }),
  /** The class's rule (the default when it has none). Any class-corner menu. */
  getRule: defineCall({
    ...call, id: 'classCorner.getRule', path: P('GetRule'),
    input: z.object({ DeptID: classId() }), data: classRuleSchema,
  }),
  setRule: defineCall({
    ...call, id: 'classCorner.setRule', path: P('SetRule'), perm: CLASS_CORNER_OPS.rules,
    input: z.object({
      DeptID: classId(),
      MaxLoans: intField(RULE_BOUNDS.maxLoans[0], RULE_BOUNDS.maxLoans[1]),
      LoanDays: intField(RULE_BOUNDS.loanDays[0], RULE_BOUNDS.loanDays[1]),
    }),
    data: classRuleSchema,
  }),
  /**
   * Per corner book: times lent in the period and the last time; books in the corner at any time
   * of it, never-lent ones too. Totals over the whole selection.
   */
  getUsage: defineCall({
    ...call, id: 'classCorner.getUsage', path: P('GetUsage'), perm: CLASS_CORNER_MENUS.usage,
    input: usageQuery,
    data: pageOf(usageRowSchema).extend({
      Totals: z.object({ Books: z.number().int(), Lent: z.number().int(), NeverLent: z.number().int(), Loans: z.number().int() }),
    }),
  }),
  /** Classmates ranked by corner loans in the period (ties share a rank), and the class's most lent books. */
  getRanks: defineCall({
    ...call, id: 'classCorner.getRanks', path: P('GetRanks'), perm: CLASS_CORNER_MENUS.ranks,
    input: pageQuerySchema.extend({ DeptID: classId(), ...period }),
    data: pageOf(rankRowSchema).extend({ Books: z.array(bookRankSchema) }),
  }),
};
