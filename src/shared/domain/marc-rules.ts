import { z } from 'zod';

/**
 * MARC as the rest of the system sees it: the record model, the codes of what can be wrong with a
 * file, the catalogue drafts a record maps to, and the school-editable import rules (which
 * tag/subfield feeds which catalogue field), with defaults for MARC 21 and CNMARC/UNIMARC.
 * Shared because Marc/GetMarcRule returns the rules, Marc/UpdateMarcRule saves them and the
 * screens show them; the codec and the mapping run in the gateway (src/gateway/marc).
 */

// ---- the record ----

export const marcFlavourSchema = z.enum(['marc21', 'unimarc']);
export type MarcFlavour = z.infer<typeof marcFlavourSchema>;

export const controlFieldSchema = z.object({ tag: z.string().length(3), value: z.string() });
export const subfieldSchema = z.object({ code: z.string().length(1), value: z.string() });
export const dataFieldSchema = z.object({
  tag: z.string().length(3),
  ind1: z.string().length(1),
  ind2: z.string().length(1),
  subfields: z.array(subfieldSchema),
});
export const marcRecordSchema = z.object({
  leader: z.string().length(24),
  fields: z.array(z.union([controlFieldSchema, dataFieldSchema])),
});
export type ControlField = z.infer<typeof controlFieldSchema>;
export type Subfield = z.infer<typeof subfieldSchema>;
export type DataField = z.infer<typeof dataFieldSchema>;
export type MarcField = ControlField | DataField;
export type MarcRecord = z.infer<typeof marcRecordSchema>;

export function isDataField(field: MarcField): field is DataField {
  return 'subfields' in field;
}

// ---- what can be wrong ----

/**
 * One stable code per kind of problem, so screens translate them (`marc:issue.<code>`) and tests
 * assert them. A problem stops a record; a warning says what was repaired in a recovered one.
 */
export const MARC_ISSUE_CODES = [
  'file.empty',
  'file.separators', // line breaks or NULs between records, skipped
  'file.trailingBytes', // bytes after the last record that are not a record
  'file.strayBytes', // bytes before a record that are not a record (a text header, a torn fragment)
  'leader.badLength', // leader/00-04 blank, not digits or not the real length
  'leader.badBaseAddress', // leader/12-16 does not point after the directory
  'leader.badStructure', // leader/10-11 or 20-23 not the ISO 2709 values; standard values assumed
  'record.tooShort', // less than a leader and a directory terminator
  'record.truncated', // the file ends inside the record
  'record.noTerminator', // the record terminator is missing but the leader length holds
  'directory.bad', // entries not 12 digits-and-tag blocks, or pointing outside the data
  'directory.repaired', // field positions recomputed from the field terminators
  'field.tooLong', // a field over 9,999 bytes (its directory length cannot hold it)
  'field.noIndicators', // a data field without its two indicators
  'field.dataBeforeSubfield', // bytes between the indicators and the first subfield delimiter
  'field.emptySubfieldCode', // a subfield delimiter followed by nothing
  'encoding.mismatch', // the bytes contradict the declared character set
  'encoding.invalidBytes', // bytes that are not characters in the chosen set (replaced by U+FFFD)
  'encoding.unsupported', // a MARC-8 character set we have no table for
  'flavour.guessed', // neither 245 nor 200: MARC 21 assumed
  'xml.malformed', // MARCXML that is not well formed
  'xml.noRecords', // no <record> element found
  'map.noTitle', // the record maps to no title
  'map.badIsbn', // the ISBN has a wrong check digit or length
  'map.badPrice', // a price that is not a number
] as const;
export const marcIssueCodeSchema = z.enum(MARC_ISSUE_CODES);
export type MarcIssueCode = z.infer<typeof marcIssueCodeSchema>;

