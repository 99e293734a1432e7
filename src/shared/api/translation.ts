import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { idField, intField, text } from '../domain/fields.ts';
import { MAX_PAGE, pageOf } from './paging.ts';

/** A server-side override of one UI string: Key is "<namespace>:<dotted.key>". */
export const translationSchema = z.object({
  ID: z.number().int(),
  Key: z.string(),
  ZhCN: z.string(),
  EnUS: z.string(),
  UpdateTime: z.string(),
});
export type Translation = z.infer<typeof translationSchema>;

const translationInput = z.object({
  Key: text({ max: 200, min: 3, required: 'validation:required.translationKey' })
    .regex(/^[a-z][\w-]*:[\w.-]+$/, { error: 'validation:translation.keyFormat' }),
  ZhCN: text({ max: 2000 }),
  EnUS: text({ max: 2000 }),
});

export const translationCalls = {
  getTranslation: defineCall({
    id: 'translation.get', method: 'POST', path: `${LIB}/Config/GetTranslation`, auth: 'optional', spec: true,
    input: z.object({ Page: intField(1, MAX_PAGE).default(1), Rows: intField(1, 5000).default(5000), SearchKey: text({ max: 200 }).optional() }),
    data: pageOf(translationSchema),
  }),
  addTranslation: defineCall({
    id: 'translation.add', method: 'POST', path: `${LIB}/Config/AddTranslation`, auth: 'user', spec: true,
    perm: 'sys.translation.edit', input: translationInput, data: translationSchema,
  }),
  updateTranslation: defineCall({
    id: 'translation.update', method: 'POST', path: `${LIB}/Config/UpdateTranslation`, auth: 'user', spec: true,
    perm: 'sys.translation.edit', input: translationInput.extend({ ID: idField() }), data: translationSchema,
  }),
  deleteTranslation: defineCall({
    id: 'translation.delete', method: 'POST', path: `${LIB}/Config/DeleteTranslation`, auth: 'user', spec: true,
    perm: 'sys.translation.edit', input: z.object({ ID: idField() }), data: z.null(),
  }),
  /** Public-portal variant (no sign-in; school from the SchoolID header). */
  searchTranslation: defineCall({
    id: 'translation.search', method: 'POST', path: `${LIB}/Search/Translation`, auth: 'optional', spec: true,
    input: z.object({}), data: z.array(translationSchema),
  }),
} as const;
