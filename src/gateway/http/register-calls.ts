import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { CallDef } from '../../shared/api/contract.ts';
import { ok } from '../../shared/api/envelope.ts';
import { responseSchemasOf } from './openapi.ts';
import type { AnyHandlerMap, CallContext } from './handler-types.ts';
import { AppError } from './app-error.ts';
import { authenticate, verifyRequestToken } from './authenticate.ts';
import { LOOPBACK_ADDRESSES } from '../config.ts';
import { pickLanguage } from './i18n.ts';
import { parseInput } from './validation.ts';
import { claim, fingerprint, idempotencyKey, release, remember } from './idempotency.ts';
import { isLogged, runLogged } from './operation-recorder.ts';

/**
 * Registers one route per contract call: method and path from the contract, the input schema for
 * OpenAPI, then per request: language, authentication, tenancy, permission, validation in the
 * request's language, the handler (logged in the operation log when it changes data), and the
 * envelope. Calls without a handler answer 501.
 */
export function registerCalls(app: FastifyInstance, calls: readonly CallDef[], handlers: AnyHandlerMap): void {
  const { loginRateLimit, publicRateLimit, rateLimit } = app.config;
  // 'public' calls: anonymous callers get the strict limit; signed-in ones (a school's users share
  // one NAT address and call these too) keep the global one, counted apart. A route's settings
  // replace the global ones, so the loopback exemption is repeated here.
  const isSignedIn = async (req: FastifyRequest) => {
    const v = await verifyRequestToken(app, req);
    return v != null && v !== 'signed-out';
  };
  const publicLimit: RateLimitOptions = {
    timeWindow: publicRateLimit.windowMs,
    max: async (req: FastifyRequest) => ((await isSignedIn(req)) ? rateLimit.max : publicRateLimit.max),
    keyGenerator: async (req: FastifyRequest) => `${(await isSignedIn(req)) ? 'user' : 'anon'}:${req.ip}`,
    allowList: (req: FastifyRequest) => rateLimit.exemptLoopback && LOOPBACK_ADDRESSES.has(req.ip),
  };
  const limitOf = (call: CallDef): { rateLimit?: RateLimitOptions } => {
    if (call.rateLimit === 'login' && loginRateLimit.max > 0) return { rateLimit: { max: loginRateLimit.max, timeWindow: loginRateLimit.windowMs } };
    if (call.rateLimit === 'public' && publicRateLimit.max > 0) return { rateLimit: publicLimit };
    return {};
  };
  // The route schemas feed the OpenAPI document and, under test hooks, the check of every reply
  // against the contract (app.ts); without either, a route needs none.
  const withSchemas = app.config.apiDocs || app.config.testHooks;
  for (const call of calls) {
    const handler = Object.hasOwn(handlers, call.id) ? handlers[call.id] : undefined;
    const inputPart = call.method === 'GET' ? 'querystring' : 'body';
    app.route({
      method: call.method,
      url: call.path,
      ...(withSchemas ? {
        schema: {
          summary: call.id,
          tags: [call.id.split('.')[0]!],
          [inputPart]: call.input,
          response: responseSchemasOf(call),
          ...(call.auth === 'none' ? {} : { security: [{ bearer: [] }] }),
        },
      } : {}),
      config: limitOf(call),
      handler: async (request, reply) => {
        const lang = pickLanguage(request.headers['accept-language']);
        const t = (key: string, params?: Record<string, unknown>) => app.i18n.t(lang, key, params);
        const { principal, schoolId } = await authenticate(app, call, request);
        if (!handler) {
          throw new AppError(501, 'errors:notImplemented', { params: { call: call.id }, status: 501 });
        }
        const raw = call.method === 'GET' ? request.query : request.body;
        const input = parseInput(call.input, raw ?? {}, lang, t);
        const ctx: CallContext = { app, request, reply, principal, schoolId, lang, t };

        if (call.raw) return handler(input, ctx);
        const run = isLogged(call, principal, schoolId)
          ? () => runLogged({ app, call, request, principal: principal!, schoolId: schoolId!, input }, () => handler(input, ctx))
          : () => handler(input, ctx);

        const key = call.method === 'POST' && schoolId != null && principal ? idempotencyKey(request) : null;
        if (!key || schoolId == null) return ok(await run());
        const claimed = await claim(app, schoolId, key, fingerprint(call.id, input));
        if (claimed.kind === 'replay') return reply.header('idempotent-replay', 'true').send(claimed.reply);
        let envelope;
        try {
          envelope = ok(await run());
        } catch (err) {
          await release(app, schoolId, key);
          throw err;
        }
        await remember(app, schoolId, key, envelope);
        return envelope;
      },
    });
  }
}