/**
 * The sentences that give an issue's facts, translated as `marc:issueDetail.<key>` after the code's
 * message, each with the names of its parameters. Facts (tags, byte counts, leader characters,
 * character sets) travel as parameters and the words stay in the locale files, so a cataloguer
 * reads the whole problem in one language. `tag` is the issue's own tag; `count` picks the plural
 * form (`_one`/`_other`, as i18next names them), so a sentence with `count` has both.
 * One code may have several sentences: each situation reads naturally in both languages.
 */
export const MARC_ISSUE_DETAILS = {
  'file.onlySeparators': [],
  'file.strayBytes': ['count', 'at'],
  'file.trailingBytes': ['count'],
  'file.separators': ['count'],
  'record.tooShort': ['count'],
  'record.truncated': ['bytes', 'declared'],
  'record.truncatedNoLength': ['bytes'],
  'record.endsByLength': [],
  'record.endsByLengthAfter': ['byte'],
  'leader.badLength': ['declared', 'actual'],
  'leader.badLengthBlank': [],
  'leader.badStructure': ['lengths', 'map'],
  'leader.wrongSize': ['length'],
  'leader.badBaseAddress': ['declared', 'actual'],
  'leader.badBaseAddressBlank': ['actual'],
  'directory.noEnd': [],
  'directory.empty': [],
  'directory.unreadableTags': ['entries', 'fields'],
  'directory.countMismatch': ['entries', 'fields'],
  'directory.uncovered': ['count'],
  'directory.notMultipleOf12': [],
  'directory.inOrder': [],
  'directory.notMultipleOf12InOrder': [],
  'directory.fieldLength': ['tag', 'declared', 'actual'],
  'directory.fieldLengthBlank': ['tag', 'actual'],
  'field.tooLong': ['tag', 'bytes'],
  'field.shortened': ['tag', 'count'],
  'field.subfieldShortened': ['tag', 'code', 'count'],
  'field.leftOut': ['tag'],
  'field.oneIndicator': ['tag'],
  'field.noIndicators': ['tag'],
  'field.dataBeforeSubfield': ['tag', 'text'],
  'field.emptySubfieldCode': ['tag'],
  'encoding.mismatch': ['declared', 'actual'],
  'encoding.notGbk': [],
  'encoding.unsupportedIso': ['sets', 'set'],
  'encoding.unsupportedMarc8': ['tag', 'sets'],
  'encoding.invalidBytes': ['tag', 'count'],
  'xml.noRecordElement': [],
  'xml.subfieldLeftOut': ['tag', 'code'],
  'xml.fieldLeftOut': ['found'],
  'xml.badCharacterReference': ['reference', 'at'],
  'xml.unknownEntity': ['entity', 'at'],
  'xml.textOutsideRoot': ['at'],
  'xml.unterminatedComment': ['at'],
  'xml.unterminatedCdata': ['at'],
  'xml.cdataOutsideRoot': ['at'],
  'xml.unterminatedInstruction': ['at'],
  'xml.unterminatedDeclaration': ['at'],
  'xml.unterminatedEndTag': ['at'],
  'xml.mismatchedEndTag': ['close', 'open', 'at'],
  'xml.strayEndTag': ['close', 'at'],
  'xml.badStartTag': ['at'],
  'xml.badAttribute': ['element', 'at'],
  'xml.undeclaredPrefix': ['prefix', 'at'],
  'xml.neverClosed': ['element', 'at'],
  'map.noTitle': [],
  'map.noIsbn': ['text'],
  'map.isbnCheck': ['isbn'],
  'map.notPrice': ['text'],
  'map.copyNotPrice': ['tag', 'text'],
} as const satisfies Record<string, readonly string[]>;
export type MarcIssueDetail = keyof typeof MARC_ISSUE_DETAILS;
const MARC_ISSUE_DETAIL_KEYS = Object.keys(MARC_ISSUE_DETAILS) as [MarcIssueDetail, ...MarcIssueDetail[]];
/** The parameters a detail sentence takes besides the issue's tag. */
export type MarcIssueFacts<K extends MarcIssueDetail> = { [P in Exclude<(typeof MARC_ISSUE_DETAILS)[K][number], 'tag'>]: string | number };

