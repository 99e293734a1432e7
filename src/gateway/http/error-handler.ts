import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallDef } from '../../shared/api/contract.ts';
import { fail, ServiceCode } from '../../shared/api/envelope.ts';
import { AppError } from './app-error.ts';
import { databaseAppError } from '../db/db-errors.ts';
import { pickLanguage } from './i18n.ts';

const JSON_TYPE = 'application/json; charset=utf-8';

/** Fastify's own 4xx errors (bad JSON, wrong media type, body too large) keep their status. */
const FRAMEWORK_KEYS: Record<number, string> = {
  400: 'errors:badRequest',
  404: 'errors:notFound',
  413: 'errors:payloadTooLarge',
  415: 'errors:unsupportedMediaType',
  429: 'errors:tooManyRequests',
};

/** Every 400 lists its problems; one about the whole body (not JSON, not an object) has an empty Path. */
function withIssues(data: unknown, message: string): unknown {
  if (data && typeof data === 'object' && Array.isArray((data as { Issues?: unknown }).Issues)) return data;
  return { ...(data && typeof data === 'object' ? data : {}), Issues: [{ Path: '', Message: message }] };
}

/** Every failure leaves as the envelope, in the request's language; unknown errors become a logged 500. */
export function installErrorHandlers(app: FastifyInstance, calls: readonly CallDef[]): void {
  app.setErrorHandler((err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    const t = (key: string, params?: Record<string, unknown>) => app.i18n.t(lang, key, params);
    // A constraint the database enforced (duplicate, foreign key) or a lost race is the
    // client's 409/503, never a 500.
    const known = err instanceof AppError ? err : databaseAppError(err);
    if (known) {
      // A refusal's data (e.g. the conflicting readers) is not the call's success data: send it
      // past the route's response schema, which describes success only.
      // A custom serializer leaves the content type unset: name it, or the envelope goes untyped.
      const message = t(known.key, known.params);
      return reply
        .status(known.status)
        .type(JSON_TYPE)
        .send(JSON.stringify(fail(known.code, message, known.status === 400 ? withIssues(known.data, message) : known.data)));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const key = FRAMEWORK_KEYS[status] ?? 'errors:badRequest';
      const message = t(key);
      return reply.status(status).type(JSON_TYPE).send(JSON.stringify(fail(status, message, status === 400 ? withIssues(null, message) : null)));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).type(JSON_TYPE).send(JSON.stringify(fail(500, t('errors:server'))));
  });

  // A contract path asked with another method is 405 with the methods it has (RFC 9110 15.5.6).
  const methodsByPath = new Map<string, string[]>();
  for (const call of calls) {
    const key = call.path.toLowerCase();
    methodsByPath.set(key, [...(methodsByPath.get(key) ?? []), call.method]);
  }
  app.setNotFoundHandler((request, reply) => {
    const lang = pickLanguage(request.headers['accept-language']);
    const path = request.url.split('?')[0]!.toLowerCase();
    const allowed = methodsByPath.get(path);
    if (allowed) {
      return reply.status(405).header('allow', allowed.join(', ')).type(JSON_TYPE)
        .send(JSON.stringify(fail(405, app.i18n.t(lang, 'errors:methodNotAllowed', { methods: allowed.join(', ') }))));
    }
    if (request.url.startsWith('/micro/')) {
      return reply.status(404).type(JSON_TYPE).send(JSON.stringify(fail(ServiceCode.notFound, app.i18n.t(lang, 'errors:notFound'))));
    }
    return reply.status(404).type('text/plain; charset=utf-8').send(app.i18n.t(lang, 'errors:notFound'));
  });
}
