import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { openPageOf, pageOf, pageQuerySchema } from './paging.ts';
import { copyRowSchema } from './copy-row.ts';
import { base64Field, codeText, decimalField, idField, intField, optionalText, text } from '../domain/fields.ts';
import { CIRCULATION_STATES } from '../domain/catalogue/copy-states.ts';

/**
 * The collection (典藏): copies — find, look up by barcode or tag, edit, change their state through
 * the one state machine, delete. Reads need the collection menu; edits `collection.copies.edit`,
 * state changes `collection.copies.state`, deletion `collection.copies.delete`.
 */
export const COLLECTION_PERMS = {
  edit: 'collection.copies.edit',
  state: 'collection.copies.state',
  delete: 'collection.copies.delete',
} as const;

const call = { method: 'POST', auth: 'user', spec: true } as const;
const P = (action: string) => `${LIB}/Literature/${action}`;
const id = idField();
const optionalRef = idField('validation:required.id', { coerce: true }).optional();

/** A barcode as scanners send it: printable ASCII, no spaces. */
export const barcodeField = (required?: string) => codeText({ max: 64, required, pattern: /^[\x21-\x7E]*$/ });
/** An RFID tag UID: hex digits (8–32), or '' for none. */
export const rfidField = () => codeText({ max: 32, pattern: /^([0-9A-Fa-f]{8,32})?$/, patternError: 'validation:collection.rfid' });


export const copyEventSchema = z.object({ ID: z.number().int(), Event: z.string(), Detail: z.string(), At: z.string(), User: z.string() });

export const collectionQuery = pageQuerySchema.extend({
  BranchID: optionalRef,
  AreaID: optionalRef,
  Storage: intField(1, 9, { coerce: true }).optional(),
  CircState: z.enum(CIRCULATION_STATES, { error: 'validation:collection.circState' }).optional(),
  BatchID: optionalRef,
  /** Class number prefix (I2 finds I247.5). */
  ClassNo: codeText({ max: 40, pattern: /^[A-Za-z0-9.\-=()/]*$/ }).optional(),
  ShelfMark: codeText({ max: 64 }).optional(),
});
export type CollectionQuery = z.infer<typeof collectionQuery>;

export const copyUpdateInput = z.object({
  ID: id,
  Barcode: barcodeField('validation:required.barcode'),
  RFID: rfidField(),
  AreaID: idField('validation:required.collectionArea'),
  ShelfMark: codeText({ max: 64 }),
  Price: decimalField(0, 100000),
  DiscountPrice: decimalField(0, 100000),
  BatchID: idField().nullable(),
  Note: optionalText(500),
});

/** State changes staff make on the collection screen (the desk makes the circulation ones). */
export const COLLECTION_EVENTS = ['weed', 'restore', 'markLost', 'found', 'check', 'lock', 'unlock'] as const;
export const copiesInput = z.array(id).min(1, { error: 'validation:collection.noCopies' }).max(500);

export const refusalSchema = z.object({ ID: z.number().int(), Barcode: z.string(), Message: z.string() });
export const batchResultSchema = z.object({ Changed: z.number().int(), Refused: z.array(refusalSchema) });
export type BatchResult = z.infer<typeof batchResultSchema>;

export const collectionCalls = {
  list: defineCall({ ...call, id: 'collection.list', path: P('GetItemsCollection'), input: collectionQuery, data: openPageOf(copyRowSchema) }),
  get: defineCall({
    ...call, id: 'collection.get', path: P('getcollectioninfo'), input: z.object({ ID: id }),
    data: copyRowSchema.extend({ Publisher: z.string(), History: z.array(copyEventSchema) }),
  }),
  searchTypes: defineCall({
    ...call, id: 'collection.searchTypes', path: P('GetItemCollectionSearchType'), input: z.object({}),
    data: z.array(z.object({ Field: z.string(), Name: z.string(), EnName: z.string() })),
  }),
  sum: defineCall({
    ...call, id: 'collection.sum', path: P('GetItemsSumPrice'), input: collectionQuery.omit({ Page: true, Rows: true }),
    data: z.object({ Count: z.number().int(), Price: z.number(), DiscountPrice: z.number() }),
  }),
  byCode: defineCall({
    ...call, id: 'collection.byCode', path: P('GetBookToBarCodeORfid'), input: z.object({ Code: barcodeField('validation:required.barcode') }), data: copyRowSchema,
  }),
  byBarcode: defineCall({
    ...call, id: 'collection.byBarcode', path: P('GetCollectionToBarCode'), input: z.object({ Barcode: barcodeField('validation:required.barcode') }), data: copyRowSchema,
  }),
  update: defineCall({ ...call, id: 'collection.update', path: P('UpdateItemsCollectionInfo'), perm: COLLECTION_PERMS.edit, input: copyUpdateInput, data: copyRowSchema }),
  changeState: defineCall({
    ...call, id: 'collection.changeState', path: P('updatecollectioninfo'), perm: COLLECTION_PERMS.state,
    input: z.object({ IDs: copiesInput, Event: z.enum(COLLECTION_EVENTS, { error: 'validation:collection.event' }), AreaID: idField().optional() }),
    data: batchResultSchema,
  }),
  delete: defineCall({ ...call, id: 'collection.delete', path: P('DeleteItemsCollectionInfo'), perm: COLLECTION_PERMS.delete, input: z.object({ IDs: copiesInput }), data: batchResultSchema }),
};