/**
 * A repair made to a recovered record, or a note from the mapping. Kept small (a parsed file of
 * 60,000 records stays in memory): `detail` and `params` only when there are facts to show.
 */
export const marcIssueSchema = z.object({
  code: marcIssueCodeSchema,
  detail: z.enum(MARC_ISSUE_DETAIL_KEYS).optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** The field the issue is about; also the `{{tag}}` of its detail sentence. */
  tag: z.string().optional(),
});
export type MarcIssue = z.infer<typeof marcIssueSchema>;

// ---- catalogue drafts ----

/** A title as a MARC record describes it, before it is matched against the catalogue. */
export const catalogueDraftSchema = z.object({
  title: z.string(),
  parallelTitle: z.string().optional(),
  /** Statement of responsibility as printed (CNMARC 200$f, MARC 21 245$c). */
  statement: z.string().optional(),
  authors: z.array(z.string()),
  publisher: z.string().optional(),
  place: z.string().optional(),
  year: z.string().optional(),
  /** Digits (and X) only, as found; check digits are verified by the mapping, hyphenation elsewhere. */
  isbn: z.string().optional(),
  price: z.number().optional(),
  /** ISO 4217 when the record says it (CNY29.80, $12.99 → USD); absent = the school's currency. */
  currency: z.string().optional(),
  /** Chinese Library Classification (中图法) number. */
  classNumber: z.string().optional(),
  deweyNumber: z.string().optional(),
  bookNumber: z.string().optional(),
  /** MARC language code (chi, eng). */
  language: z.string().optional(),
  summary: z.string().optional(),
  subjects: z.array(z.string()),
  series: z.string().optional(),
  edition: z.string().optional(),
  extent: z.string().optional(),
});
export type CatalogueDraft = z.infer<typeof catalogueDraftSchema>;

export const copyDraftSchema = z.object({
  barcode: z.string().optional(),
  callNumber: z.string().optional(),
  price: z.number().optional(),
  /** Collection area / shelving location code as the source system wrote it. */
  location: z.string().optional(),
});
export type CopyDraft = z.infer<typeof copyDraftSchema>;

// ---- import rules ----

export const CATALOGUE_TARGETS = [
  'title', 'parallelTitle', 'statement', 'authors', 'publisher', 'place', 'year', 'isbn', 'price',
  'classNumber', 'deweyNumber', 'bookNumber', 'language', 'summary', 'subjects', 'series', 'edition', 'extent',
] as const;
export const catalogueTargetSchema = z.enum(CATALOGUE_TARGETS);
export type CatalogueTarget = z.infer<typeof catalogueTargetSchema>;
/** Targets that collect every value found (all sources, every occurrence); the rest take the first. */
export const LIST_TARGETS: readonly CatalogueTarget[] = ['authors', 'subjects'];

const tagSchema = z.string().max(3).regex(/^[0-9A-Za-z]{3}$/);
const subfieldCodeSchema = z.string().max(1).regex(/^[0-9a-z]$/);
const indicatorSchema = z.string().max(1).regex(/^[0-9a-z ]$/);
/** Punctuation put between subfields: printable characters only (a space is meaningful, so no trimming). */
const joinerSchema = (max: number) => z.string().max(max).regex(/^[ -~\u3000-\u303f\uff00-\uffef]*$/);

/** Where a value comes from: a control field (optionally a slice of it) or subfields of a data field. */
export const marcSourceSchema = z.object({
  tag: tagSchema,
  /** Subfields joined in field order with `joiner`; empty for a control field. */
  subfields: z.array(subfieldCodeSchema).max(10),
  joiner: joinerSchema(5).optional(),
  /** Only fields with these indicators (a blank means blank). */
  ind1: indicatorSchema.optional(),
  ind2: indicatorSchema.optional(),
  /** Only fields whose subfield `code` equals `value` (084 $2 clc). */
  match: z.object({ code: subfieldCodeSchema, value: z.string().min(1).max(20).regex(/^[!-~]+$/) }).optional(),
  /** Character positions [start, end) of the value (008/35-37 language). */
  slice: z.tuple([z.number().int().min(0).max(99), z.number().int().min(1).max(100)]).optional(),
});
export type MarcSource = z.infer<typeof marcSourceSchema>;

