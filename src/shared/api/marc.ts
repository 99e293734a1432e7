import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { codeText, idField, intField } from '../domain/fields.ts';
import { marcRulesSchema } from '../domain/marc-rules.ts';

/**
 * MARC import and export (/resource-mana/resource/marc-*). A file is uploaded in chunks
 * (upload/post, MergeFile), read once (Marc/Post) into a preview with every record's problems,
 * then imported as a job in chunked transactions (Marc/Import with copies, Marc/ImportCataInfo
 * catalogue only). Export is a job too (Marc/Export), read back by the download panel.
 */
export const MARC_PERMS = {
  import: 'catalogue.marc.import',
  export: 'catalogue.marc.export',
  rules: 'catalogue.marc.rules',
} as const;

const call = { method: 'POST', auth: 'user', spec: true } as const;
const P = (action: string) => `${LIB}/Marc/${action}`;
const fileId = () => codeText({ max: 36, required: 'validation:required.id', pattern: /^[0-9a-f-]{36}$/ });

export const MARC_FLAVOURS = ['marc21', 'unimarc'] as const;
export const MARC_FORMATS = ['iso2709', 'marcxml'] as const;
export const DUPLICATE_POLICIES = ['skip', 'merge', 'replace'] as const;
const flavour = z.enum(MARC_FLAVOURS, { error: 'validation:marc.flavour' });
const format = z.enum(MARC_FORMATS, { error: 'validation:marc.format' });

export const previewRowSchema = z.object({
  Index: z.number().int(),
  Offset: z.number().int(),
  ControlNumber: z.string(),
  Title: z.string(),
  Author: z.string(),
  ISBN: z.string(),
  ClassNo: z.string(),
  Copies: z.number().int(),
  /** Whether the school already holds the ISBN (the duplicate policy decides). */
  Duplicate: z.boolean(),
  /** True when the record cannot be imported at all. */
  Broken: z.boolean(),
  Problems: z.array(z.object({ Code: z.string(), Message: z.string() })),
});

export const previewSummarySchema = z.object({
  FileID: z.string(),
  FileName: z.string(),
  Records: z.number().int(),
  Broken: z.number().int(),
  WithProblems: z.number().int(),
  Duplicates: z.number().int(),
  Copies: z.number().int(),
  Flavours: z.array(z.string()),
  Encodings: z.array(z.string()),
});

export const importInput = z.object({
  FileID: fileId(),
  Policy: z.enum(DUPLICATE_POLICIES, { error: 'validation:marc.policy' }),
  /** Where copies without a known location go (Marc/Import only). */
  AreaID: idField('validation:required.collectionArea').optional(),
});

/** How Marc/Post reads a file: the encoding and flavour to read it in, or 'auto' (the reader decides). */
export const marcEncodingSchema = z.enum(['auto', 'utf-8', 'gb18030', 'marc-8'], { error: 'validation:marc.encoding' });
export const marcReadFlavourSchema = z.enum(['auto', ...MARC_FLAVOURS], { error: 'validation:marc.flavour' });

export const marcCalls = {
  getRule: defineCall({ ...call, id: 'marc.rules.get', path: P('GetMarcRule'), input: z.object({}), data: marcRulesSchema }),
  updateRule: defineCall({ ...call, id: 'marc.rules.update', path: P('UpdateMarcRule'), perm: MARC_PERMS.rules, input: marcRulesSchema, data: marcRulesSchema }),
  post: defineCall({
    ...call, id: 'marc.post', path: P('Post'), perm: MARC_PERMS.import,
    input: z.object({
      FileID: fileId(),
      Encoding: marcEncodingSchema.default('auto'),
      Flavour: marcReadFlavourSchema.default('auto'),
    }),
    data: previewSummarySchema,
  }),
  previewTable: defineCall({
    ...call, id: 'marc.previewTable', path: P('PreviewTable'), perm: MARC_PERMS.import,
    input: pageQuerySchema.extend({ FileID: fileId(), OnlyProblems: z.boolean().optional() }),
    data: pageOf(previewRowSchema),
  }),
  previewMarc: defineCall({
    ...call, id: 'marc.previewMarc', path: P('PreviewMarc'), perm: MARC_PERMS.import,
    input: z.object({ FileID: fileId(), Index: intField(0, 10_000_000) }),
    data: z.object({ Lines: z.array(z.string()) }),
  }),
  import: defineCall({ ...call, id: 'marc.import', path: P('Import'), perm: MARC_PERMS.import, input: importInput, data: z.object({ DataID: z.string() }) }),
  importCatalogue: defineCall({
    ...call, id: 'marc.importCatalogue', path: P('ImportCataInfo'), perm: MARC_PERMS.import, input: importInput.omit({ AreaID: true }), data: z.object({ DataID: z.string() }),
  }),
  byItem: defineCall({
    ...call, id: 'marc.byItem', path: P('marcbyitemid'), input: z.object({ ItemID: idField(), Flavour: flavour, Format: format }),
    data: z.object({ FileName: z.string(), Content: z.string(), Encoding: z.enum(['base64', 'text']), Lines: z.array(z.string()) }),
  }),
  export: defineCall({
    ...call, spec: false, id: 'marc.export', path: P('Export'), perm: MARC_PERMS.export,
    input: z.object({
      Flavour: flavour, Format: format,
      ClassNo: codeText({ max: 40, pattern: /^[A-Za-z0-9.\-=()/]*$/ }).optional(),
      BatchID: idField().optional(),
      WithCopies: z.boolean().default(true),
    }),
    data: z.object({ DataID: z.string() }),
  }),
};
