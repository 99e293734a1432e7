import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { catalogueItemSchema, CATALOGUE_PERMS } from './catalogue.ts';
import { codeText, intField, optionalText, urlField } from '../domain/fields.ts';
import { isbnField } from '../domain/catalogue/isbn.ts';
import { pageOf, pageQuerySchema } from './paging.ts';

/**
 * Capture by ISBN (采集): one result shape for every source — the school's own catalogue
 * (catalogue.ourLibrary), SRU/Z39.50 servers, the union catalogue of the schools on this gateway,
 * and the commercial sources the school configures by address and key. An unconfigured source
 * is refused at once naming it; an unreachable or slow one answers within its timeout, naming it.
 */

/**
 * The sources, in the order they are asked. The union catalogue comes first: a record a fellow
 * school already made is local, free and fits the district's practice. `kind` says how the
 * gateway talks to the source.
 */
export const CAPTURE_SOURCES = [
  { id: 'union', kind: 'union' },
  { id: 'sru', kind: 'sru' },
  { id: 'ddw', kind: 'json' },
  { id: 'zgtsw', kind: 'json' },
  { id: 'ocrc', kind: 'json' },
  { id: 'lanree', kind: 'json' },
  { id: 'shtsg', kind: 'json' },
  { id: 'scholastic', kind: 'json' },
  { id: 'syzn', kind: 'json' },
  { id: 'lexile', kind: 'lexile' },
  { id: 'cover-zh', kind: 'cover' },
  { id: 'cover-en', kind: 'cover' },
] as const;
export type CaptureSourceId = (typeof CAPTURE_SOURCES)[number]['id'];
export const CAPTURE_SOURCE_IDS = CAPTURE_SOURCES.map((s) => s.id) as [CaptureSourceId, ...CaptureSourceId[]];

/** A record found by a source: the catalogue's fields, without the school's own ones. */
export const captureItemSchema = catalogueItemSchema.omit({ ItemID: true, CopyCount: true });
export type CaptureItem = z.infer<typeof captureItemSchema>;

export const captureResultSchema = z.object({
  Found: z.boolean(),
  Source: z.string(),
  Item: captureItemSchema.nullable(),
  /** Further records the source returned for the same ISBN (SRU servers often hold several). */
  Candidates: z.array(captureItemSchema),
  /** The reading measure (GetLeXile), e.g. "720L". */
  Lexile: z.string().optional(),
  /** A cover stored for this school (ItemsImgGrad*): its id for the title, and a signed address. */
  Cover: z.string().optional(),
  CoverUrl: z.string().optional(),
  /** Schools holding the title (union catalogue). */
  Holders: z.array(z.object({ School: z.string(), Copies: z.number().int() })).optional(),
  /** Why nothing was found, in the caller's language ('' when found). */
  Message: z.string(),
});
export type CaptureResult = z.infer<typeof captureResultSchema>;

const isbnInput = z.object({ ISBN: isbnField() });
const call = { method: 'POST', auth: 'user', spec: true } as const;
const P = (action: string) => `${LIB}/Capture/${action}`;
const capture = (id: string, action: string, spec = true) =>
  // A capture may cost the school a paid lookup: cataloguers only.
  defineCall({ ...call, spec, id: `capture.${id}`, path: P(action), perm: CATALOGUE_PERMS.edit, input: isbnInput, data: captureResultSchema });

/** Paths of the JSON field mapping: dotted, letters, digits, _ and [n]. */
const pathField = () => codeText({ max: 100, pattern: /^[A-Za-z0-9_.[\]]*$/ });
export const CAPTURE_MAPPED_FIELDS = ['Title', 'ParallelTitle', 'Author', 'Publisher', 'Place', 'PubYear', 'ISBN', 'Price', 'ClassNo', 'Summary', 'Subjects', 'Series', 'Edition', 'Extent', 'Cover', 'Lexile'] as const;

export const sourceSettingsInput = z.object({
  ID: z.enum(CAPTURE_SOURCE_IDS, { error: 'validation:capture.source' }),
  Enabled: z.boolean(),
  /** SRU: base address; JSON sources: the address with {isbn} (and {key}) in it. */
  URL: urlField(),
  /** Sent as {key} in the address; blank keeps the stored key, ClearApiKey removes it. */
  ApiKey: optionalText(300),
  ClearApiKey: z.boolean().optional(),
  TimeoutMs: intField(500, 30000),
  /** SRU only. */
  Database: codeText({ max: 100, pattern: /^[A-Za-z0-9_.-]*$/ }).optional(),
  RecordSchema: z.enum(['marcxml', 'unimarc'], { error: 'validation:capture.recordSchema' }).optional(),
  IsbnIndex: codeText({ max: 60, pattern: /^[A-Za-z0-9_.-]*$/ }).optional(),
  /** JSON sources: where the record is (e.g. data.book) and where each field is within it. */
  Root: pathField().optional(),
  Mapping: z.partialRecord(z.enum(CAPTURE_MAPPED_FIELDS), pathField()).optional(),
});
export type SourceSettingsInput = z.infer<typeof sourceSettingsInput>;

export const sourceSettingsSchema = sourceSettingsInput.omit({ ApiKey: true, ClearApiKey: true }).extend({
  Kind: z.string(),
  Configured: z.boolean(),
  /** The key itself never leaves the gateway. */
  HasApiKey: z.boolean(),
});
export type SourceSettings = z.infer<typeof sourceSettingsSchema>;

export const unionRowSchema = z.object({
  ISBN: z.string(),
  Title: z.string(),
  Author: z.string(),
  Publisher: z.string(),
  PubYear: z.number().int().nullable(),
  ClassNo: z.string(),
  Schools: z.number().int(),
  Copies: z.number().int(),
  /** Whether the caller's school holds it already. */
  Mine: z.boolean(),
});

export const captureCalls = {
  marc: capture('sru', 'MarcDataGrad'),
  ddw: capture('ddw', 'LibraryDataGradDDW'),
  zgtsw: capture('zgtsw', 'LibraryDataGradZGTSW'),
  ocrc: capture('ocrc', 'LibraryDataGradOCRC'),
  lanree: capture('lanree', 'LibraryDataGradLanree'),
  shtsg: capture('shtsg', 'LibraryDataGrad_SHTSG'),
  scholastic: capture('scholastic', 'Scholastic'),
  syzn: capture('syzn', 'SYZNCatalogue'),
  lexile: capture('lexile', 'GetLeXile'),
  coverZh: capture('cover-zh', 'ItemsImgGradChi'),
  coverEn: capture('cover-en', 'ItemsImgGradEng'),
  union: capture('union', 'UnionCatalogue', false),
  /** Every configured source in turn until one finds the ISBN (the cataloguing screens' lookup). */
  any: capture('any', 'AnySource', false),
  getSources: defineCall({ ...call, spec: false, id: 'capture.sources.get', path: P('GetSources'), perm: CATALOGUE_PERMS.edit, input: z.object({}), data: z.array(sourceSettingsSchema) }),
  saveSource: defineCall({ ...call, spec: false, id: 'capture.sources.save', path: P('SaveSource'), perm: CATALOGUE_PERMS.settings, input: sourceSettingsInput, data: sourceSettingsSchema }),
  searchUnion: defineCall({
    ...call, spec: false, id: 'capture.union.search', path: P('SearchUnion'), perm: CATALOGUE_PERMS.edit,
    input: pageQuerySchema,
    data: pageOf(unionRowSchema),
  }),
};
