import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { TokenVerifier } from '../access/principal.ts';
import { DEFAULT_MAIL_FROM } from '../config.ts';
import { createMailer } from '../mail/mailer.ts';
import { purgeExpired } from './sso-adapter.ts';
import { createSsoText, LANG_COOKIE, pickLanguage } from './sso-i18n.ts';
import { loginPage, messagePage, PAGE_HEADERS } from './sso-pages.ts';
import { loadSsoSecrets } from './sso-secrets.ts';
import { ADMIN_CLIENT_ID, createSsoService, FIRST_PARTY, PORTAL_CLIENT_ID, type SsoService, type SsoSettings } from './sso-service.ts';
import { redeemBridgeTicket } from './bridge-tickets.ts';
import { epochNow, type SsoDb } from './sso-tables.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenVerifier;
    sso: SsoService;
  }
}

/** What the SSO reads from the gateway's config (decorated by core as app.config). */
interface HostConfig {
  publicUrl: string;
  dataDir: string;
  /** locales/<lang>/sso.json is read from here. */
  localesDir: string;
  /** login.js, logout.js and sso.css are served from here. */
  ssoAssetsDir: string;
  testHooks?: boolean;
  accessTokenTtl?: number;
  refreshTokenTtl?: number;
  serviceClientSecret?: string;
  serviceSchoolId?: number | null;
  /** Outgoing e-mail for sign-in codes; no smtpUrl: <dataDir>/outbox. */
  mail?: { smtpUrl: string | null; from: string };
}

export interface SsoPluginOptions {
  /** scrypt parameters for hashes written by updatePassword (tests pass small ones). */
  passwordHashParams?: { N: number; r: number; p: number };
  /** Overrides for tests (grace window, TTLs). */
  settings?: Partial<SsoSettings>;
}

const ASSETS: Record<string, string> = {
  'login.js': 'text/javascript; charset=utf-8',
  'logout.js': 'text/javascript; charset=utf-8',
  'sso.css': 'text/css; charset=utf-8',
};

const envNumber = (name: string): number | undefined => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : undefined;
};

