import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { barcodeField } from './collection.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { codeText, idField, text } from '../domain/fields.ts';

/**
 * Stocktaking (盘点, /book-inventory) and its report (/inventory-report). A stocktake covers one or
 * more collection areas; starting it snapshots the expected set (copies whose home area is in scope
 * and that should be on a shelf: available, locked, or waiting to be fetched for a hold). Desks then
 * scan shelves (barcode or RFID tag); each copy counts once however often it is scanned. Closing
 * marks the copies still missing as lost through the copy state machine (markLost), with an undo
 * that puts each one back to its earlier state (found, then lock/reserve again when it was so).
 * Designed after Koha's inventory tool and FOLIO's "missing" item status (we have no separate
 * missing state: lost with a stocktake reason in the copy's history is what a missing copy is).
 */

export const STOCKTAKE_MENU = '/book-inventory';
export const STOCKTAKE_REPORT_MENU = '/inventory-report';
export const STOCKTAKE_OPS = {
  run: 'collection.stocktake.run',
  close: 'collection.stocktake.close',
  export: 'collection.stocktake.export',
} as const;

export const STOCKTAKE_STATES = ['open', 'paused', 'closed'] as const;
export type StocktakeState = (typeof STOCKTAKE_STATES)[number];

/** What a scan found: on its shelf, on another shelf or area, a copy that should not be there, or no copy at all. */
export const SCAN_RESULTS = ['found', 'misplaced', 'notExpected', 'unknown'] as const;
export type ScanResult = (typeof SCAN_RESULTS)[number];

/** Why a scanned copy was not expected: its state (on loan, lost, weeded …) or its home area is outside the stocktake. */
export const NOT_EXPECTED_REASONS = ['borrowed', 'lost', 'weeded', 'onHoldShelf', 'claimedReturned', 'outsideScope', 'noArea', 'processing'] as const;
export type NotExpectedReason = (typeof NOT_EXPECTED_REASONS)[number];

