import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { codeText, idField, text } from '../domain/fields.ts';
import { catalogueListQuery, copyRowSchema, titleRowSchema } from './collection.ts';

/**
 * Staff search of the catalogue (Search/*): titles by ISBN (any form), pinyin initials or full
 * pinyin, title or author words; one title with its copies; copies by barcode, tag, call number or
 * title. The public portal will reuse them. Suggest answers the first letters typed.
 */
const call = { method: 'POST', auth: 'user', spec: true } as const;
const P = (action: string) => `${LIB}/Search/${action}`;

export const searchCalls = {
  catalogue: defineCall({ ...call, id: 'search.catalogue', path: P('Catalogue'), input: catalogueListQuery, data: pageOf(titleRowSchema) }),
  catalogueDetail: defineCall({
    ...call, id: 'search.catalogueDetail', path: P('CatalogueDetail'), input: z.object({ ItemID: idField() }),
    data: titleRowSchema.extend({ CopiesList: z.array(copyRowSchema) }),
  }),
  collection: defineCall({
    ...call, id: 'search.collection', path: P('Collection'),
    input: pageQuerySchema.extend({ ClassNo: codeText({ max: 40, pattern: /^[A-Za-z0-9.\-=()/]*$/ }).optional() }),
    data: pageOf(copyRowSchema),
  }),
  suggest: defineCall({
    ...call, spec: false, id: 'search.suggest', path: P('Suggest'),
    input: z.object({ Prefix: text({ max: 50, required: 'validation:required.prefix' }) }),
    data: z.array(z.object({ ItemID: z.number().int(), Title: z.string(), Author: z.string() })),
  }),
};
