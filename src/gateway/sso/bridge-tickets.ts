import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import type { SsoDb } from './sso-tables.ts';
import { epochNow } from './sso-tables.ts';

/**
 * Sign-in hand-off from a school platform (/bridge). The platform, where the user is already
 * signed in, signs a short-lived ticket saying "this is account X of school Y" with its own
 * Ed25519 key and sends the browser to `#/bridge?ticket=…`; the SSO checks the ticket against the
 * public key the school registered for that platform and signs the user in without a password.
 *
 * The ticket is a compact JWS (RFC 7515) with `alg: EdDSA` (RFC 8037), so any JWT library makes
 * one. Claims: `iss` the platform's key id, `aud` the school's code, `sub` the account, `iat` and
 * `exp` (at most five minutes apart), `jti` (a ticket is good once). Asymmetric on purpose: the
 * gateway holds only public keys, so neither its database nor its backups can forge a sign-in.
 */

export const BRIDGE_MAX_LIFETIME_S = 300;
/** Clock difference tolerated between the platform and the gateway. */
export const BRIDGE_CLOCK_SKEW_S = 60;
export const BRIDGE_TICKET_MAX = 2048;

export type BridgeRefusal =
  | 'malformed' | 'unknownPlatform' | 'badSignature' | 'expired' | 'used' | 'wrongSchool' | 'noAccount' | 'staffNotAllowed';

export type BridgeCheck =
  | { ok: true; platformId: number; platformName: string; schoolId: number; userId: number; account: string; userName: string; jti: string; exp: number }
  | { ok: false; reason: BridgeRefusal };

interface Claims { iss: string; aud: string; sub: string; iat: number; exp: number; jti: string }

const B64URL = /^[A-Za-z0-9_-]+$/;

function json(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

const str = (v: unknown, max: number) => typeof v === 'string' && v.length > 0 && v.length <= max;
const num = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;

/** The ticket's parts and claims when it is shaped like one; nothing is trusted yet. */
export function readBridgeTicket(ticket: string): { signed: Buffer; signature: Buffer; claims: Claims } | null {
  if (typeof ticket !== 'string' || ticket.length > BRIDGE_TICKET_MAX) return null;
  const parts = ticket.split('.');
  if (parts.length !== 3 || !parts.every((p) => B64URL.test(p))) return null;
  const header = json(parts[0]!) as { alg?: unknown; crit?: unknown } | null;
  // Only EdDSA: no "none", no HMAC with a public key as its secret (the classic JWT confusion).
  if (!header || header.alg !== 'EdDSA' || header.crit !== undefined) return null;
  const c = json(parts[1]!) as Record<string, unknown> | null;
  if (!c || !str(c.iss, 64) || !str(c.aud, 64) || !str(c.sub, 100) || !num(c.iat) || !num(c.exp) || !str(c.jti, 64)) return null;
  const signature = Buffer.from(parts[2]!, 'base64url');
  if (signature.length !== 64) return null;
  return { signed: Buffer.from(`${parts[0]}.${parts[1]}`, 'ascii'), signature, claims: c as unknown as Claims };
}

/** A PEM Ed25519 public key, or null for anything else (RSA, a private key, garbage). */
export function ed25519PublicKey(pem: string): KeyObject | null {
  // createPublicKey would also take a private key and derive its public half: a private key
  // pasted here by mistake must be refused, never stored.
  if (!/^-----BEGIN PUBLIC KEY-----[A-Za-z0-9+/=\s]+-----END PUBLIC KEY-----$/.test(pem.trim())) return null;
  try {
    const key = createPublicKey({ key: pem, format: 'pem' });
    return key.asymmetricKeyType === 'ed25519' ? key : null;
  } catch {
    return null;
  }
}

/**
 * Checks a ticket for a sign-in into `app` ('portal' or 'staff'): its platform (registered and
 * enabled), signature, school, time window and account. Does not use the ticket up: `redeem` does.
 */
export async function checkBridgeTicket(db: SsoDb, ticket: string, app: 'portal' | 'staff', now = epochNow(), onlySchool?: number): Promise<BridgeCheck> {
  const t = readBridgeTicket(ticket);
  if (!t) return { ok: false, reason: 'malformed' };
  const { claims } = t;
  const platform = await db.selectFrom('bridge_platforms')
    .innerJoin('schools', 'schools.id', 'bridge_platforms.school_id')
    .select(['bridge_platforms.id', 'bridge_platforms.name', 'bridge_platforms.school_id', 'bridge_platforms.public_key', 'bridge_platforms.allow_staff', 'bridge_platforms.enabled', 'schools.code'])
    .where('bridge_platforms.key_id', '=', claims.iss)
    .executeTakeFirst();
  // onlySchool: a school's own check of a ticket learns nothing about other schools' platforms.
  if (!platform || !platform.enabled || (onlySchool != null && platform.school_id !== onlySchool)) return { ok: false, reason: 'unknownPlatform' };
  const key = ed25519PublicKey(platform.public_key);
  if (!key || !verify(null, t.signed, key, t.signature)) return { ok: false, reason: 'badSignature' };
  if (claims.aud !== platform.code) return { ok: false, reason: 'wrongSchool' };
  if (claims.exp <= claims.iat || claims.exp - claims.iat > BRIDGE_MAX_LIFETIME_S || now + BRIDGE_CLOCK_SKEW_S < claims.iat || now >= claims.exp + BRIDGE_CLOCK_SKEW_S) {
    return { ok: false, reason: 'expired' };
  }
  if (app === 'staff' && !platform.allow_staff) return { ok: false, reason: 'staffNotAllowed' };
  const user = await db.selectFrom('users').select(['id', 'account', 'name', 'status'])
    .where('account', '=', claims.sub).where('school_id', '=', platform.school_id)
    .executeTakeFirst();
  if (!user || user.status !== 'active') return { ok: false, reason: 'noAccount' };
  const used = await db.selectFrom('bridge_tickets_used').select('jti')
    .where('platform_id', '=', platform.id).where('jti', '=', claims.jti).executeTakeFirst();
  if (used) return { ok: false, reason: 'used' };
  return {
    ok: true, platformId: platform.id, platformName: platform.name, schoolId: platform.school_id, userId: user.id,
    account: user.account, userName: user.name, jti: claims.jti, exp: claims.exp,
  };
}

/**
 * Checks the ticket and uses it up: the first of two concurrent redemptions wins (the primary
 * key of bridge_tickets_used), the other is told "used". Expired rows go on the way.
 */
export async function redeemBridgeTicket(db: SsoDb, ticket: string, app: 'portal' | 'staff', now = epochNow()): Promise<BridgeCheck> {
  const check = await checkBridgeTicket(db, ticket, app, now);
  if (!check.ok) return check;
  await db.deleteFrom('bridge_tickets_used').where('expires_at', '<', now).execute();
  const inserted = await db.insertInto('bridge_tickets_used')
    .values({ platform_id: check.platformId, jti: check.jti, expires_at: check.exp + BRIDGE_CLOCK_SKEW_S })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return { ok: false, reason: 'used' };
  await db.updateTable('bridge_platforms').set({ last_used_at: new Date(now * 1000).toISOString() }).where('id', '=', check.platformId).execute();
  return check;
}
