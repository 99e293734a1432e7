import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallDef } from '../../shared/api/contract.ts';
import { ServiceCode } from '../../shared/api/envelope.ts';
import type { Principal } from '../access/principal.ts';
import { holds } from '../access/permissions.ts';
import { AppError } from './app-error.ts';

export interface CallerIdentity {
  principal: Principal | null;
  schoolId: number | null;
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1]! : null;
}

// The rate limiter of public calls and authenticate() both need the caller's token verified:
// once per request.
const verifiedByRequest = new WeakMap<FastifyRequest, ReturnType<FastifyInstance['tokens']['verify']>>();
/** The request's bearer token verified (null without one), at most once per request. */
export function verifyRequestToken(app: FastifyInstance, request: FastifyRequest): ReturnType<FastifyInstance['tokens']['verify']> {
  let v = verifiedByRequest.get(request);
  if (!v) {
    const token = bearer(request);
    v = token ? app.tokens.verify(token) : Promise.resolve(null);
    verifiedByRequest.set(request, v);
  }
  return v;
}

/** The SchoolID selector header: undefined when absent, NaN when not a positive integer. */
function schoolHeader(request: FastifyRequest): number | undefined {
  const raw = request.headers.schoolid;
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (v == null || v.trim() === '') return undefined;
  return /^\d{1,9}$/.test(v.trim()) ? Number(v) : Number.NaN;
}

// Anonymous calls name their school by header; a short cache spares a query per public request.
const knownSchools = new WeakMap<FastifyInstance, { at: number; ids: Set<number> }>();
async function schoolExists(app: FastifyInstance, id: number): Promise<boolean> {
  let hit = knownSchools.get(app);
  if (!hit || Date.now() - hit.at > 60_000 || !hit.ids.has(id)) {
    const rows = await app.db.selectFrom('schools').select('id').execute();
    hit = { at: Date.now(), ids: new Set(rows.map((r) => r.id)) };
    knownSchools.set(app, hit);
  }
  return hit.ids.has(id);
}

/** A third-party app may make only the calls of the scopes the user consented to. */
function appMay(p: Principal, call: CallDef): boolean {
  return call.appScope != null && p.scopes.includes(call.appScope);
}

/**
 * Who is calling and for which school: verifies the bearer token as the call's `auth` asks,
 * checks the SchoolID selector against the token and the call's permission.
 */
export async function authenticate(app: FastifyInstance, call: CallDef, request: FastifyRequest): Promise<CallerIdentity> {
  const header = schoolHeader(request);
  if (call.auth === 'none' || call.auth === 'optional') {
    let principal: Principal | null = null;
    const token = call.auth === 'optional' ? bearer(request) : null;
    if (token) {
      // A stale token on a public call is treated as anonymous rather than forcing a sign-in.
      const v = await verifyRequestToken(app, request);
      principal = v && v !== 'signed-out' ? v : null;
    }
    // A third-party app's token counts on a public call only where its scopes allow the call.
    if (principal?.thirdParty && !appMay(principal, call)) principal = null;
    if (principal) {
      if (header !== undefined && header !== principal.schoolId) throw AppError.forbidden('errors:wrongSchool');
      return { principal, schoolId: principal.schoolId };
    }
    const schoolId = header !== undefined && !Number.isNaN(header) && (await schoolExists(app, header)) ? header : null;
    return { principal: null, schoolId };
  }

  const token = bearer(request);
  if (!token) throw AppError.unauthorized('errors:loginAgain');
  const verified = await verifyRequestToken(app, request);
  if (verified === 'signed-out') {
    throw new AppError(ServiceCode.signedOutElsewhere, 'errors:signedOutElsewhere', { status: 401 });
  }
  if (!verified) throw AppError.unauthorized('errors:authExpired');
  if (call.auth === 'user' && (verified.kind !== 'user' || verified.userId == null)) throw AppError.forbidden();
  if (verified.thirdParty && !appMay(verified, call)) throw AppError.forbidden('errors:appScope');
  if (header !== undefined && header !== verified.schoolId) throw AppError.forbidden('errors:wrongSchool');

  if (call.perm) {
    if (verified.userId == null) throw AppError.forbidden();
    const perms = await app.permissions.of(verified.userId, verified.schoolId);
    if (!holds(perms, call.perm)) throw AppError.forbidden();
  }
  return { principal: verified, schoolId: verified.schoolId };
}
