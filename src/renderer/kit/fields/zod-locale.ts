import { en, zhCN } from 'zod/locales';
import type { z } from 'zod';
import type { TFunction } from 'i18next';
import { translateMessage } from '../../../shared/domain/issue-messages.ts';

/**
 * Zod's own messages in the UI language, passed per parse (not z.config) so the kit never changes
 * global state. Messages written in the schema ("validation:…" keys) take precedence over these.
 */
const maps = { 'zh-CN': zhCN().localeError, 'en-US': en().localeError } as const;

export function zodErrorMap(lang: string): z.core.$ZodErrorMap {
  return lang === 'en-US' ? maps['en-US'] : maps['zh-CN'];
}

/**
 * A schema message that is an i18n key ("validation:phone.invalid", "validation:text.tooLong?maximum=200")
 * is translated with the field's label; others are shown as zod gave them.
 */
export function messageText(t: TFunction, exists: (key: string) => boolean, message: string | undefined, field = ''): string | undefined {
  if (!message) return message;
  return translateMessage(message, (key, params) => String(t(key, params as never)), exists, { field });
}
