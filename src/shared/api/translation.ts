import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf } from './paging.ts';

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
  Key: z.string().trim().min(3, { error: 'validation:required.translationKey' }).max(200)
    .regex(/^[a-z][\w-]*:[\w.-]+$/, { error: 'validation:translation.keyFormat' }),
  ZhCN: z.string().max(2000),
  EnUS: z.string().max(2000),
});

export const translationCalls = {
  getTranslation: defineCall({
    id: 'translation.get', method: 'POST', path: `${LIB}/Config/GetTranslation`, auth: 'optional', spec: true,
    input: z.object({ Page: z.number().int().min(1).default(1), Rows: z.number().int().min(1).max(5000).default(5000), SearchKey: z.string().max(200).optional() }),
    data: pageOf(translationSchema),
  }),
  addTranslation: defineCall({
    id: 'translation.add', method: 'POST', path: `${LIB}/Config/AddTranslation`, auth: 'user', spec: true,
    perm: 'sys.translation.edit', input: translationInput, data: translationSchema,
  }),
  updateTranslation: defineCall({
    id: 'translation.update', method: 'POST', path: `${LIB}/Config/UpdateTranslation`, auth: 'user', spec: true,
    perm: 'sys.translation.edit', input: translationInput.extend({ ID: z.number().int() }), data: translationSchema,
  }),
  deleteTranslation: defineCall({
    id: 'translation.delete', method: 'POST', path: `${LIB}/Config/DeleteTranslation`, auth: 'user', spec: true,
    perm: 'sys.translation.edit', input: z.object({ ID: z.number().int() }), data: z.null(),
  }),
  /** Public-portal variant (no sign-in; school from the SchoolID header). */
  searchTranslation: defineCall({
    id: 'translation.search', method: 'POST', path: `${LIB}/Search/Translation`, auth: 'optional', spec: true,
    input: z.object({}), data: z.array(translationSchema),
  }),
} as const;
