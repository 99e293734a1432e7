import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../shared/domain/ui-constants.ts';
import { LOCAL_KEYS } from './session-store.ts';

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v);
}

/** Maps a browser tag (zh, zh-TW, en-GB ...) to one of ours, or null. */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.toLowerCase();
  if (lower.startsWith('zh')) return 'zh-CN';
  if (lower.startsWith('en')) return 'en-US';
  return null;
}

/** Spec section 1: stored setting, else the browser language, else Chinese. */
export function resolveInitialLanguage(): Language {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCAL_KEYS.language);
  } catch {
    stored = null;
  }
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator !== 'undefined' ? [...(navigator.languages ?? []), navigator.language] : [];
  for (const tag of browser) {
    const m = matchLanguage(tag);
    if (m) return m;
  }
  return DEFAULT_LANGUAGE;
}

let current: Language = DEFAULT_LANGUAGE;
export const currentLanguage = (): Language => current;
export function setCurrentLanguage(lang: Language): void {
  current = lang;
  try {
    localStorage.setItem(LOCAL_KEYS.language, lang);
  } catch {
    // storage may be disabled; the choice then lasts for this page only
  }
}
export function noteLanguage(lang: Language): void {
  current = lang;
}
