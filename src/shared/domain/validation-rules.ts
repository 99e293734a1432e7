/**
 * Validation rules of the spec (section 5), shared by forms and the gateway.
 * Messages are i18n keys ("validation:..."), translated by whichever side shows them.
 */
export const PHONE_PATTERN = /^1[34578]\d{9}$/;

/** Masks a mobile number keeping the first 3 and the last 4 digits (spec section 9). */
export function maskPhone(phone: string): string {
  if (phone.length <= 7) return phone;
  return phone.slice(0, 3) + '*'.repeat(phone.length - 7) + phone.slice(-4);
}

/** A number as maskPhone shows it (screens, exports): never a number to store. */
export function isMaskedPhone(value: string): boolean {
  return value.includes('*');
}

export type PasswordPolicy = 'basic' | 'strong';
/** "Minimum length is 6 characters in one reading." */
export const PASSWORD_MIN_LENGTH = 6;
/** "A strong password needs more than 8 characters and at least three of digit, upper, lower, special." */
export const STRONG_PASSWORD_MIN_CLASSES = 3;

export function passwordClasses(pw: string): number {
  return [/\d/, /[A-Z]/, /[a-z]/, /[^A-Za-z0-9]/].filter((re) => re.test(pw)).length;
}

/** Returns the i18n key of the first broken rule, or null. Both readings stand: basic always, strong by policy. */
export function checkPassword(pw: string, policy: PasswordPolicy): string | null {
  if (pw.length < PASSWORD_MIN_LENGTH) return 'validation:password.tooShort';
  if (policy === 'strong' && (pw.length <= 8 || passwordClasses(pw) < STRONG_PASSWORD_MIN_CLASSES)) {
    return 'validation:password.notStrong';
  }
  return null;
}

/** "A sign-in code is treated as valid if longer than 20 characters." */
export const SIGN_IN_CODE_MIN_EXCLUSIVE = 20;
export function isValidSignInCode(code: string | null | undefined): code is string {
  return typeof code === 'string' && code.length > SIGN_IN_CODE_MIN_EXCLUSIVE;
}
