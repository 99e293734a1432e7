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

/** The translations screen's menu: reading the list needs it, like any screen's reads. */
const TRANSLATION_MENU = '/sys/transition';

/**
 * The strings a page before sign-in shows (sign-in, portal sign-in and callbacks, the public card
 * check, error pages, the minimal layout's title and language switch, screen titles): the only
 * overrides Search/Translation answers without a token.
 */
export const PUBLIC_TRANSLATION_PREFIXES = [
  'auth:', 'common:', 'errors:', 'validation:', 'screens:', 'sso:', 'shell:portal.', 'shell:language.', 'readers:publicCheck.',
] as const;

export function isPublicTranslationKey(key: string): boolean {
  return PUBLIC_TRANSLATION_PREFIXES.some((p) => key.startsWith(p));
}

const translationInput = z.object({
  Key: text({ max: 200, min: 3, required: 'validation:required.translationKey' })
    .regex(/^[a-z][\w-]*:[\w.-]+$/, { error: 'validation:translation.keyFormat' }),
  ZhCN: text({ max: 2000 }),
  EnUS: text({ max: 2000 }),
});

export const translationCalls = {
  /** The administrators' list (/sys/transition): signed in, with that screen's menu. */
  getTranslation: defineCall({
    id: 'translation.get', method: 'POST', path: `${LIB}/Config/GetTranslation`, auth: 'user', spec: true,
    perm: TRANSLATION_MENU,
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
  /**
   * The overrides the app applies at run time. Signed in: every override of the user's school.
   * Without a token (school from the SchoolID header): only those of the strings the pre-sign-in
   * pages show (PUBLIC_TRANSLATION_PREFIXES).
   */
  searchTranslation: defineCall({
    id: 'translation.search', method: 'POST', path: `${LIB}/Search/Translation`, auth: 'optional', spec: true,
    rateLimit: 'public',
    input: z.object({}), data: z.array(translationSchema),
  }),
} as const;
