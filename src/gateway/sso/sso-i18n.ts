import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/domain/ui-constants.ts';

/**
 * Strings for the server-rendered SSO pages (login, logout, errors). Calls answered through the
 * contract use the gateway's own translator with the same "sso:" keys.
 * "page.title" → the string in that language (the key itself when missing, visible in tests).
 */
export type SsoText = (lang: Language, key: string) => string;

/** Reads <localesDir>/<lang>/sso.json on first use per language (the folder comes from the config). */
export function createSsoText(localesDir: string): SsoText {
  const cache = new Map<Language, Record<string, unknown>>();
  const load = (lang: Language) => {
    let table = cache.get(lang);
    if (!table) {
      table = JSON.parse(readFileSync(join(localesDir, lang, 'sso.json'), 'utf8')) as Record<string, unknown>;
      cache.set(lang, table);
    }
    return table;
  };
  return (lang, key) => {
    let node: unknown = load(lang);
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : key;
  };
}

export const LANG_COOKIE = 'lib_lang';

const isLanguage = (v: unknown): v is Language => typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);

/** ?lang, then the language cookie, then Accept-Language, then zh-CN. */
export function pickLanguage(query: unknown, cookieHeader: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(query)) return query;
  const cookie = cookieHeader?.split(';').map((c) => c.trim().split('=')).find(([k]) => k === LANG_COOKIE)?.[1];
  if (isLanguage(cookie)) return cookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}