/**
 * How a value is cleaned: `isbd` drops the trailing ISBD punctuation MARC 21 carries ("Title /",
 * "Smith, John,"), `isbn` keeps the first ISBN-looking token, `price` reads an amount and a
 * currency ("CNY29.80", "$12.99", "￥29.80"), `year` the first four-digit year ("c2019.", "[2018]").
 */
export const marcCleanSchema = z.enum(['text', 'isbd', 'isbn', 'price', 'year', 'code']);
export type MarcClean = z.infer<typeof marcCleanSchema>;

export const marcFieldRuleSchema = z.object({
  target: catalogueTargetSchema,
  /** Tried in order: the first that yields a value wins (list targets take all). */
  sources: z.array(marcSourceSchema).min(1).max(10),
  clean: marcCleanSchema,
});
export type MarcFieldRule = z.infer<typeof marcFieldRuleSchema>;

/** Subfields joined into one value: `[d, e, f]` with `['/', ':']` gives "I247.5/123:2". */
export const marcJoinSchema = z.object({
  subfields: z.array(subfieldCodeSchema).min(1).max(5),
  separators: z.array(joinerSchema(3)).max(4),
});

/** One holdings field; every occurrence is one copy. */
export const marcHoldingsRuleSchema = z.object({
  tag: tagSchema,
  barcode: subfieldCodeSchema.optional(),
  location: subfieldCodeSchema.optional(),
  price: subfieldCodeSchema.optional(),
  callNumber: marcJoinSchema.optional(),
});
export type MarcHoldingsRule = z.infer<typeof marcHoldingsRuleSchema>;

export const marcFlavourRulesSchema = z.object({
  fields: z.array(marcFieldRuleSchema).max(60),
  holdings: z.array(marcHoldingsRuleSchema).max(5),
});
export type MarcFlavourRules = z.infer<typeof marcFlavourRulesSchema>;

export const marcRulesSchema = z.object({ marc21: marcFlavourRulesSchema, unimarc: marcFlavourRulesSchema });
export type MarcRules = z.infer<typeof marcRulesSchema>;

const src = (tag: string, subfields: string[], extra: Partial<MarcSource> = {}): MarcSource => ({ tag, subfields, ...extra });
const rule = (target: CatalogueTarget, clean: MarcClean, ...sources: MarcSource[]): MarcFieldRule => ({ target, sources, clean });

/**
 * CNMARC (the Chinese UNIMARC): 010 ISBN $a and price $d; 101 language; 200 title $a, parallel
 * title $d, statement $f; 205 edition; 210 place $a, publisher $c, year $d; 215 extent; 225
 * series; 330 summary; 606 subjects with subdivisions; 690 CLC; 676 Dewey; 701/702/711 authors;
 * 905 holdings as Chinese systems write them: $b barcode, $c shelving location, $d class number,
 * $e book number (种次号), $f volume/additional number, $s unit price (our choice: the
 * ones we know of leave the copy price to 010$d).
 */
