import { en, zhCN } from 'zod/locales';
import type { z } from 'zod';

/**
 * Zod's own messages in the UI language, passed per parse (not z.config) so the kit never changes
 * global state. Messages written in the schema ("validation:…" keys) take precedence over these.
 */
const maps = { 'zh-CN': zhCN().localeError, 'en-US': en().localeError } as const;

export function zodErrorMap(lang: string): z.core.$ZodErrorMap {
  return lang === 'en-US' ? maps['en-US'] : maps['zh-CN'];
}

const KEY = /^[a-z][\w-]*:[\w.-]+$/;

/** A schema message that is an i18n key ("validation:phone.invalid") is translated; others are shown as zod gave them. */
export function messageText(t: (key: string) => string, exists: (key: string) => boolean, message: string | undefined): string | undefined {
  if (!message) return message;
  return KEY.test(message) && exists(message) ? t(message) : message;
}
