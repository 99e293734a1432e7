import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { PRINT_LIMIT } from '../domain/ui-constants.ts';
import { codeText, decimalField, idField, intField, optionalText, text, tokenField } from '../domain/fields.ts';
import { isbnField } from '../domain/catalogue/isbn.ts';
import { editingConfigSchema } from '../domain/catalogue/editing-config.ts';

/**
 * Cataloguing (编目): the editing settings, barcode sequences, call numbers and THE save of a
 * title with its new copies. Reads need the book-editing menu; writes `catalogue.items.edit`,
 * settings `catalogue.settings.edit`.
 */
export const CATALOGUE_PERMS = {
  edit: 'catalogue.items.edit',
  settings: 'catalogue.settings.edit',
} as const;

const call = { method: 'POST', auth: 'user', spec: true } as const;
const P = (area: string, action: string) => `${LIB}/${area}/${action}`;

export const classNoField = () =>
  codeText({ max: 40, pattern: /^[A-Za-z0-9.\-=()"<>:+/]*$/, patternError: 'validation:catalogue.classNo' });

export const barcodeSequenceSchema = z.object({
  ID: z.number().int(),
  Name: z.string(),
  Prefix: z.string(),
  Width: z.number().int(),
  NextNumber: z.number().int(),
  IsDefault: z.boolean(),
  /** What the next barcode will look like. */
  Next: z.string(),
});
export type BarcodeSequence = z.infer<typeof barcodeSequenceSchema>;

/** A barcode sequence as staff define it (/book-editing-rule). */
export const barcodeSequenceInput = z.object({
  Name: text({ max: 100, required: 'validation:required.name' }),
  Prefix: codeText({ max: 16, pattern: /^[A-Za-z0-9-]*$/ }),
  Width: intField(1, 18),
  NextNumber: intField(1, 999_999_999),
  IsDefault: z.boolean(),
});

const classNode = z.object({ Code: z.string(), Name: z.string(), EnName: z.string() });
export const classTreeSchema = z.array(classNode.extend({ Children: z.array(classNode) }));

/** A title as the catalogue holds it (also what capture returns as a draft, without ItemID). */
export const catalogueItemSchema = z.object({
  ItemID: z.number().int(),
  Title: z.string(),
  ParallelTitle: z.string(),
  Author: z.string(),
  Publisher: z.string(),
  Place: z.string(),
  PubYear: z.number().int().nullable(),
  ISBN: z.string(),
  ISBNHyphenated: z.string(),
  Price: z.number(),
  ClassNo: z.string(),
  DeweyNo: z.string(),
  BookNo: z.string(),
  AddNo: z.string(),
  Language: z.string(),
  Summary: z.string(),
  Subjects: z.string(),
  Series: z.string(),
  Edition: z.string(),
  Extent: z.string(),
  Source: z.string(),
  CopyCount: z.number().int(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

/** The title fields a cataloguer types (Literature/AddItemsCatalogueInfo, UpdateItemsCatalogueInfo). */
export const catalogueInput = z.object({
  Title: text({ max: 500, required: 'validation:required.title' }),
  ParallelTitle: optionalText(500),
  Author: optionalText(300),
  Publisher: optionalText(300),
  Place: optionalText(200),
  PubYear: intField(1000, 2199).nullable().optional(),
  ISBN: isbnField(),
  Price: decimalField(0, 100000),
  ClassNo: classNoField(),
  DeweyNo: codeText({ max: 40, pattern: /^(\d{3}(\.\d+)?)?$/, patternError: 'validation:catalogue.dewey' }).optional(),
  BookNo: codeText({ max: 40 }).optional(),
  AddNo: codeText({ max: 40 }).optional(),
  Language: codeText({ max: 8, pattern: /^[a-z]{2,8}$/ }).optional(),
  Summary: optionalText(4000, true),
  Subjects: optionalText(1000),
  Series: optionalText(300),
  Edition: optionalText(100),
  Extent: optionalText(200),
  Source: tokenField(40).optional(),
});

export const newCopiesInput = z.object({
  /** Number of copies to generate (spec: greater than 0). */
  Count: intField(1, 200),
  AreaID: idField('validation:required.collectionArea'),
  BatchID: idField('validation:required.batch').optional(),
  /** Barcodes come from this sequence unless Barcodes lists them (scanned pre-printed labels). */
  SequenceID: idField().optional(),
  Barcodes: z.array(codeText({ max: 64, pattern: /^[\x21-\x7E]+$/ })).max(200).optional(),
  ShelfMark: codeText({ max: 64 }).optional(),
  /** Unit price; the title's price when omitted. */
  Price: decimalField(0, 100000).optional(),
  DiscountPrice: decimalField(0, 100000).optional(),
});

export const savedCopySchema = z.object({ ID: z.number().int(), Barcode: z.string(), CallNo: z.string() });

const codeName = z.object({ Code: z.string(), Name: z.string(), EnName: z.string() });

/** Reference data of cataloguing and the collection, in both languages (Config/GetConfigData). */
export const configDataSchema = z.object({
  StorageAreas: z.array(codeName.extend({ Code: z.number().int(), Placeable: z.boolean(), Lending: z.boolean() })),
  CirculationStates: z.array(codeName),
  CopyEvents: z.array(codeName),
  Languages: z.array(codeName),
  BookNumberSchemes: z.array(codeName),
});
export type ConfigData = z.infer<typeof configDataSchema>;

export const shelfTitleSchema = z.object({
  ItemID: z.number().int(), Title: z.string(), Author: z.string(), ISBN: z.string(), ClassNo: z.string(), BookNo: z.string(), AddNo: z.string(), CallNo: z.string(), Copies: z.number().int(),
});
export const duplicateCandidateSchema = shelfTitleSchema.extend({ Publisher: z.string(), Score: z.number(), Reason: z.enum(['isbn', 'title']) });

/** A barcode range reserved for pre-printing. */
export const preprintSchema = z.object({
  ID: z.number().int(), Sequence: z.string(), BatchID: z.number().int().nullable(), BatchNo: z.string(),
  First: z.string(), Last: z.string(), Count: z.number().int(), Note: z.string(), CreatedBy: z.string(), CreatedAt: z.string(),
  /** The no-login printable view's token and until when it opens. */
  ViewToken: z.string(), ViewExpires: z.string(),
});
export type Preprint = z.infer<typeof preprintSchema>;

export const catalogueCalls = {
  getConfigData: defineCall({ ...call, id: 'catalogue.configData', path: P('Config', 'GetConfigData'), input: z.object({}), data: configDataSchema }),
  getEditingConfig: defineCall({ ...call, id: 'catalogue.config.get', path: P('Literature', 'GetEditingConfig'), input: z.object({}), data: editingConfigSchema }),
  saveEditingConfig: defineCall({ ...call, id: 'catalogue.config.save', path: P('Literature', 'SaveEditingConfig'), perm: CATALOGUE_PERMS.settings, input: editingConfigSchema, data: editingConfigSchema }),
  getAfi: defineCall({ ...call, id: 'catalogue.afi', path: P('Config', 'GetAFI'), input: z.object({}), data: z.object({ AFI: z.string(), LoanAFI: z.string() }) }),
  getCustomClassify: defineCall({ ...call, id: 'catalogue.clcTree', path: P('Config', 'GetCustomClassify'), input: z.object({}), data: classTreeSchema }),
  getDeweyClassification: defineCall({
    ...call, id: 'catalogue.dewey', path: P('Literature', 'GetDeweyClassification'),
    input: z.object({ Number: codeText({ max: 40 }).optional() }),
    data: z.object({ List: z.array(classNode), Match: classNode.nullable() }),
  }),
  getChiIndexNum: defineCall({
    ...call, id: 'catalogue.chineseAuthorNumber', path: P('Capture', 'GetChiIndexNum'),
    input: z.object({ Author: text({ max: 300, required: 'validation:required.author' }) }),
    data: z.object({ AuthorNumber: z.string(), Pinyin: z.string() }),
  }),
  getDwIndexNum: defineCall({
    ...call, id: 'catalogue.latinAuthorNumber', path: P('Capture', 'GetDwIndexNum'),
    input: z.object({ Author: text({ max: 300, required: 'validation:required.author' }) }),
    data: z.object({ AuthorNumber: z.string() }),
  }),
  getBarCodeAutoAddList: defineCall({ ...call, id: 'catalogue.sequences', path: P('Literature', 'GetBarCodeAutoAddList'), perm: CATALOGUE_PERMS.edit, input: z.object({}), data: z.array(barcodeSequenceSchema) }),
  addBarcodeSequence: defineCall({
    ...call, spec: false, id: 'catalogue.sequence.add', path: P('Literature', 'AddBarCodeAutoAdd'), perm: CATALOGUE_PERMS.settings,
    input: barcodeSequenceInput, data: barcodeSequenceSchema,
  }),
  updateBarcodeSequence: defineCall({
    ...call, spec: false, id: 'catalogue.sequence.update', path: P('Literature', 'UpdateBarCodeAutoAdd'), perm: CATALOGUE_PERMS.settings,
    input: barcodeSequenceInput.extend({ ID: idField() }), data: barcodeSequenceSchema,
  }),
  deleteBarcodeSequence: defineCall({
    ...call, spec: false, id: 'catalogue.sequence.delete', path: P('Literature', 'DeleteBarCodeAutoAdd'), perm: CATALOGUE_PERMS.settings,
    input: z.object({ ID: idField() }), data: z.object({ ID: z.number().int() }),
  }),
  getBarCodeList: defineCall({
    ...call, id: 'catalogue.nextBarcodes', path: P('Literature', 'GetBarCodeList'),
    input: z.object({ SequenceID: idField(), Count: intField(1, 200) }),
    data: z.object({ List: z.array(z.string()) }),
  }),
  getItemListNumCalculate: defineCall({
    ...call, id: 'catalogue.callNumber', path: P('Literature', 'GetItemListNumCalculate'),
    // Language and DeweyNo as the save gets them: Dewey shelves English books when the school says so.
    input: z.object({
      ClassNo: classNoField(), Author: optionalText(300), AddNo: codeText({ max: 40 }).optional(),
      Language: catalogueInput.shape.Language, DeweyNo: catalogueInput.shape.DeweyNo,
    }),
    data: z.object({ ClassNo: z.string(), BookNo: z.string(), AddNo: z.string(), CallNo: z.string(), Scheme: z.enum(['sequence', 'author']) }),
  }),
  ourLibrary: defineCall({
    ...call, id: 'catalogue.ourLibrary', path: P('Capture', 'OurLibrary'),
    input: z.object({ ISBN: isbnField() }),
    data: z.object({ Found: z.boolean(), Source: z.string(), Item: catalogueItemSchema.nullable() }),
  }),
  /**
   * /callnumber-search: the titles of a class in shelf order (a page of them, and how many), the next free 种次号, and the classes
   * under it that hold titles (a CLC notation extended: Q95 → Q95-49, Q951, Q959.8), with their counts.
   */
  getEqualIndexNumItem: defineCall({
    ...call, id: 'catalogue.sameClass', path: P('Literature', 'GetEqualIndexNumItem'),
    input: z.object({ ClassNo: classNoField().min(1, { error: 'validation:required.classNo' }), Page: intField(1, 10000).default(1), Rows: intField(1, 500).default(100) }),
    data: z.object({
      Next: z.string(), Total: z.number().int(), List: z.array(shelfTitleSchema),
      Subclasses: z.array(z.object({ ClassNo: z.string(), Titles: z.number().int() })), MoreSubclasses: z.boolean(),
    }),
  }),
  /** /newbook-duplicate-check: titles this school holds that a new book may be (ISBN-10/13, pinyin-aware title). */
  checkDuplicates: defineCall({
    ...call, spec: false, id: 'catalogue.duplicates', path: P('Literature', 'CheckDuplicates'),
    input: z.object({ ISBN: isbnField().optional(), Title: optionalText(500), Author: optionalText(300) }),
    data: z.object({ List: z.array(duplicateCandidateSchema) }),
  }),
  /** Titles of the catalogue that look like one book catalogued twice (same ISBN, or same title and author). */
  duplicateGroups: defineCall({
    ...call, spec: false, id: 'catalogue.duplicateGroups', path: P('Literature', 'GetDuplicateGroups'), perm: CATALOGUE_PERMS.edit,
    input: z.object({ Page: intField(1, 10000).default(1), Rows: intField(1, 100).default(20) }),
    data: z.object({ Total: z.number().int(), List: z.array(z.object({ Reason: z.enum(['isbn', 'title']), Items: z.array(shelfTitleSchema) })) }),
  }),
  /** Moves the copies of one title under another and removes the emptied title (history kept). */
  mergeTitles: defineCall({
    ...call, spec: false, id: 'catalogue.merge', path: P('Literature', 'MergeTitles'), perm: CATALOGUE_PERMS.edit,
    input: z.object({ KeepID: idField(), MergeID: idField() }),
    data: z.object({ ItemID: z.number().int(), Moved: z.number().int() }),
  }),
  /**
   * Links the tag just written for a copy (the desktop writes it and reads it back first): the
   * copy gets the tag's UID; a UID another copy has is "RFID repeated". A copy that already has
   * another tag is refused here: replacing a tag is label transfer's job, with its history.
   */
  linkTag: defineCall({
    ...call, spec: false, id: 'catalogue.linkTag', path: P('Literature', 'LinkTag'), perm: CATALOGUE_PERMS.edit,
    input: z.object({
      Barcode: codeText({ max: 64, required: 'validation:required.barcode', pattern: /^[\x21-\x7E]*$/ }),
      RFID: codeText({ max: 32, required: 'validation:required.rfid', pattern: /^[0-9A-Fa-f]{8,32}$/, patternError: 'validation:collection.rfid' }),
    }),
    data: z.object({ ID: z.number().int(), Barcode: z.string(), RFID: z.string() }),
  }),
  /**
   * Reserves the next `Count` barcodes of a sequence for pre-printed labels (/preprint): cataloguing
   * never issues them again; numbers already on copies are passed over. The range is kept, with a
   * token for the no-login printable view that lasts 30 minutes.
   */
  reservePreprint: defineCall({
    ...call, spec: false, id: 'catalogue.preprint.reserve', path: P('Literature', 'ReserveBarCodeRange'), perm: CATALOGUE_PERMS.edit,
    input: z.object({
      SequenceID: idField('validation:catalogue.sequenceRequired'),
      Count: intField(1, PRINT_LIMIT),
      BatchID: idField().nullable().optional(),
      Note: optionalText(200),
    }),
    data: preprintSchema.extend({ Barcodes: z.array(z.string()) }),
  }),
  preprints: defineCall({
    ...call, spec: false, id: 'catalogue.preprint.list', path: P('Literature', 'GetBarCodeRanges'), perm: CATALOGUE_PERMS.edit, input: pageQuerySchema, data: pageOf(preprintSchema),
  }),
  /** The barcodes of a reserved range again (a sheet jammed), with a new view token. */
  preprintBarcodes: defineCall({
    ...call, spec: false, id: 'catalogue.preprint.barcodes', path: P('Literature', 'GetBarCodeRange'), perm: CATALOGUE_PERMS.edit,
    input: z.object({ ID: idField() }), data: preprintSchema.extend({ Barcodes: z.array(z.string()) }),
  }),
  /**
   * No sign-in: the barcodes of a range by its view token, for a browser to print
   * (/barcode-prepriting-view). An unknown or expired token: "the print data is invalid or expired".
   */
  preprintView: defineCall({
    id: 'catalogue.preprint.view', method: 'POST', path: P('Literature', 'GetBarCodeRangeView'), auth: 'none', spec: false, rateLimit: 'public',
    input: z.object({ Token: tokenField(64, { required: 'validation:required.id' }) }),
    data: z.object({ School: z.string(), First: z.string(), Last: z.string(), Barcodes: z.array(z.string()), ViewExpires: z.string() }),
  }),
  addItemsCatalogueInfo: defineCall({
    ...call, id: 'catalogue.save', path: P('Literature', 'AddItemsCatalogueInfo'), perm: CATALOGUE_PERMS.edit,
    input: z.object({ ItemID: idField().optional(), Item: catalogueInput, Copies: newCopiesInput }),
    data: z.object({ ItemID: z.number().int(), Created: z.boolean(), CallNo: z.string(), Copies: z.array(savedCopySchema) }),
  }),
};