export const DEFAULT_UNIMARC_RULES: MarcFlavourRules = {
  fields: [
    rule('title', 'text', src('200', ['a'])),
    rule('parallelTitle', 'text', src('200', ['d']), src('510', ['a'])),
    rule('statement', 'text', src('200', ['f', 'g'], { joiner: '; ' })),
    rule('authors', 'text', src('701', ['a', 'b'], { joiner: ', ' }), src('702', ['a', 'b'], { joiner: ', ' }), src('711', ['a']), src('712', ['a'])),
    rule('publisher', 'text', src('210', ['c'])),
    rule('place', 'text', src('210', ['a'])),
    rule('year', 'year', src('210', ['d']), src('100', ['a'], { slice: [9, 13] })),
    rule('isbn', 'isbn', src('010', ['a'])),
    rule('price', 'price', src('010', ['d'])),
    rule('classNumber', 'code', src('690', ['a'])),
    rule('deweyNumber', 'code', src('676', ['a'])),
    rule('bookNumber', 'code', src('905', ['e'])),
    rule('language', 'code', src('101', ['a'])),
    rule('summary', 'text', src('330', ['a'])),
    rule('subjects', 'text', src('606', ['a', 'x', 'y', 'z'], { joiner: '--' }), src('610', ['a'])),
    rule('series', 'text', src('225', ['a'])),
    rule('edition', 'text', src('205', ['a'])),
    rule('extent', 'text', src('215', ['a'])),
  ],
  holdings: [
    { tag: '905', barcode: 'b', location: 'c', price: 's', callNumber: { subfields: ['d', 'e', 'f'], separators: ['/', ':'] } },
  ],
};

/**
 * MARC 21: 020 ISBN $a and price $c; 041/008 language; 245 title $a, statement $c; 246 parallel
 * title (ind2 1); 250 edition; 260 or 264 place/publisher/year; 300 extent; 490 series; 520
 * summary; 650 subjects; 084 with $2 clc for the CLC; 082 Dewey; 100/700/110/710 authors;
 * holdings in Koha's 952 ($p barcode, $c location, $o call number, $g price) or 852 ($p barcode,
 * $b location, $h + $i call number, $9 price). 050 (LC classification) is not mapped: we keep no
 * LC number.
 */
export const DEFAULT_MARC21_RULES: MarcFlavourRules = {
  fields: [
    rule('title', 'isbd', src('245', ['a'])),
    rule('parallelTitle', 'isbd', src('246', ['a'], { ind2: '1' }), src('245', ['b'])),
    rule('statement', 'isbd', src('245', ['c'])),
    rule('authors', 'isbd', src('100', ['a']), src('110', ['a']), src('700', ['a']), src('710', ['a'])),
    rule('publisher', 'isbd', src('264', ['b'], { ind2: '1' }), src('260', ['b'])),
    rule('place', 'isbd', src('264', ['a'], { ind2: '1' }), src('260', ['a'])),
    rule('year', 'year', src('264', ['c'], { ind2: '1' }), src('260', ['c']), src('008', [], { slice: [7, 11] })),
    rule('isbn', 'isbn', src('020', ['a'])),
    rule('price', 'price', src('020', ['c']), src('365', ['b'])),
    rule('classNumber', 'code', src('084', ['a'], { match: { code: '2', value: 'clc' } })),
    rule('deweyNumber', 'code', src('082', ['a'])),
    rule('bookNumber', 'code', src('084', ['b'], { match: { code: '2', value: 'clc' } }), src('082', ['b'])),
    rule('language', 'code', src('041', ['a']), src('008', [], { slice: [35, 38] })),
    rule('summary', 'text', src('520', ['a'])),
    rule('subjects', 'isbd', src('650', ['a', 'x', 'y', 'z'], { joiner: '--' }), src('600', ['a']), src('651', ['a'])),
    rule('series', 'isbd', src('490', ['a'])),
    rule('edition', 'isbd', src('250', ['a'])),
    rule('extent', 'isbd', src('300', ['a'])),
  ],
  holdings: [
    { tag: '952', barcode: 'p', location: 'c', price: 'g', callNumber: { subfields: ['o'], separators: [] } },
    { tag: '852', barcode: 'p', location: 'b', price: '9', callNumber: { subfields: ['h', 'i'], separators: [' '] } },
  ],
};

export const DEFAULT_MARC_RULES: MarcRules = { marc21: DEFAULT_MARC21_RULES, unimarc: DEFAULT_UNIMARC_RULES };
