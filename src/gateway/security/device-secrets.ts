import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Secrets of device clients (security gates). A secret is 32 random bytes made here, never typed
 * by a person, so a fast hash is enough: nobody can guess 256 bits, and a slow password hash
 * (scrypt) would only make every token request of every gate expensive. The secret is shown to
 * staff once; only its SHA-256 is stored, and a copy of the table gives no working credential.
 */
export function newDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function newDeviceClientId(prefix: string): string {
  return `${prefix}${randomBytes(9).toString('base64url').replace(/[^A-Za-z0-9]/g, 'x')}`;
}

export function hashDeviceSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('base64url');
}

/** Constant-time check of a presented secret against the stored hash. */
export function deviceSecretMatches(secret: string, stored: string): boolean {
  const a = Buffer.from(hashDeviceSecret(secret));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
