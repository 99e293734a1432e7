import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * Repository root (two levels above this file): the base of the defaults when the gateway runs
 * from source. Bundled (Electron) this file's location means nothing, so the embedded gateway's
 * entry passes every folder as a flag (src/main/gateway-process.ts).
 */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where the SSO page's script and stylesheet sit below an app root (source tree and package alike). */
export const SSO_ASSETS_SUBDIR = 'src/gateway/sso/assets';

/** Addresses of the machine itself (the desktop's embedded gateway, tests). */
export const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export interface RateLimitConfig {
  /** Requests per window per client IP; 0 turns the limit off. */
  max: number;
  windowMs: number;
  /** Loopback clients (the embedded desktop gateway, tests) are not limited. */
  exemptLoopback: boolean;
}

export interface GatewayConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Base address clients reach the gateway at (SSO issuer, redirect URIs). */
  publicUrl: string;
  /** The built web app, served at /library/. */
  webRoot: string;
  /** Where the locale JSON files live (locales/<lang>/<ns>.json). */
  localesDir: string;
  /** The SSO page's static files (login.js, logout.js, sso.css). */
  ssoAssetsDir: string;
  db: { kind: 'sqlite' | 'postgres'; pgUrl: string | null };
  /** Test-only behaviour (e.g. slow job chunks so progress is observable). Never set in production. */
  testHooks: boolean;
  /**
   * The OpenAPI document and its viewer (/micro/docs) for a district's integrators. On by
   * default; the desktop's embedded gateway turns it off (LIB_API_DOCS=1 brings it back): no one
   * integrates against a counter PC, and the docs' modules and per-route schemas cost its start.
   */
  apiDocs: boolean;
  /** Pause after each job chunk, in ms; 0 in production. */
  jobChunkDelayMs: number;
  /** How often the summary register's kept lines are brought up to date in the background, in ms (0: only when a register is asked). */
  ledgerRefreshMs: number;
  rateLimit: RateLimitConfig;
  /** Stricter per-IP limit for sign-in style calls (contract `rateLimit: 'login'`). */
  loginRateLimit: RateLimitConfig;
  /** Per-IP limit of anonymous requests to what answers without a token (contract `rateLimit: 'public'`). */
  publicRateLimit: RateLimitConfig;
  /** Seed the demo schools when the database is empty. */
  seedDemo: boolean;
  /**
   * Outgoing e-mail (sign-in codes). smtpUrl null: messages are written to <dataDir>/outbox as
   * .eml files instead (demo, development), with one warning at start.
   */
  mail: { smtpUrl: string | null; from: string };
  logLevel: string;
}

/** Sender when LIB_MAIL_FROM is not set; an SMTP relay usually wants a real address of its domain. */
export const DEFAULT_MAIL_FROM = '"学校图书馆 School Library" <no-reply@localhost>';

type Env = Record<string, string | undefined>;

function int(v: string | undefined, fallback: number): number {
  if (v == null || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`not a non-negative integer: ${v}`);
  return n;
}

/** Reads CLI flags first, then environment variables, then defaults. */
export function loadConfig(argv: string[] = process.argv.slice(2), env: Env = process.env): GatewayConfig {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      web: { type: 'string' },
      'public-url': { type: 'string' },
      locales: { type: 'string' },
      'sso-assets': { type: 'string' },
    },
    strict: false,
    allowPositionals: true,
  });
  const str = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
  const port = int(str('port') ?? env.LIB_PORT, 5180);
  const host = str('host') ?? env.LIB_HOST ?? '127.0.0.1';
  const testHooks = env.LIB_TEST_HOOKS === '1';
  const dbKind = (env.LIB_DB ?? 'sqlite').toLowerCase();
  if (dbKind !== 'sqlite' && dbKind !== 'postgres') throw new Error(`LIB_DB must be sqlite or postgres, not ${dbKind}`);
  if (dbKind === 'postgres' && !env.LIB_PG_URL) throw new Error('LIB_DB=postgres needs LIB_PG_URL');
  return {
    port,
    host,
    dataDir: resolve(str('data') ?? env.LIB_DATA_DIR ?? resolve(REPO_ROOT, '.data')),
    publicUrl: (str('public-url') ?? env.LIB_PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/+$/, ''),
    webRoot: resolve(str('web') ?? env.LIB_WEB_ROOT ?? resolve(REPO_ROOT, 'out/renderer')),
    localesDir: resolve(str('locales') ?? env.LIB_LOCALES_DIR ?? resolve(REPO_ROOT, 'locales')),
    ssoAssetsDir: resolve(str('sso-assets') ?? env.LIB_SSO_ASSETS_DIR ?? resolve(REPO_ROOT, SSO_ASSETS_SUBDIR)),
    db: { kind: dbKind, pgUrl: env.LIB_PG_URL ?? null },
    testHooks,
    apiDocs: env.LIB_API_DOCS !== '0',
    jobChunkDelayMs: testHooks ? int(env.LIB_JOB_CHUNK_DELAY_MS, 0) : 0,
    ledgerRefreshMs: int(env.LIB_LEDGER_REFRESH_MS, 30_000),
    rateLimit: {
      max: int(env.LIB_RATE_LIMIT_MAX, 1200),
      windowMs: 60_000,
      exemptLoopback: env.LIB_RATE_LIMIT_LOOPBACK !== '1',
    },
    // A coarse flood guard per address on sign-in calls: guessing is stopped by the SSO's
    // failure counters, and a whole class signs in from one school NAT address.
    loginRateLimit: { max: int(env.LIB_LOGIN_RATE_LIMIT_MAX, 300), windowMs: 60_000, exemptLoopback: false },
    // Pre-sign-in pages make a few of these calls per visit; signed-in callers are not counted.
    // A school's computers and phones on its Wi-Fi usually share one public address, and the
    // portal searches as a reader types: 600 a minute per address and call.
    publicRateLimit: { max: int(env.LIB_PUBLIC_RATE_LIMIT_MAX, 600), windowMs: 60_000, exemptLoopback: false },
    seedDemo: env.LIB_SEED !== '0',
    mail: { smtpUrl: env.LIB_SMTP_URL || null, from: env.LIB_MAIL_FROM || DEFAULT_MAIL_FROM },
    logLevel: env.LIB_LOG_LEVEL ?? 'warn',
  };
}