async function ssoPluginImpl(app: FastifyInstance, opts: SsoPluginOptions): Promise<void> {
  const host = app as unknown as { config: HostConfig; db: Kysely<unknown> };
  const config = host.config;
  const db = host.db as unknown as SsoDb;
  const testHooks = config.testHooks === true;
  const settings: SsoSettings = {
    publicUrl: config.publicUrl,
    testHooks,
    accessTokenTtl: config.accessTokenTtl ?? envNumber('LIB_ACCESS_TOKEN_TTL') ?? 15 * 60,
    refreshTokenTtl: config.refreshTokenTtl ?? envNumber('LIB_REFRESH_TOKEN_TTL') ?? 30 * 24 * 3600,
    refreshGraceSeconds: 20,
    serviceSchoolId: config.serviceSchoolId ?? envNumber('LIB_SERVICE_SCHOOL_ID') ?? null,
    passwordHashParams: opts.passwordHashParams,
    ...opts.settings,
  };
  const secrets = loadSsoSecrets(config.dataDir, {
    envServiceSecret: config.serviceClientSecret ?? process.env.LIB_SERVICE_CLIENT_SECRET,
    testHooks,
  });
  const text = createSsoText(config.localesDir);
  const outboxDir = join(config.dataDir, 'outbox');
  const mailer = createMailer({ smtpUrl: config.mail?.smtpUrl ?? null, from: config.mail?.from ?? DEFAULT_MAIL_FROM, outboxDir });
  if (!config.mail?.smtpUrl) app.log.warn(`LIB_SMTP_URL is not set: sign-in code e-mails are written to ${outboxDir} instead of being sent`);
  app.addHook('onClose', async () => mailer.close());
  const sso = createSsoService({ app, db, secrets, settings, text, mailer });
  app.decorate('sso', sso);
  app.decorate('tokens', sso.verifier as TokenVerifier);

  await purgeExpired(db);
  const purge = setInterval(() => void purgeExpired(db).catch((err) => app.log.warn({ err }, 'sso purge failed')), 3600_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  // Read once at start from the configured folder: a missing file fails the start, not a sign-in.
  const assets = new Map(Object.keys(ASSETS).map((name) => [name, readFileSync(join(config.ssoAssetsDir, name))]));
  let callback: Promise<(req: IncomingMessage, res: ServerResponse) => void> | null = null;
  const mount = `${sso.base}/sso`;

  // The provider (Koa) gets the untouched Node request: no Fastify body parsing in this scope.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));

    const bridge = async (request: FastifyRequest, reply: FastifyReply) => {
      // Resolved before hijacking, so a failure to create the provider is an ordinary 500.
      callback ??= sso.provider().then((p) => p.callback(), (err: unknown) => {
        callback = null;
        throw err;
      });
      const handle = await callback;
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      // Mounted like Express' app.use('/sso', ...): the provider sees its own paths and
      // derives the mount path from originalUrl.
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(mount.length) || '/';
      if (!raw.url.startsWith('/')) raw.url = `/${raw.url}`;
      handle(raw, reply.raw);
    };
    const methods: Array<'GET' | 'POST' | 'OPTIONS'> = ['GET', 'POST', 'OPTIONS'];
    scope.route({ method: methods, url: mount, handler: bridge });
    scope.route({ method: methods, url: `${mount}/*`, handler: bridge });

    scope.get<{ Params: { uid: string }; Querystring: { lang?: string } }>(`${mount}/interaction/:uid`, async (request, reply) => {
      const lang = pickLanguage(request.query.lang, request.headers.cookie, request.headers['accept-language']);
      if (request.query.lang === lang) {
        reply.header('set-cookie', `${LANG_COOKIE}=${lang}; Path=/; Max-Age=31536000; SameSite=Lax`);
      }
      reply.headers(PAGE_HEADERS);
      const interaction = await (await sso.provider()).Interaction.find(request.params.uid);
      if (!interaction) {
        return reply
          .code(410)
          .send(messagePage({ lang, text, base: sso.base, titleKey: 'error.title', messageKey: 'login.sessionExpired', back: sso.redirects.postLogout }));
      }
      const clientId = String(interaction.params.client_id ?? '');
      const ticket = interaction.params.bridge_ticket;
      if (typeof ticket === 'string' && ticket && interaction.prompt.name === 'login') {
        // A school platform vouches for the user (/bridge): signed in without a password, or told why not.
        const app = clientId === ADMIN_CLIENT_ID ? 'staff' : clientId === PORTAL_CLIENT_ID ? 'portal' : null;
        const result = app ? await redeemBridgeTicket(sso.db, ticket, app) : ({ ok: false, reason: 'malformed' } as const);
        if (!result.ok) {
          request.log.info({ reason: result.reason, clientId }, 'bridge ticket refused');
          const back = clientId === ADMIN_CLIENT_ID ? sso.redirects.postLogout : sso.redirects.portalPostLogout;
          return reply.code(403).send(messagePage({ lang, text, base: sso.base, titleKey: 'bridge.title', messageKey: `bridge.${result.reason}`, back }));
        }
        interaction.result = { login: { accountId: String(result.userId) }, consent: {} };
        await interaction.save(Math.max(1, interaction.exp - epochNow()));
        return reply.removeHeader('content-type').redirect(interaction.returnTo, 303);
      }
      if (interaction.prompt.name === 'consent' && FIRST_PARTY.has(clientId) && interaction.session?.accountId) {
        // Already signed in; a first-party app's consent is implied (the grant gets the scopes).
        interaction.result = { ...interaction.lastSubmission, consent: {} };
        await interaction.save(Math.max(1, interaction.exp - epochNow()));
        return reply.removeHeader('content-type').redirect(interaction.returnTo, 303);
      }
      return reply.send(loginPage({ lang, text, base: sso.base, uid: interaction.uid, path: `${mount}/interaction/${interaction.uid}` }));
    });

    scope.get<{ Params: { file: string } }>(`${mount}/assets/:file`, async (request, reply) => {
      const body = assets.get(request.params.file);
      const type = ASSETS[request.params.file];
      if (!body || !type) return reply.code(404).send('');
      return reply
        .header('content-type', type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=3600')
        .send(body);
    });
  });

  if (testHooks) {
    // End-to-end tests cannot see a picture: they ask for the gap instead. Never in production.
    app.get<{ Querystring: { CaptchaID?: string } }>('/micro/test/captcha-answer', async (request, reply) => {
      const x = sso.captchas.peek(String(request.query.CaptchaID ?? ''));
      if (x == null) return reply.code(404).send({ X: null });
      return { X: x };
    });
  }
}

/** Registered on the root instance (like fastify-plugin) so `tokens` and `sso` are visible to every route. */
export const ssoPlugin = Object.assign(ssoPluginImpl, {
  [Symbol.for('skip-override')]: true,
  [Symbol.for('fastify.display-name')]: 'sso',
});
