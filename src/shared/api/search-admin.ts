import { z } from 'zod';
import { defineCall, LIB } from './contract.ts';
import { pageOf, pageQuerySchema } from './paging.ts';
import { dateField, idField, intField, text } from '../domain/fields.ts';

/**
 * The public portal's search settings (/search-mana 检索管理): hot words staff pin under the portal's
 * search box (in their order), then the words most searched in the last HOT_DAYS days; blocked words
 * never shown as hot words; and the search log of the portal's catalogue search: what, when, how
 * many hits, and the reader's identity only (never who: a library keeps what a reader looks for
 * private), with the zero-hit searches listed for purchasing.
 */
export const SEARCH_MENU = '/search-mana';
export const SEARCH_EDIT = 'search.settings.edit';
export const HOT_DAYS = 30;
export const HOT_WORD_COUNT = 10;

const wordInput = z.object({ Word: text({ max: 50, required: 'search-admin:required.word' }) });
export const hotWordSchema = z.object({ ID: z.number().int(), Word: z.string(), Sort: z.number().int(), UpdateTime: z.string().meta({ widget: 'datetime' }) });
export const blockedWordSchema = z.object({ ID: z.number().int(), Word: z.string(), UpdateTime: z.string().meta({ widget: 'datetime' }) });
const hotInput = wordInput.extend({ Sort: intField(0, 9999).default(0) });

const logFilters = {
  DateFrom: dateField().optional(),
  DateTo: dateField().optional(),
  /** Only searches that found nothing (the purchasing list). */
  ZeroHit: z.boolean({ error: 'validation:text.type' }).optional(),
};
export const searchLogQuery = pageQuerySchema.extend(logFilters);
export const searchLogSchema = z.object({
  ID: z.number().int(),
  At: z.string().meta({ widget: 'datetime' }),
  Word: z.string(),
  Hits: z.number().int(),
  /** The searcher's identity (student, teacher …), '' when not signed in; never who. */
  Identity: z.string(),
});
export const searchWordSchema = z.object({
  Word: z.string(),
  Searches: z.number().int(),
  /** The most hits any of these searches had: 0 means the library has nothing for the word. */
  Hits: z.number().int(),
  LastAt: z.string().meta({ widget: 'datetime' }),
  Students: z.number().int(),
  Teachers: z.number().int(),
  Others: z.number().int(),
  Anonymous: z.number().int(),
});
export const portalHotWordSchema = z.object({ Word: z.string(), Pinned: z.boolean() });

/**
 * The school's choices for signed-in readers on the portal (school_settings). The spec: "Public-search
 * password change is gated by a setting": ReaderPasswordChange off hides the change on the portal and
 * the gateway refuses a portal session's password change (schools whose accounts come from another
 * platform keep passwords there).
 */
export const PORTAL_SETTINGS_KEY = 'portal-settings';
export const portalSettingsSchema = z.object({
  ReaderPasswordChange: z.boolean({ error: 'validation:text.type' }),
});
export type PortalSettings = z.infer<typeof portalSettingsSchema>;
export const DEFAULT_PORTAL_SETTINGS: PortalSettings = { ReaderPasswordChange: true };

const call = { method: 'POST', auth: 'user', spec: false } as const;
const P = (action: string) => `${LIB}/SearchManage/${action}`;

export const searchAdminCalls = {
  getHotWordList: defineCall({ ...call, id: 'searchAdmin.getHotWordList', path: P('GetHotWordList'), perm: SEARCH_MENU, input: pageQuerySchema, data: pageOf(hotWordSchema) }),
  addHotWord: defineCall({ ...call, id: 'searchAdmin.addHotWord', path: P('AddHotWord'), perm: SEARCH_EDIT, input: hotInput, data: hotWordSchema }),
  updateHotWord: defineCall({ ...call, id: 'searchAdmin.updateHotWord', path: P('UpdateHotWord'), perm: SEARCH_EDIT, input: hotInput.extend({ ID: idField() }), data: hotWordSchema }),
  deleteHotWord: defineCall({ ...call, id: 'searchAdmin.deleteHotWord', path: P('DeleteHotWord'), perm: SEARCH_EDIT, input: z.object({ ID: idField() }), data: z.null() }),
  getBlockedWordList: defineCall({ ...call, id: 'searchAdmin.getBlockedWordList', path: P('GetBlockedWordList'), perm: SEARCH_MENU, input: pageQuerySchema, data: pageOf(blockedWordSchema) }),
  addBlockedWord: defineCall({ ...call, id: 'searchAdmin.addBlockedWord', path: P('AddBlockedWord'), perm: SEARCH_EDIT, input: wordInput, data: blockedWordSchema }),
  updateBlockedWord: defineCall({ ...call, id: 'searchAdmin.updateBlockedWord', path: P('UpdateBlockedWord'), perm: SEARCH_EDIT, input: wordInput.extend({ ID: idField() }), data: blockedWordSchema }),
  deleteBlockedWord: defineCall({ ...call, id: 'searchAdmin.deleteBlockedWord', path: P('DeleteBlockedWord'), perm: SEARCH_EDIT, input: z.object({ ID: idField() }), data: z.null() }),
  /** Each search, newest first (SearchKey: words containing it). */
  getSearchLog: defineCall({ ...call, id: 'searchAdmin.getSearchLog', path: P('GetSearchLog'), perm: SEARCH_MENU, input: searchLogQuery, data: pageOf(searchLogSchema) }),
  /** Searches per word, most searched first, with counts by identity. */
  getSearchWords: defineCall({ ...call, id: 'searchAdmin.getSearchWords', path: P('GetSearchWords'), perm: SEARCH_MENU, input: searchLogQuery, data: pageOf(searchWordSchema) }),
  getPortalSettings: defineCall({ ...call, id: 'searchAdmin.getPortalSettings', path: P('GetPortalSettings'), perm: SEARCH_MENU, input: z.object({}), data: portalSettingsSchema }),
  savePortalSettings: defineCall({ ...call, id: 'searchAdmin.savePortalSettings', path: P('SavePortalSettings'), perm: SEARCH_EDIT, input: portalSettingsSchema, data: portalSettingsSchema }),
  /** What the portal shows under its search box: pinned words in order, then the most searched. */
  getPortalHotWords: defineCall({
    id: 'searchAdmin.getPortalHotWords', method: 'POST', path: P('GetHotWords'), auth: 'optional', spec: false, rateLimit: 'public',
    input: z.object({}), data: z.array(portalHotWordSchema),
  }),
};
