import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { CallDef } from '../../shared/api/contract.ts';
import { buildApp } from '../app.ts';
import { loadConfig, type GatewayConfig } from '../config.ts';
import type { Principal, TokenVerifier } from '../access/principal.ts';

/** Cheap scrypt for the demo accounts in tests (production uses N = 2^17). */
export const FAST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };
export const SIGNED_OUT_TOKEN = 'token-signed-out';

export interface CallOptions {
  token?: string | null;
  lang?: string;
  school?: string | number;
  headers?: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  config: GatewayConfig;
  /** A bearer token for a seeded account (a fake verifier maps it to the user's principal). */
  tokenFor(account: string): Promise<string>;
  /** The same account signed in through the public portal (the portal's OIDC client). */
  portalTokenFor(account: string): Promise<string>;
  /** A client-credentials style token for a school. */
  clientToken(schoolId: number): string;
  call(call: CallDef, input?: unknown, opts?: CallOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppHooks {
  /** Runs after the app is built and before it is ready: the last moment to add Fastify hooks. */
  beforeReady?(app: FastifyInstance): void;
}

/**
 * The gateway on a fresh temp data folder with the demo seed and a fake TokenVerifier.
 * `overrides.db` picks the database: SQLite in the data folder by default, or PostgreSQL
 * (`createPgTestDatabase().db`, testing/pg-test-db.ts).
 */
export async function makeTestApp(overrides: Partial<GatewayConfig> = {}, seedNow?: Date, hooks: TestAppHooks = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lib-gw-'));
  const config: GatewayConfig = {
    ...loadConfig([], {}),
    dataDir,
    webRoot: join(dataDir, 'no-web'),
    testHooks: true,
    logLevel: 'silent',
    rateLimit: { max: 0, windowMs: 60_000, exemptLoopback: true },
    // Tests that count the register's marks rebuild when they ask; one test turns the keeper on.
    ledgerRefreshMs: 0,
    ...overrides,
  };
  const principals = new Map<string, Principal>();
  const verifier: TokenVerifier = {
    verify: async (token) => (token === SIGNED_OUT_TOKEN ? 'signed-out' : (principals.get(token) ?? null)),
  };
  // Hashes written by the gateway (updatePassword, batch passwords and PINs) are cheap too.
  const app = await buildApp(config, { tokens: verifier, seedPasswordParams: FAST_SCRYPT, sso: { passwordHashParams: FAST_SCRYPT }, seedNow });
  hooks.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    async tokenFor(account) {
      const u = await app.db.selectFrom('users').select(['id', 'school_id']).where('account', '=', account).executeTakeFirstOrThrow();
      const token = `token-${account}`;
      principals.set(token, { kind: 'user', userId: u.id, schoolId: u.school_id, clientId: 'admin-web', scopes: ['openid'], grantId: `g-${account}` });
      return token;
    },
    async portalTokenFor(account) {
      const u = await app.db.selectFrom('users').select(['id', 'school_id']).where('account', '=', account).executeTakeFirstOrThrow();
      const token = `portal-token-${account}`;
      principals.set(token, { kind: 'user', userId: u.id, schoolId: u.school_id, clientId: 'library-portal', scopes: ['openid'], grantId: `pg-${account}` });
      return token;
    },
    clientToken(schoolId) {
      const token = `client-${schoolId}`;
      principals.set(token, { kind: 'client', userId: null, schoolId, clientId: 'service', scopes: ['api'], grantId: null });
      return token;
    },
    call(call, input = {}, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.lang) headers['accept-language'] = opts.lang;
      if (opts.school != null) headers.schoolid = String(opts.school);
      if (call.method === 'GET') {
        const query = Object.fromEntries(Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
        return app.inject({ method: 'GET', url: call.path, query, headers });
      }
      return app.inject({ method: 'POST', url: call.path, payload: input as object, headers });
    },
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
