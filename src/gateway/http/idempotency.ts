import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Envelope } from '../../shared/api/envelope.ts';
import { isUniqueViolation } from '../db/connect.ts';
import { AppError } from './app-error.ts';

/** Header a desk sends on writes it may retry (borrow, return, renew, offline upload). */
export function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers['idempotency-key'];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return v && v.length <= 200 ? v : null;
}

export function fingerprint(callId: string, input: unknown): string {
  return createHash('sha256').update(callId).update('\n').update(JSON.stringify(input ?? null)).digest('base64url');
}

/** The stored reply of an earlier attempt with this key, or null; another request under the key → 409. */
export async function replay(app: FastifyInstance, schoolId: number, key: string, fp: string): Promise<Envelope<unknown> | null> {
  const row = await app.db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'response'])
    .where('school_id', '=', schoolId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return null;
  if (row.fingerprint !== fp) throw AppError.conflict('errors:idempotencyMismatch');
  return JSON.parse(row.response) as Envelope<unknown>;
}

export async function remember(app: FastifyInstance, schoolId: number, key: string, fp: string, reply: Envelope<unknown>) {
  try {
    await app.db
      .insertInto('idempotency_keys')
      .values({ school_id: schoolId, key, fingerprint: fp, response: JSON.stringify(reply), created_at: new Date().toISOString() })
      .execute();
  } catch (err) {
    // Two attempts raced; the first one's stored reply stands.
    if (!isUniqueViolation(err)) throw err;
  }
}
