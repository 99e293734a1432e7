import type { FastifyInstance } from 'fastify';
import type { PublicCardStatusReply } from '../../shared/api/reader-cards.ts';
import { ServiceCode } from '../../shared/api/envelope.ts';
import { AppError } from '../http/app-error.ts';
import { findSchoolByCode } from '../access/school-store.ts';
import { RateCounter } from '../sso/rate-counter.ts';

/**
 * The anonymous card check of /department/user-transferr. School code, card number and name must
 * all match one reader of that school; any mismatch (unknown school, another school's card, a
 * wrong name) is the same single message, so the form cannot be used to find out who exists.
 * Limits: lookups per address, and failed matches per card (a correct answer does not reset them).
 */
export const PUBLIC_LIMITS = { perAddress: 20, addressWindowMs: 60_000, failedPerCard: 5, cardWindowMs: 10 * 60_000 };

interface Limits { address: RateCounter; card: RateCounter }
const limitsByApp = new WeakMap<FastifyInstance, Limits>();
function limitsOf(app: FastifyInstance): Limits {
  let l = limitsByApp.get(app);
  if (!l) {
    l = { address: new RateCounter(PUBLIC_LIMITS.perAddress, PUBLIC_LIMITS.addressWindowMs), card: new RateCounter(PUBLIC_LIMITS.failedPerCard, PUBLIC_LIMITS.cardWindowMs) };
    limitsByApp.set(app, l);
  }
  return l;
}

const tooMany = () => new AppError(ServiceCode.tooMany, 'readers:publicCheck.tooMany', { status: 429 });
/** HTTP 200 with a failing envelope: a wrong guess is an answer, not a broken request. */
const noMatch = () => AppError.notFound('readers:publicCheck.noMatch');

/** Case, width and spacing do not matter ("Li Ming" = "liming", full-width letters = half-width). */
export const normalizeName = (s: string) => s.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

/** 李* · 李*轩 · 欧**轩 · J******n: the first and (from three characters on) the last stay. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}

export interface PublicLookup { SchoolCode: string; CardNo: string; Name: string }

export async function publicCardStatus(app: FastifyInstance, ip: string, input: PublicLookup, now = new Date()): Promise<PublicCardStatusReply> {
  const limits = limitsOf(app);
  if (!limits.address.hit(ip)) throw tooMany();
  const cardKey = `${input.SchoolCode.toUpperCase()}\u0000${input.CardNo}`;
  if (limits.card.exhausted(cardKey)) throw tooMany();

  const school = await findSchoolByCode(app.db, input.SchoolCode);
  const reader = school
    ? await app.db.selectFrom('users').select(['id', 'name', 'status', 'expire_at'])
      .where('school_id', '=', school.id).where('reader_id', '=', input.CardNo).executeTakeFirst()
    : undefined;
  if (!school || !reader || normalizeName(reader.name) !== normalizeName(input.Name)) {
    limits.card.hit(cardKey);
    throw noMatch();
  }

  const at = now.toISOString();
  const open = app.db.selectFrom('loans').where('school_id', '=', school.id).where('user_id', '=', reader.id).where('returned_at', 'is', null);
  const [{ n: openLoans }, { n: overdue }] = await Promise.all([
    open.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    open.where('due_at', '<', at).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  const expireAt = reader.expire_at?.slice(0, 10) ?? null;
  const status = reader.status === 'disabled' ? 'closed'
    : reader.status === 'lost' ? 'lost'
      : reader.status === 'expired' || (expireAt != null && expireAt < at.slice(0, 10)) ? 'expired'
        : 'active';
  return { MaskedName: maskName(reader.name), Status: status, ExpireAt: expireAt, OpenLoans: Number(openLoans), Overdue: Number(overdue) };
}
