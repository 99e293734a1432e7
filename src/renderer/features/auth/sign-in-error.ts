import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-error.ts';
import { SignInError } from '../../lib/auth-flow.ts';

/** A readable reason for a failed sign-in step. */
export function signInErrorText(e: unknown, t: TFunction): string {
  if (e instanceof SignInError) return t(e.key);
  if (isApiError(e)) return e.isKey ? t(e.message) : e.message;
  return t('auth:callback.failed');
}