/** The report's lists. */
export const ITEM_KINDS = ['missing', 'misplaced', 'notExpected', 'found', 'unknown'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const countsSchema = z.object({
  /** Copies in the snapshot at the start. */
  Expected: z.number().int(),
  Found: z.number().int(),
  /** Expected copies not seen yet and still supposed to be on a shelf. */
  Missing: z.number().int(),
  Misplaced: z.number().int(),
  NotExpected: z.number().int(),
  Unknown: z.number().int(),
  /** Expected copies lent (or otherwise taken off the shelf) during the stocktake before they were seen. */
  Left: z.number().int(),
});
export type StocktakeCounts = z.infer<typeof countsSchema>;

const optionSchema = z.object({ ID: z.number().int(), Name: z.string() });

export const stocktakeSchema = z.object({
  ID: z.number().int(),
  Name: z.string().meta({ identifier: true }),
  State: z.enum(STOCKTAKE_STATES),
  Areas: z.array(optionSchema),
  StartedAt: z.string().meta({ widget: 'datetime' }),
  StartedBy: z.string(),
  ClosedAt: z.string().meta({ widget: 'datetime' }).nullable(),
  /** Copies marked lost by the close (0 after an undo). */
  Marked: z.number().int(),
  /** An undo of the close happened (the stocktake is paused again). */
  Undone: z.boolean(),
  Counts: countsSchema,
});
export type Stocktake = z.infer<typeof stocktakeSchema>;

export const stocktakeRowSchema = stocktakeSchema.omit({ Areas: true, Counts: true }).extend({
  AreaNames: z.string(),
  Expected: z.number().int(),
  Found: z.number().int(),
  Missing: z.number().int(),
});

/** One copy of a list: where it belongs and where it was seen. */
export const stocktakeItemSchema = z.object({
  ID: z.number().int(),
  Barcode: z.string(),
  Title: z.string(),
  CallNo: z.string(),
  HomeArea: z.string(),
  FoundArea: z.string(),
  FoundShelf: z.string(),
  /** found, misplaced, notExpected, missing; unknown codes have only Barcode. */
  Kind: z.enum(ITEM_KINDS),
  Reason: z.enum(NOT_EXPECTED_REASONS).nullable(),
  ScannedAt: z.string().meta({ widget: 'datetime' }).nullable(),
  ScannedBy: z.string(),
  /** The copy's circulation state now. */
  State: z.string(),
});
export type StocktakeItem = z.infer<typeof stocktakeItemSchema>;

export const areaFiguresSchema = z.object({
  AreaID: z.number().int(),
  Area: z.string(),
  Branch: z.string(),
  Expected: z.number().int(),
  Found: z.number().int(),
  Missing: z.number().int(),
  /** Copies of this home area found elsewhere, or on the wrong shelf. */
  Misplaced: z.number().int(),
  /** Scans made in this area of copies not expected there. */
  NotExpected: z.number().int(),
  Left: z.number().int(),
  /** Found + misplaced over expected, percent with one decimal. */
  FoundRate: z.number(),
});
export type AreaFigures = z.infer<typeof areaFiguresSchema>;

const idInput = z.object({ ID: idField('validation:required.stocktake') });

export const startInput = z.object({
  Name: text({ max: 100, required: 'validation:required.stocktakeName' }),
  AreaIDs: z.array(idField('validation:required.area'), { error: 'validation:required.area' }).min(1, { error: 'validation:required.area' }).max(100),
});

export const scanInput = z.object({
  ID: idField('validation:required.stocktake'),
  /** The barcode typed or scanned, or the tag's item id. */
  Code: barcodeField('validation:required.barcode'),
  /** The RFID tag's UID when read from the pad (found by it when the code is unknown). */
  Uid: codeText({ max: 64, pattern: /^[0-9A-Fa-f]*$/ }).optional(),
  /** Where the desk is scanning: a copy whose home area (or shelf) differs is misplaced. */
  AreaID: idField('validation:required.area').optional(),
  ShelfID: idField('validation:required.shelf').optional(),
});

export const scanResultSchema = z.object({
  Result: z.enum(SCAN_RESULTS),
  /** Already scanned in this stocktake: counted once. */
  Duplicate: z.boolean(),
  Barcode: z.string(),
  Title: z.string(),
  CallNo: z.string(),
  HomeArea: z.string(),
  Reason: z.enum(NOT_EXPECTED_REASONS).nullable(),
});
export type ScanReply = z.infer<typeof scanResultSchema>;

export const listInput = pageQuerySchema.omit({ SearchKey: true }).extend({
  State: z.enum(STOCKTAKE_STATES, { error: 'validation:required.state' }).optional(),
});

export const itemsInput = pageQuerySchema.omit({ SearchKey: true }).extend({
  ID: idField('validation:required.stocktake', { coerce: true }),
  Kind: z.enum(ITEM_KINDS, { error: 'validation:required.kind' }).default('missing'),
  AreaID: idField(undefined, { coerce: true }).optional(),
});

const areaOptionSchema = z.object({ ID: z.number().int(), Name: z.string(), Branch: z.string(), Copies: z.number().int() });

const call = { method: 'POST', auth: 'user', spec: false } as const;
const P = (action: string) => `${LIB}/Stocktake/${action}`;

export const stocktakingCalls = {
  /** Collection areas in the caller's branches, with their copies, to choose a stocktake's scope. */
  getAreaOptions: defineCall({ ...call, id: 'stocktaking.getAreaOptions', path: P('GetAreaOptions'), perm: STOCKTAKE_MENU, input: z.object({}), data: z.array(areaOptionSchema) }),
  /** Shelves of an area, for "the shelf I am scanning". */
  getShelfOptions: defineCall({ ...call, id: 'stocktaking.getShelfOptions', path: P('GetShelfOptions'), perm: STOCKTAKE_MENU, input: z.object({ AreaID: idField('validation:required.area') }), data: z.array(optionSchema) }),
  getList: defineCall({ ...call, id: 'stocktaking.getList', path: P('GetStocktakes'), perm: STOCKTAKE_MENU, input: listInput, data: pageOf(stocktakeRowSchema) }),
  get: defineCall({ ...call, id: 'stocktaking.get', path: P('GetStocktake'), perm: STOCKTAKE_MENU, input: idInput, data: stocktakeSchema }),
  start: defineCall({ ...call, id: 'stocktaking.start', path: P('StartStocktake'), perm: STOCKTAKE_OPS.run, input: startInput, data: stocktakeSchema }),
  /** Pause for the day, or resume. */
  setState: defineCall({ ...call, id: 'stocktaking.setState', path: P('SetStocktakeState'), perm: STOCKTAKE_OPS.run, input: idInput.extend({ State: z.enum(['open', 'paused'], { error: 'validation:required.state' }) }), data: stocktakeSchema }),
  /**
   * One scanned code. Not in the operation log (a stocktake is hundreds of scans an afternoon and
   * keeps who scanned what itself); start, close and undo are logged.
   */
  scan: defineCall({ ...call, id: 'stocktaking.scan', path: P('Scan'), perm: STOCKTAKE_OPS.run, log: 'never', input: scanInput, data: scanResultSchema }),
  /** The close's preview: the copies it would mark lost. */
  getMissing: defineCall({ ...call, id: 'stocktaking.getMissing', path: P('GetMissing'), perm: STOCKTAKE_MENU, input: itemsInput.omit({ Kind: true }), data: pageOf(stocktakeItemSchema) }),
  close: defineCall({ ...call, id: 'stocktaking.close', path: P('CloseStocktake'), perm: STOCKTAKE_OPS.close, input: idInput, data: stocktakeSchema }),
  /** Puts every copy the close marked back to its earlier state; the stocktake is paused again. */
  undoClose: defineCall({ ...call, id: 'stocktaking.undoClose', path: P('UndoClose'), perm: STOCKTAKE_OPS.close, input: idInput, data: z.object({ Restored: z.number().int(), Skipped: z.array(z.string()), Stocktake: stocktakeSchema }) }),
  getReportList: defineCall({ ...call, id: 'stocktaking.getReportList', path: P('GetReportStocktakes'), perm: STOCKTAKE_REPORT_MENU, input: listInput, data: pageOf(stocktakeRowSchema) }),
  /** Figures per area of one stocktake, and its totals. */
  getReport: defineCall({ ...call, id: 'stocktaking.getReport', path: P('GetReport'), perm: STOCKTAKE_REPORT_MENU, input: idInput, data: z.object({ Stocktake: stocktakeSchema, Areas: z.array(areaFiguresSchema) }) }),
  getReportItems: defineCall({ ...call, id: 'stocktaking.getReportItems', path: P('GetReportItems'), perm: STOCKTAKE_REPORT_MENU, input: itemsInput, data: pageOf(stocktakeItemSchema) }),
  /** The report as .xlsx (figures per area and each list on its own sheet), a job in the download panel. */
  export: defineCall({ ...call, id: 'stocktaking.export', path: P('ExportReport'), perm: STOCKTAKE_OPS.export, input: idInput, data: z.object({ DataID: z.string() }) }),
};
