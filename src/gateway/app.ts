import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { openApiTransform, openApiTransformObject } from './http/openapi.ts';
import { allCalls } from '../shared/api/all-calls.ts';
import { LOOPBACK_ADDRESSES, type GatewayConfig } from './config.ts';
import type { TokenVerifier } from './access/principal.ts';
import { PermissionCache } from './access/permissions.ts';
import { SchoolRulesCache } from './borrow-rules/rules-cache.ts';
import { openDatabase } from './db/connect.ts';
import { keepPlannerStatistics } from './db/planner-statistics.ts';
import { keepLedgerLines } from './ledgers/ledger-lines.ts';
import { migrate } from './db/migrate.ts';
import { AppError } from './http/app-error.ts';
import { installErrorHandlers } from './http/error-handler.ts';
import { loadTranslator } from './http/i18n.ts';
import { registerCalls } from './http/register-calls.ts';
import { allHandlers } from './app-handlers.ts';
import { registerWeb } from './http/web.ts';
import { JobRunner } from './jobs/job-runner.ts';
import type { SeedReport } from './seed/demo-seed.ts';
import { ssoPlugin, type SsoPluginOptions } from './sso/sso-plugin.ts';
import type {} from './fastify-types.ts';

export interface BuildOptions {
  /** Tests: a fake verifier consulted before the SSO module's (which stays registered). */
  tokens?: TokenVerifier;
  /** Options passed to the SSO plugin. */
  sso?: SsoPluginOptions;
  /** scrypt parameters for the demo accounts when seeding (tests pass small ones). */
  seedPasswordParams?: { N: number; r: number; p: number };
  /** Fixed "now" for the demo data (seed determinism tests). */
  seedNow?: Date;
  /** Receives the seed figures when this start seeded the database. */
  onSeed?: (report: SeedReport) => void;
}



/** Builds the gateway (without listening): database, plugins, every contract call, the web app. */
export async function buildApp(config: GatewayConfig, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // A 10 MB .xlsx import travels as base64 (about 4/3 of its size) inside JSON.
    bodyLimit: 16 * 1024 * 1024,
    // Route paths come from the spec, whose casing varies; match them as written, case-insensitively.
    routerOptions: { caseSensitive: false },
  });

  // The OpenAPI document at /micro/docs describes the contract only: the SSO mount, web hosting,
  // redirects and test hooks are hidden (added first so every plugin's routes pass through it).
  const contractPaths = new Set(allCalls.map((c) => c.path.toLowerCase()));
  app.addHook('onRoute', (route) => {
    if (!contractPaths.has(route.url.toLowerCase())) route.schema = { ...route.schema, hide: true };
  });

  // Input is validated by the call handler in the request's language (validation.ts); the
  // schemas on the routes are for OpenAPI. Responses are checked against the contract in tests.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(config.testHooks ? serializerCompiler : () => (data) => JSON.stringify(data));

  // An empty JSON body is an empty input, not an error (clients POST {}-less calls).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body).trim();
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(AppError.badRequest('errors:badRequest'), undefined);
    }
  });

  const handle = await openDatabase(config);
  let stopStatistics = () => undefined as void;
  let stopLedgers = async () => undefined as void;
  app.addHook('onClose', async () => {
    stopStatistics();
    await stopLedgers();
    await app.jobs?.close();
    await handle.close();
  });
  try {
    await migrate(handle.db, handle.kind);
    // The seed's modules (pinyin-pro, word lists) are loaded only when there is something to seed.
    if (config.seedDemo && !(await handle.db.selectFrom('schools').select('id').limit(1).executeTakeFirst())) {
      const { seedIfEmpty } = await import('./seed/demo-seed.ts');
      const report = await seedIfEmpty(handle, { localesDir: config.localesDir, now: opts.seedNow, passwordParams: opts.seedPasswordParams });
      if (report) opts.onSeed?.(report);
    }
    stopStatistics = keepPlannerStatistics(handle);
  } catch (err) {
    await handle.close();
    throw err;
  }

  const i18n = loadTranslator(config.localesDir);
  app.decorate('config', config);
  app.decorate('dbHandle', handle);
  app.decorate('db', handle.db);
  app.decorate('i18n', i18n);
  app.decorate('permissions', new PermissionCache(handle.db));
  app.decorate('schoolRules', new SchoolRulesCache(handle.db));
  stopLedgers = keepLedgerLines(handle.db, async (id) => (await app.schoolRules.of(id)).rules.Calendar.UtcOffsetMinutes, config.ledgerRefreshMs);
  app.decorate('jobs', new JobRunner(handle.db, config.dataDir, config.jobChunkDelayMs));
  await app.jobs.recoverInterrupted(i18n.t('zh-CN', 'errors:jobInterrupted'));

  await app.register(formbody);
  if (config.rateLimit.max > 0) {
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimit.max,
      timeWindow: config.rateLimit.windowMs,
      allowList: (req) => config.rateLimit.exemptLoopback && LOOPBACK_ADDRESSES.has(req.ip),
      errorResponseBuilder: () => new AppError(429, 'errors:tooManyRequests', { status: 429 }),
    });
  }
  if (config.apiDocs) {
    // Loaded only when served (config.apiDocs): about 8 MB and a tenth of the start as shipped.
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
    await app.register(swagger, {
      openapi: {
        info: { title: 'School library /micro gateway', version: '1.0.0' },
        components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      },
      transform: openApiTransform,
      transformObject: openApiTransformObject,
    });
    await app.register(swaggerUi, { routePrefix: '/micro/docs' });
  }

  await app.register(ssoPlugin, opts.sso ?? {});
  if (opts.tokens) {
    // Tests: their fake tokens first, the SSO's real ones otherwise.
    const fake = opts.tokens;
    const real = app.tokens;
    app.tokens = { verify: async (token) => (await fake.verify(token)) ?? real.verify(token) };
  }

  installErrorHandlers(app, allCalls);
  registerCalls(app, allCalls, allHandlers);
  await registerWeb(app);
  return app;
}
