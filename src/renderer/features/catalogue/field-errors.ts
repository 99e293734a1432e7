import type { z } from 'zod';
import type { TFunction } from 'i18next';
import { messageText, zodErrorMap } from '../../kit/fields/zod-locale.ts';

/**
 * Checks a hand-built form value against the call's own zod schema before sending, and returns a
 * translated message per field path ("Copies.Count"), named with the field's label.
 */
export function fieldErrors(schema: z.ZodType, value: unknown, t: TFunction, lang: string, exists: (k: string) => boolean): Record<string, string> {
  const r = schema.safeParse(value, { error: zodErrorMap(lang) });
  if (r.success) return {};
  const out: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const path = issue.path.join('.');
    const leaf = String(issue.path[issue.path.length - 1] ?? '');
    const label = exists(`validation:fields.${leaf}`) ? String(t(`validation:fields.${leaf}`)) : leaf;
    out[path] ??= messageText(t, exists, issue.message, label) ?? issue.message;
  }
  return out;
}
