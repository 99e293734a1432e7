import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Envelope } from '../../shared/api/envelope.ts';
import { isUniqueViolation } from '../db/connect.ts';
import { prepared } from '../db/prepared.ts';
import { AppError } from './app-error.ts';

/**
 * Idempotency keys of the desk's writes (borrow, return, renew, batches, offline upload). A key is
 * claimed before the handler runs, so two copies of one request arriving together never both
 * write: the second is told the first is still at work (409) or, once it is done, gets its reply.
 * A failed request gives its claim back (it changed nothing; a retry may run). Keys expire after
 * IDEMPOTENCY_TTL_MS: a desk retries within seconds, and the table must not grow for ever.
 */

/** How long a stored reply is replayed; older keys are purged (at most once a PURGE_EVERY_MS per gateway). */
export const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
const PURGE_EVERY_MS = 3600_000;
/** The response of a claim whose request is still running. */
const PENDING = '';

/** Header a desk sends on writes it may retry (borrow, return, renew, offline upload). */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return v && v.length <= 200 ? v : null;
}

export function fingerprint(callId: string, input: unknown): string {
  return createHash('sha256').update(callId).update('\n').update(JSON.stringify(input ?? null)).digest('base64url');
}

const lastPurge = new WeakMap<FastifyInstance, number>();

/** Deletes keys past their time, once an hour per gateway (the created_at index makes it cheap). */
async function purgeExpired(app: FastifyInstance, now: number): Promise<void> {
  if (now - (lastPurge.get(app) ?? 0) < PURGE_EVERY_MS) return;
  lastPurge.set(app, now);
  await app.db.deleteFrom('idempotency_keys').where('created_at', '<', new Date(now - IDEMPOTENCY_TTL_MS).toISOString()).execute();
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; reply: Envelope<unknown> };

/**
 * Claims `key` for this request, or returns the stored reply of the earlier one. Refuses (409)
 * a key used for another request, and one whose first request is still running.
 */
export async function claim(app: FastifyInstance, schoolId: number, key: string, fp: string, now = Date.now()): Promise<Claim> {
  await purgeExpired(app, now);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      await claimQuery.run(app.db, { schoolId, key, fp, createdAt: new Date(now).toISOString() });
      return { kind: 'claimed' };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const row = await app.db.selectFrom('idempotency_keys').select(['fingerprint', 'response', 'created_at'])
      .where('school_id', '=', schoolId).where('key', '=', key).executeTakeFirst();
    // Released between our insert and our read: claim again.
    if (!row) continue;
    if (Date.parse(row.created_at) < now - IDEMPOTENCY_TTL_MS) {
      // Expired but not yet purged: the key is free again.
      await release(app, schoolId, key, row.created_at);
      continue;
    }
    if (row.fingerprint !== fp) throw AppError.conflict('errors:idempotencyMismatch');
    if (row.response === PENDING) throw AppError.conflict('errors:idempotencyInProgress');
    return { kind: 'replay', reply: JSON.parse(row.response) as Envelope<unknown> };
  }
  throw AppError.conflict('errors:idempotencyInProgress');
}

/** Stores the reply of a claimed key. */
export async function remember(app: FastifyInstance, schoolId: number, key: string, reply: Envelope<unknown>): Promise<void> {
  await rememberQuery.run(app.db, { response: JSON.stringify(reply), schoolId, key });
}

// Every keyed write claims and remembers: both statements are built and compiled once (db/prepared.ts).
const claimQuery = prepared((db, p: { schoolId: number; key: string; fp: string; createdAt: string }) =>
  db.insertInto('idempotency_keys').values({ school_id: p.schoolId, key: p.key, fingerprint: p.fp, response: PENDING, created_at: p.createdAt }));
const rememberQuery = prepared((db, p: { response: string; schoolId: number; key: string }) =>
  db.updateTable('idempotency_keys').set({ response: p.response }).where('school_id', '=', p.schoolId).where('key', '=', p.key).where('response', '=', PENDING));

/** Gives a claim back (the request failed and changed nothing), or removes an expired key. */
export async function release(app: FastifyInstance, schoolId: number, key: string, createdAt?: string): Promise<void> {
  let q = app.db.deleteFrom('idempotency_keys').where('school_id', '=', schoolId).where('key', '=', key);
  q = createdAt ? q.where('created_at', '=', createdAt) : q.where('response', '=', PENDING);
  await q.execute();
}
