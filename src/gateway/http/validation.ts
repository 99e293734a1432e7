import { z } from 'zod';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { AppError } from './app-error.ts';

// zod's own locales word the generic issues (type, size, format) in the request's language.
const localeErrors = {
  'zh-CN': z.locales.zhCN().localeError,
  'en-US': z.locales.en().localeError,
} as const;

const I18N_KEY = /^[a-z][\w-]*:[\w.]+$/;

export interface Issue {
  Path: string;
  Message: string;
}

/**
 * Parses a call's input in the request's language. Messages that are i18n keys
 * ("validation:...") are translated; everything else is already worded by zod's locale.
 * Bad input becomes a 400 AppError carrying { Issues }, never a 500.
 */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  lang: Language,
  t: (key: string, params?: Record<string, unknown>) => string,
): z.output<S> {
  const r = schema.safeParse(value, { error: localeErrors[lang] });
  if (r.success) return r.data;
  const keyed = r.error.issues.map((i) => I18N_KEY.test(i.message));
  const issues: Issue[] = r.error.issues.map((i, n) => ({
    Path: i.path.map(String).join('.'),
    Message: keyed[n] ? t(i.message) : i.message,
  }));
  // A form-level message of ours ("Please enter the account") reads better alone than in a list.
  const first = r.error.issues[0];
  if (first && keyed.every(Boolean)) throw AppError.badRequest(first.message, {}, { Issues: issues });
  const details = issues.map((i) => (i.Path ? `${i.Path}: ${i.Message}` : i.Message)).join('; ');
  throw AppError.badRequest('validation:invalidRequest', { details }, { Issues: issues });
}
