import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { CallData, CallDef } from '../../shared/api/contract.ts';
import { errorEnvelopeSchema } from '../../shared/api/envelope.ts';
import type { GatewayConfig } from '../config.ts';
import { createPgTestDatabase, PG_TEST_URL, type PgTestDatabase } from './pg-test-db.ts';
import { makeTestApp, type CallOptions, type TestApp, type TestAppHooks } from './test-app.ts';

export interface TestGatewayOptions {
  /** Config overrides (makeTestApp's first argument). */
  config?: Partial<GatewayConfig>;
  /** The "now" the demo seed is built around. */
  seedNow?: Date;
  hooks?: TestAppHooks;
  /**
   * A fresh PostgreSQL database (testing/pg-test-db.ts), dropped after the app closes. Without
   * LIB_TEST_PG_URL nothing starts: guard the tests with `describe.skipIf(!PG_TEST_URL)`.
   */
  postgres?: boolean;
}

/** `as` names a seeded account (admin, admin2, librarian, classlib, teacher, student, parent); its token is fetched once. */
export interface GatewayCallOptions extends CallOptions {
  as?: string;
}

/** Who calls: an account name, null for no token, or full call options. */
export type Who = string | null | GatewayCallOptions;

/** The call's data type; `any` where the contract leaves it untyped (a bare CallDef), as the tests read it freely. */
export type DataOf<C extends CallDef> = unknown extends CallData<C> ? any : CallData<C>;

/** A refusal as the envelope gives it. */
export interface Failure {
  status: number;
  code: number;
  success: false;
  message: string;
  data: unknown;
}

/**
 * The gateway of one test file or describe block. It is a TestApp (job-files.ts helpers take it),
 * with `as` in the call options and two assertions-in-one: `data` and `fail`.
 */
export interface TestGateway extends TestApp {
  readonly db: FastifyInstance['db'];
  /** How long the build took (migrations + seed), in ms. */
  readonly buildMs: number;
  /** The bearer token of a seeded account; cached, so it is looked up once per file. */
  tokenFor(account: string): Promise<string>;
  /** The reply as it is; `who` as for data/fail (no `who`: no token). */
  call(call: CallDef, input?: unknown, who?: Who): Promise<LightMyRequestResponse>;
  /** Calls and asserts success (HTTP 200, code 0, success true); returns the envelope's data. */
  data<C extends CallDef>(call: C, input: unknown, who: Who): Promise<DataOf<C>>;
  /** Calls and asserts a refusal (HTTP >= 400 with an error envelope); `lang` sets Accept-Language. */
  fail(call: CallDef, input: unknown, who: Who, lang?: string): Promise<Failure>;
}

const optionsOf = (who: Who): GatewayCallOptions => (who === null ? {} : typeof who === 'string' ? { as: who } : who);
const labelOf = (opts: GatewayCallOptions) => opts.as ?? (opts.token ? 'a raw token' : 'anonymous');

function jsonOf(res: LightMyRequestResponse): unknown {
  try {
    return res.json();
  } catch {
    return undefined;
  }
}

/**
 * Registers beforeAll (build the gateway on a fresh temp folder with the demo seed) and afterAll
 * (close it) in the enclosing file or describe block, and returns its handle. Options may be a
 * function, read when the gateway starts: for values an earlier beforeAll makes (a temp folder).
 */
export function useTestGateway(options: TestGatewayOptions | (() => TestGatewayOptions) = {}): TestGateway {
  let t: TestApp | null = null;
  let pg: PgTestDatabase | null = null;
  let buildMs = 0;
  const tokens = new Map<string, Promise<string>>();
  const started = (): TestApp => {
    if (!t) throw new Error('useTestGateway: the gateway is not running here (use it in tests or in a beforeAll registered after useTestGateway)');
    return t;
  };

  beforeAll(async () => {
    const o = typeof options === 'function' ? options() : options;
    if (o.postgres) {
      if (!PG_TEST_URL) return;
      pg = await createPgTestDatabase();
    }
    const t0 = performance.now();
    t = await makeTestApp({ ...o.config, ...(pg ? { db: pg.db } : {}) }, o.seedNow, o.hooks);
    buildMs = performance.now() - t0;
  });
  afterAll(async () => {
    await gw.close();
    await pg?.drop();
    pg = null;
  });

  const tokenFor = (account: string): Promise<string> => {
    let token = tokens.get(account);
    if (!token) {
      token = started().tokenFor(account);
      tokens.set(account, token);
      // A misspelt account fails its test, not every later one that names it correctly.
      token.catch(() => tokens.delete(account));
    }
    return token;
  };

  const gw: TestGateway = {
    get app() {
      return started().app;
    },
    get db() {
      return started().app.db;
    },
    get config() {
      return started().config;
    },
    get buildMs() {
      return buildMs;
    },
    tokenFor,
    portalTokenFor: (account) => started().portalTokenFor(account),
    clientToken: (schoolId) => started().clientToken(schoolId),
    async call(call, input = {}, who = null) {
      const { as, ...rest } = optionsOf(who);
      if (as != null && rest.token !== undefined) throw new Error(`${call.id}: give either \`as\` or \`token\`, not both`);
      return started().call(call, input, as != null ? { ...rest, token: await tokenFor(as) } : rest);
    },
    async data<C extends CallDef>(call: C, input: unknown, who: Who): Promise<DataOf<C>> {
      if (call.raw) throw new Error(`${call.id} is not enveloped: use call()`);
      const opts = optionsOf(who);
      const res = await gw.call(call, input, opts);
      const body = jsonOf(res) as { code?: unknown; success?: unknown; data?: unknown } | undefined;
      if (res.statusCode !== 200 || body?.code !== 0 || body.success !== true) {
        throw new Error(`${call.id} as ${labelOf(opts)}: expected success, got HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      return body.data as DataOf<C>;
    },
    async fail(call, input, who, lang) {
      const opts = optionsOf(who);
      const res = await gw.call(call, input, lang ? { ...opts, lang } : opts);
      const body = errorEnvelopeSchema.safeParse(jsonOf(res));
      if (res.statusCode < 400 || !body.success) {
        throw new Error(`${call.id} as ${labelOf(opts)}: expected a refusal, got HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
      }
      return { status: res.statusCode, code: body.data.code, success: false, message: body.data.message, data: body.data.data };
    },
    async close() {
      const app = t;
      t = null;
      tokens.clear();
      await app?.close();
    },
  };
  return gw;
}
