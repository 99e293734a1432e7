import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { LIB } from '../../shared/api/contract.ts';
import type { Database } from '../db/schema.ts';

/**
 * Single-use download tickets. A finished job's file is never reachable through a lasting
 * address: the owner asks for a ticket when they click download (Download/GetTicket, signed in),
 * and the browser fetches the file once with it (Download/GetFile). A ticket is
 * - short-lived (TICKET_TTL_S) and used at most once (an atomic update marks it);
 * - bound to its user and school (stored with it and checked again when the file is served);
 * - bound to the browser that asked for it: GetTicket sets an HttpOnly, SameSite=Strict cookie
 *   whose hash the ticket records, so a ticket URL that leaks (logs, history, a shared screen)
 *   is useless elsewhere.
 * Only hashes are stored.
 */
export const TICKET_TTL_S = 30;
export const BINDING_COOKIE = 'lib_dl';
const COOKIE_PATH = `${LIB}/Download`;
/** Expired tickets are kept this long so a late click says "expired" rather than "invalid". */
const KEEP_EXPIRED_MS = 10 * 60_000;

export const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url');
const newSecret = () => randomBytes(32).toString('base64url');
const SECRET_RE = /^[\w-]{43}$/;

/** The binding cookie's value from a Cookie header, when it is well-formed. */
export function bindingFrom(cookieHeader: string | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== BINDING_COOKIE) continue;
    const v = part.slice(eq + 1).trim();
    if (SECRET_RE.test(v)) return v;
  }
  return null;
}

/** The browser's binding: its existing cookie, or a new one to set (a session cookie). */
export function bindingFor(cookieHeader: string | undefined, secure: boolean): { value: string; setCookie: string | null } {
  const have = bindingFrom(cookieHeader);
  if (have) return { value: have, setCookie: null };
  const value = newSecret();
  const attrs = [`${BINDING_COOKIE}=${value}`, `Path=${COOKIE_PATH}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])];
  return { value, setCookie: attrs.join('; ') };
}

export async function issueTicket(
  db: Kysely<Database>,
  t: { schoolId: number; userId: number; jobId: number; binding: string },
  now = new Date(),
): Promise<{ url: string; expiresIn: number }> {
  await db.deleteFrom('download_tickets').where('expires_at', '<', new Date(now.getTime() - KEEP_EXPIRED_MS).toISOString()).execute();
  const ticket = newSecret();
  await db
    .insertInto('download_tickets')
    .values({
      school_id: t.schoolId, user_id: t.userId, job_id: t.jobId, ticket_hash: hashOf(ticket), binding_hash: hashOf(t.binding),
      expires_at: new Date(now.getTime() + TICKET_TTL_S * 1000).toISOString(), used_at: null,
    })
    .execute();
  return { url: `${LIB}/Download/GetFile?Ticket=${ticket}`, expiresIn: TICKET_TTL_S };
}

export function findTicket(db: Kysely<Database>, ticket: string) {
  return db.selectFrom('download_tickets').selectAll().where('ticket_hash', '=', hashOf(ticket)).executeTakeFirst();
}

/** Marks the ticket used; false when another request used it first. */
export async function consumeTicket(db: Kysely<Database>, id: number, now = new Date()): Promise<boolean> {
  const r = await db.updateTable('download_tickets').set({ used_at: now.toISOString() }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
