import i18next from 'i18next';
import { isApiError } from '../../lib/api-error.ts';
import { fieldLabel, translateMessage } from '../../../shared/domain/issue-messages.ts';

/** An error whose message is an i18n key (the kit's own refusals, e.g. "kit:delete.inUse"). */
export class KeyedError extends Error {
  readonly detail: string | undefined;
  constructor(key: string, detail?: string) {
    super(key);
    this.name = 'KeyedError';
    this.detail = detail;
  }
}

type Issue = { message: string; path: PropertyKey[] };

/**
 * What to show for a failed call: the server's message, a translated key, the first problem the
 * contract's schema found in the input before sending (with the field's label), or a generic text.
 */
export function errorText(t: (key: string) => string, e: unknown): string {
  if (isApiError(e)) return e.isKey ? t(e.message) : e.message;
  if (e instanceof KeyedError) return e.detail ? `${t(e.message)} ${e.detail}` : t(e.message);
  const issue = e instanceof Error ? (e as Error & { issues?: Issue[] }).issues?.[0] : undefined;
  if (issue) {
    const exists = (key: string) => i18next.exists(key);
    const tr = (key: string, params?: Record<string, unknown>) => String(i18next.t(key, params as never));
    return translateMessage(issue.message, tr, exists, { field: fieldLabel(issue.path, tr, exists) });
  }
  return t('errors:server');
}