// ---- bulk editing and bulk deletion (/bulk-editing, /delete-records-bulk) ----

/** Fields a bulk edit may set; the value is text and is checked per field by the gateway. */
export const BULK_FIELDS = ['ShelfMark', 'Price', 'DiscountPrice', 'CallNo', 'Note'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];
const bulkBarcodes = z.array(barcodeField()).min(1, { error: 'validation:collection.noCopies' }).max(5000);

export const bulkChangeSchema = z.object({ ID: z.number().int(), Barcode: z.string(), Title: z.string(), Field: z.string(), Before: z.string(), After: z.string() });
export const bulkResultSchema = z.object({
  Changes: z.array(bulkChangeSchema),
  Refused: z.array(z.object({ Barcode: z.string(), Message: z.string() })),
  /** False for a preview: nothing was written. */
  Applied: z.boolean(),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkCalls = {
  preview: defineCall({
    ...call, id: 'collection.bulk.preview', path: P('itemsbatchpreview'), perm: COLLECTION_PERMS.edit,
    input: z.object({ Barcodes: bulkBarcodes, Field: z.enum(BULK_FIELDS, { error: 'validation:collection.bulkField' }), Value: optionalText(500) }),
    data: bulkResultSchema,
  }),
  apply: defineCall({
    ...call, id: 'collection.bulk.apply', path: P('itemsbatchedit'), perm: COLLECTION_PERMS.edit,
    input: z.object({ Barcodes: bulkBarcodes, Field: z.enum(BULK_FIELDS, { error: 'validation:collection.bulkField' }), Value: optionalText(500) }),
    data: bulkResultSchema,
  }),
  file: defineCall({
    ...call, id: 'collection.bulk.file', path: P('itemsbatcheditfile'), perm: COLLECTION_PERMS.edit,
    input: z.object({ Content: base64Field(5 * 1024 * 1024), Apply: z.boolean() }),
    data: bulkResultSchema,
  }),
  deleteAll: defineCall({
    ...call, id: 'collection.bulk.delete', path: P('DeleteBookAllRecords'), perm: COLLECTION_PERMS.delete,
    input: z.object({ Barcodes: bulkBarcodes, Confirm: z.boolean() }),
    data: bulkResultSchema.extend({ TitlesLeftEmpty: z.number().int() }),
  }),
};

// ---- label transfer (/resource-mana/resource/label-transfer) ----

export const relabelRecordSchema = z.object({ ID: z.number().int(), At: z.string(), Title: z.string(), OldBarcode: z.string(), NewBarcode: z.string(), OldRFID: z.string(), NewRFID: z.string(), User: z.string() });

export const labelCalls = {
  /** A damaged barcode label or RFID tag replaced: the copy keeps its history under the new one. */
  transfer: defineCall({
    ...call, spec: false, id: 'collection.label.transfer', path: P('TransferLabel'), perm: COLLECTION_PERMS.edit,
    input: z.object({ Code: barcodeField('validation:required.barcode'), NewBarcode: barcodeField().optional(), NewRFID: rfidField().optional() }),
    data: copyRowSchema,
  }),
  history: defineCall({ ...call, spec: false, id: 'collection.label.history', path: P('GetLabelTransfers'), input: pageQuerySchema, data: pageOf(relabelRecordSchema) }),
};

// ---- titles of the catalogue (/resource-mana/resource/catalog) ----

export const titleRowSchema = z.object({
  ID: z.number().int(), Title: z.string(), Author: z.string(), Publisher: z.string(), PubYear: z.number().int().nullable(), ISBN: z.string(),
  ClassNo: z.string(), CallNo: z.string(), Price: z.number(), Language: z.string(), Copies: z.number().int(), Available: z.number().int(), UpdateTime: z.string(),
});
export type TitleRow = z.infer<typeof titleRowSchema>;

export const catalogueListQuery = pageQuerySchema.extend({ ClassNo: codeText({ max: 40, pattern: /^[A-Za-z0-9.\-=()/]*$/ }).optional() });

export const titleCalls = {
  list: defineCall({ ...call, spec: false, id: 'collection.titles.list', path: P('GetCatalogueList'), input: catalogueListQuery, data: pageOf(titleRowSchema) }),
  /** The copies of a title (its holdings). */
  copies: defineCall({ ...call, id: 'collection.titles.copies', path: P('GetCollectionToCatalogue'), input: z.object({ ItemID: id }), data: z.array(copyRowSchema) }),
  /** One more copy of a title the library holds. */
  addCopy: defineCall({
    ...call, id: 'collection.titles.addCopy', path: P('AddItemsCollectionInfo'), perm: COLLECTION_PERMS.edit,
    input: z.object({ ItemID: id, AreaID: idField('validation:required.collectionArea'), Barcode: barcodeField().optional(), ShelfMark: codeText({ max: 64 }).optional(), Price: decimalField(0, 100000).optional() }),
    data: copyRowSchema,
  }),
  update: defineCall({
    ...call, spec: false, id: 'collection.titles.update', path: P('UpdateItemsCatalogueInfo'), perm: COLLECTION_PERMS.edit,
    input: z.object({
      ID: id, Title: text({ max: 500, required: 'validation:required.title' }), Author: optionalText(300), Publisher: optionalText(300),
      PubYear: intField(1000, 2199).nullable(), Price: decimalField(0, 100000),
      // Left out = unchanged (the list row the edit form starts from does not carry them).
      Summary: text({ max: 4000, multiline: true }).optional(), Subjects: text({ max: 1000 }).optional(), Series: text({ max: 300 }).optional(),
    }),
    data: titleRowSchema,
  }),
  delete: defineCall({ ...call, spec: false, id: 'collection.titles.delete', path: P('DeleteCatalogueInfo'), perm: COLLECTION_PERMS.delete, input: z.object({ ID: id }), data: z.null() }),
};

// ---- shelves, locations, warnings, label printing, export ----

export const WARNING_KINDS = ['sharedCallNo', 'noShelfMark', 'lostLong', 'zeroPrice'] as const;
export const PRINT_LIMIT = 5000;

export const shelfCalls = {
  /** Shelf marks in use (in an area), with how many copies each holds. */
  shelfNumbers: defineCall({
    ...call, id: 'collection.shelfNumbers', path: P('ShelfNumber'), input: z.object({ AreaID: idField().optional() }),
    data: z.array(z.object({ ShelfMark: z.string(), Copies: z.number().int() })),
  }),
  /** The copies on one shelf mark. */
  shelfItems: defineCall({
    ...call, id: 'collection.shelfItems', path: P('GetShelfItem'),
    input: pageQuerySchema.extend({ ShelfMark: codeText({ max: 64, required: 'validation:required.shelfMark' }), AreaID: optionalRef }),
    data: openPageOf(copyRowSchema),
  }),
  /** Area and shelf mark for scanned copies (shelving after a stocktake): a move where the area changes. */
  updateLocation: defineCall({
    ...call, id: 'collection.updateLocation', path: P('UpdateCollectionLocation'), perm: COLLECTION_PERMS.edit,
    input: z.object({ Barcodes: z.array(barcodeField()).min(1, { error: 'validation:collection.noCopies' }).max(1000), AreaID: idField('validation:required.collectionArea'), ShelfMark: codeText({ max: 64 }) }),
    data: batchResultSchema,
  }),
  warnings: defineCall({
    ...call, id: 'collection.warnings', path: P('GetWarningList'),
    input: pageQuerySchema.extend({ Kind: z.enum(WARNING_KINDS, { error: 'validation:collection.warningKind' }).optional() }),
    data: pageOf(z.object({ Kind: z.string(), CopyID: z.number().int(), Barcode: z.string(), Title: z.string(), CallNo: z.string(), Detail: z.string() })),
  }),
  /** Label print data for selected copies (the desktop prints it): kept 30 minutes under a print id. */
  printSelect: defineCall({
    ...call, id: 'collection.print.select', path: P('GetSshPrint'),
    input: z.object({ Barcodes: z.array(barcodeField()).min(1, { error: 'validation:collection.noCopies' }).max(PRINT_LIMIT, { error: 'validation:collection.printLimit' }) }),
    data: z.object({ PrintID: z.string(), Count: z.number().int(), Expires: z.string() }),
  }),
  printData: defineCall({
    ...call, id: 'collection.print.data', path: P('getbarcodefile'), input: z.object({ PrintID: codeText({ max: 64, required: 'validation:required.id' }) }),
    data: z.object({ School: z.string(), Labels: z.array(z.object({ Barcode: z.string(), CallNo: z.string(), Title: z.string(), ShelfMark: z.string(), Area: z.string() })) }),
  }),
  /** The collection (the current filters) as .xlsx, a job for the download panel. */
  exportCollection: defineCall({
    ...call, id: 'collection.export', path: `${LIB}/DownloadV2/Collection`, perm: 'collection.copies.export',
    input: collectionQuery.omit({ Page: true, Rows: true }), data: z.object({ DataID: z.string() }),
  }),
};
