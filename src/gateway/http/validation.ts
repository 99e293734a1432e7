import { z } from 'zod';
import type { Language } from '../../shared/domain/ui-constants.ts';
import { fieldLabel, parseMessageKey, translateMessage, type Translate } from '../../shared/domain/issue-messages.ts';
import { AppError } from './app-error.ts';

// zod's own locales word the generic issues (type, size, format) in the request's language.
const localeErrors = {
  'zh-CN': z.locales.zhCN().localeError,
  'en-US': z.locales.en().localeError,
} as const;

export interface Issue {
  Path: string;
  Message: string;
}

/** At most this many problems are named in the reply's message; Issues lists them all. */
const NAMED_IN_MESSAGE = 3;

/**
 * Parses a call's input in the request's language. Every problem is worded with the field it is
 * about ("名称：最多 200 个字符" / "Name: at most 200 characters"); schema messages are i18n keys,
 * zod's generic ones are prefixed with the field's label. Bad input is a 400 carrying { Issues },
 * never a 500.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, lang: Language, t: Translate): z.output<S> {
  const r = schema.safeParse(value, { error: localeErrors[lang] });
  if (r.success) return r.data;
  const exists = (key: string) => t(key) !== key;
  const seen = new Set<string>();
  const issues: Issue[] = [];
  for (const i of r.error.issues) {
    const path = i.path.map(String).join('.');
    // One problem per field: a value that is missing is not also too short.
    if (seen.has(path)) continue;
    seen.add(path);
    const field = fieldLabel(i.path, t, exists);
    const parsed = parseMessageKey(i.message);
    const keyed = parsed != null && exists(parsed.key);
    const text = keyed ? translateMessage(i.message, t, exists, { field }) : field ? t('validation:fieldProblem', { field, problem: i.message }) : i.message;
    issues.push({ Path: path, Message: text });
  }
  const named = issues.slice(0, NAMED_IN_MESSAGE).map((i) => i.Message);
  const more = issues.length - named.length;
  const message = named.join(t('validation:separator')) + (more > 0 ? t('validation:andMore', { count: more }) : '');
  throw AppError.badRequest('validation:invalidRequest', { details: message }, { Issues: issues });
}
