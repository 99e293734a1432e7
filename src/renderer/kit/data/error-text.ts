import { isApiError } from '../../lib/api-error.ts';

/** An error whose message is an i18n key (the kit's own refusals, e.g. "kit:delete.inUse"). */
export class KeyedError extends Error {
  readonly detail: string | undefined;
  constructor(key: string, detail?: string) {
    super(key);
    this.name = 'KeyedError';
    this.detail = detail;
  }
}

/** What to show for a failed call: the server's message, a translated key, or a generic text. */
export function errorText(t: (key: string) => string, e: unknown): string {
  if (isApiError(e)) return e.isKey ? t(e.message) : e.message;
  if (e instanceof KeyedError) return e.detail ? `${t(e.message)} ${e.detail}` : t(e.message);
  return t('errors:server');
}
