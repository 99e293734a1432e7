import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { default as Provider, KoaContextLike } from 'oidc-provider';
import type { Language } from '../../shared/domain/ui-constants.ts';
import type { Mailer } from '../mail/mailer.ts';
import { CaptchaStore } from './captcha-store.ts';
import { LoginCodeStore } from './login-code-store.ts';
import { RateCounter } from './rate-counter.ts';
import { SsoAdapter } from './sso-adapter.ts';
import { pickLanguage, type SsoText } from './sso-i18n.ts';
import { logoutPage, messagePage, PAGE_CSP } from './sso-pages.ts';
import type { SsoSecrets } from './sso-secrets.ts';
import { epochNow, type SsoDb } from './sso-tables.ts';
import { SsoTokenVerifier } from './token-verifier.ts';

export const ADMIN_CLIENT_ID = 'library-admin';
export const PORTAL_CLIENT_ID = 'library-portal';
export const SERVICE_CLIENT_ID = 'library-service';
export const USER_SCOPE = 'openid profile offline_access';
export const SERVICE_SCOPE = 'library';
/**
 * A device's own token (a security gate's controller): a client-credentials token minted for the
 * device after the gateway checked its credentials (sso/device-clients.ts), carrying the device's
 * school, id and secret generation as claims. Only the device's calls accept it.
 */
export interface DeviceClaims {
  school_id: number;
  device: 'gate';
  device_id: number;
  device_gen: number;
}
export const FIRST_PARTY: ReadonlySet<string> = new Set([ADMIN_CLIENT_ID, PORTAL_CLIENT_ID]);

/**
 * Per-minute limits of the sign-in pages. Sign-in counts FAILED attempts only, per account
 * (against guessing one password) and per address (against spraying many accounts). The per-address
 * numbers are generous because a whole class signs in from one school NAT address at once.
 */
export const SIGN_IN_LIMITS = {
  failuresPerAccount: 10,
  failuresPerIp: 30,
  captchasPerIp: 120,
  tokenCallsPerIp: 300,
  /**
   * E-mailed sign-in codes, counted per account name typed (whether or not it exists, so a refusal
   * says nothing about the account) and per address: enough for a user, useless for mail-bombing.
   */
  codesPerAccountMinute: 1,
  codesPerAccountHour: 5,
  codesPerIpHour: 20,
} as const;

export interface SsoSettings {
  /** Origin (and optional path) the browser reaches the gateway at, without trailing slash. */
  publicUrl: string;
  testHooks: boolean;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  refreshGraceSeconds: number;
  /** School every client-credentials token of library-service is bound to; null: chosen per request. */
  serviceSchoolId: number | null;
  /** scrypt parameters for new hashes (tests use small ones). */
  passwordHashParams?: { N: number; r: number; p: number };
}

export interface TokenReply {
  status: number;
  body: Record<string, unknown>;
}

/** Everything the SSO routes and call handlers share; decorated on the app as `sso`. */
export interface SsoService {
  /**
   * The oidc-provider instance, created on the first /sso request, token exchange or token check:
   * its module tree (Koa, jose, ...) is a large share of the gateway's start time and memory.
   */
  provider(): Promise<Provider>;
  db: SsoDb;
  /** Strings of the SSO pages (from the configured locales folder). */
  text: SsoText;
  settings: SsoSettings;
  issuer: string;
  /** Path prefix of publicUrl ('' when the gateway sits at the origin's root). */
  base: string;
  redirects: { admin: string; portal: string; postLogout: string; portalPostLogout: string };
  captchas: CaptchaStore;
  /** One-time codes e-mailed by Home/SendLoginCode. */
  codes: LoginCodeStore;
  /** Outgoing e-mail (SMTP, or the outbox folder). */
  mailer: Mailer;
  limits: {
    loginIp: RateCounter;
    loginAccount: RateCounter;
    captchaIp: RateCounter;
    tokenIp: RateCounter;
    codeAccountMinute: RateCounter;
    codeAccountHour: RateCounter;
    codeIp: RateCounter;
  };
  verifier: SsoTokenVerifier;
  /** POSTs a form to the provider's token endpoint in-process (app.inject, no socket). */
  tokenRequest(form: Record<string, string>, opts: { ip: string; schoolId?: number | null }): Promise<TokenReply>;
  /**
   * A client-credentials token for a device whose credentials the caller already checked: the
   * token endpoint's reply (access_token, token_type, expires_in, scope).
   */
  mintDeviceToken(claims: DeviceClaims, scope: string): Promise<Record<string, unknown>>;
  /** Sign-out: revokes every token of the grant and remembers it as ended ("signed out elsewhere"). */
  endGrant(grantId: string, accountId: string | null): Promise<void>;
  /** Revokes every token of the grant without calling it a sign-out. */
  revokeGrant(grantId: string): Promise<void>;
  /**
   * Ends every grant of the account except keepGrantId (signed out elsewhere) and drops its SSO
   * browser sessions that do not hold keepGrantId: after a password change only the session that
   * made it stays signed in.
   */
  endOtherSessions(accountId: string, keepGrantId: string | null): Promise<void>;
  resetLimits(): void;
}

interface Deps {
  app: FastifyInstance;
  db: SsoDb;
  secrets: SsoSecrets;
  settings: SsoSettings;
  text: SsoText;
  mailer: Mailer;
}

/** The part of the provider's context loadExistingGrant reads. */
interface GrantContext {
  oidc: {
    result?: { consent?: { grantId?: string } };
    session: { grantIdFor(clientId: string): string | undefined };
    client: { clientId: string };
    account: { accountId: string };
    requestParamScopes: Set<string>;
  };
}

/** Header marking a token request made by the gateway itself (value: a per-process secret). */
const INTERNAL_HEADER = 'x-sso-internal';
const SCHOOL_HEADER = 'x-sso-school';

function langOf(ctx: KoaContextLike): Language {
  const uiLocales = typeof ctx.query.ui_locales === 'string' ? ctx.query.ui_locales.split(' ')[0] : undefined;
  return pickLanguage(ctx.query.lang ?? uiLocales, ctx.get('cookie') || undefined, ctx.get('accept-language') || undefined);
}

export function createSsoService({ app, db, secrets, settings, text, mailer }: Deps): SsoService {
  const publicUrl = settings.publicUrl.replace(/\/+$/, '');
  const base = new URL(publicUrl).pathname.replace(/\/+$/, '');
  const issuer = `${publicUrl}/sso`;
  const redirects = {
    admin: `${publicUrl}/library/callback`,
    portal: `${publicUrl}/library/callbacksearch`,
    postLogout: `${publicUrl}/library/`,
    // Portal readers go back to the public search; the gateway maps /library/search to #/search.
    portalPostLogout: `${publicUrl}/library/search`,
  };
  const internalSecret = randomBytes(24).toString('base64url');
  const adapterOpts = { refreshGraceSeconds: settings.refreshGraceSeconds };

  const userClient = (clientId: string, redirect: string) => ({
    client_id: clientId,
    client_name: clientId,
    application_type: 'web',
    token_endpoint_auth_method: 'none',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [redirect],
    post_logout_redirect_uris: [redirects.postLogout, redirects.portalPostLogout],
    scope: USER_SCOPE,
  });

  async function defaultSchoolId(): Promise<number | null> {
    const row = await db.selectFrom('schools').select('id').orderBy('id').limit(1).executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  async function buildProvider(): Promise<Provider> {
    const { default: ProviderClass } = await import('oidc-provider');
    const provider: Provider = new ProviderClass(issuer, {
      adapter: (name: string) => new SsoAdapter(db, name, adapterOpts),
      clients: [
        userClient(ADMIN_CLIENT_ID, redirects.admin),
        userClient(PORTAL_CLIENT_ID, redirects.portal),
        {
          client_id: SERVICE_CLIENT_ID,
          client_secret: secrets.serviceSecret,
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['client_credentials'],
          response_types: [],
          redirect_uris: [],
          scope: SERVICE_SCOPE,
        },
      ],
      jwks: secrets.jwks,
      cookies: {
        keys: secrets.cookieKeys,
        long: { httpOnly: true, sameSite: 'lax', signed: true },
        short: { httpOnly: true, sameSite: 'lax', signed: true },
      },
      scopes: ['openid', 'offline_access', 'profile', SERVICE_SCOPE],
      claims: { openid: ['sub'], profile: ['name', 'preferred_username', 'locale', 'school_id'] },
      responseTypes: ['code'],
      // A school platform's signed ticket (sso/bridge-tickets.ts), read by the login interaction.
      extraParams: ['bridge_ticket'],
      pkce: { required: () => true },
      allowOmittingSingleRegisteredRedirectUri: false,
      rotateRefreshToken: true,
      ttl: {
        AccessToken: settings.accessTokenTtl,
        ClientCredentials: settings.accessTokenTtl,
        AuthorizationCode: 60,
        IdToken: 3600,
        Interaction: 600,
        RefreshToken: settings.refreshTokenTtl,
        Grant: settings.refreshTokenTtl,
        Session: settings.refreshTokenTtl,
      },
      features: {
        devInteractions: { enabled: false },
        clientCredentials: { enabled: true },
        revocation: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (ctx: KoaContextLike, form: string) => {
            ctx.set('Content-Security-Policy', PAGE_CSP);
            ctx.type = 'html';
            ctx.body = logoutPage({ lang: langOf(ctx), text, base, formHtml: form });
          },
          postLogoutSuccessSource: async (ctx: KoaContextLike) => {
            ctx.set('Content-Security-Policy', PAGE_CSP);
            ctx.type = 'html';
            ctx.body = messagePage({ lang: langOf(ctx), text, base, titleKey: 'logout.doneTitle', messageKey: 'logout.done', back: redirects.postLogout });
          },
        },
      },
      interactions: {
        url: (_ctx: KoaContextLike, interaction: { uid: string }) => `${base}/sso/interaction/${interaction.uid}`,
      },
      findAccount: async (_ctx: unknown, sub: string) => {
        const id = Number(sub);
        if (!Number.isInteger(id)) return undefined;
        const user = await db
          .selectFrom('users')
          .select(['id', 'account', 'name', 'school_id', 'language', 'status'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!user || user.status !== 'active') return undefined;
        return {
          accountId: sub,
          claims: async () => ({
            sub,
            name: user.name,
            preferred_username: user.account,
            locale: user.language,
            school_id: Number(user.school_id),
          }),
        };
      },
      // First-party clients: grant what they ask for without a consent screen (also keeps
      // offline_access, which otherwise needs an explicit consent prompt).
      loadExistingGrant: async (ctx: GrantContext) => {
        const oidc = ctx.oidc;
        const grantId = oidc.result?.consent?.grantId || oidc.session.grantIdFor(oidc.client.clientId);
        let grant = grantId ? await provider.Grant.find(grantId) : undefined;
        if (!FIRST_PARTY.has(oidc.client.clientId)) return grant;
        if (grant && grant.accountId !== oidc.account.accountId) grant = undefined;
        grant ??= new provider.Grant({ accountId: oidc.account.accountId, clientId: oidc.client.clientId });
        const allowed = new Set(USER_SCOPE.split(' '));
        const requested = [...oidc.requestParamScopes].filter((s) => allowed.has(s));
        if (requested.length) grant.addOIDCScope(requested.join(' '));
        await grant.save();
        return grant;
      },
      extraTokenClaims: async (ctx: KoaContextLike | undefined, token: { kind: string; clientId: string }) => {
        if (token.kind !== 'ClientCredentials') return undefined;
        const device = deviceClaims.get(token);
        if (device) return device;
        // The service client acts for one school: the configured one, else the school the
        // gateway resolved for this request (SchoolID header), else the first school.
        let schoolId = settings.serviceSchoolId;
        if (schoolId == null && ctx && ctx.get(INTERNAL_HEADER) === internalSecret) {
          const requested = Number(ctx.get(SCHOOL_HEADER));
          if (Number.isInteger(requested) && requested > 0) schoolId = requested;
        }
        schoolId ??= await defaultSchoolId();
        return { school_id: schoolId };
      },
      renderError: async (ctx: KoaContextLike, out: { error?: string; error_description?: string }) => {
        ctx.set('Content-Security-Policy', PAGE_CSP);
        ctx.type = 'html';
        ctx.body = messagePage({
          lang: langOf(ctx), text, base, titleKey: 'error.title', messageKey: 'error.message', back: redirects.postLogout,
          detail: [out.error, out.error_description].filter(Boolean).join(': '),
        });
      },
    });
    // Behind a TLS-terminating proxy the provider must trust X-Forwarded-Proto for https cookies.
    provider.proxy = publicUrl.startsWith('https:');

    // oidc-provider keeps offline_access (refresh tokens) only when prompt=consent is asked for
    // (OIDC Core 11). Our first-party apps never show a consent screen, so the SSO asks on their
    // behalf and the interaction answers the consent prompt itself (sso-plugin.ts, Home/Login).
    provider.use(async (ctx, next) => {
      if (ctx.method === 'GET' && ctx.path === '/auth') {
        const q = ctx.query;
        const scope = typeof q.scope === 'string' ? q.scope.split(' ') : [];
        // A hand-off from a school platform always signs in afresh, never as whoever this
        // browser's SSO session already belongs to.
        const bridged = typeof q.bridge_ticket === 'string' && q.bridge_ticket !== '';
        if (FIRST_PARTY.has(String(q.client_id)) && scope.includes('offline_access') && (q.prompt === undefined || bridged)) {
          ctx.query = { ...q, prompt: bridged ? 'login consent' : 'consent' };
          // The provider finds its mount path by comparing originalUrl with url: keep them in step.
          (ctx.req as { originalUrl?: string }).originalUrl = `${base}/sso${ctx.url}`;
        }
      }
      await next();
    });

    // A sign-out at the SSO itself (end_session confirm) ends every grant of that browser session,
    // including offline ones the provider would keep, so other windows learn "signed out elsewhere".
    provider.use(async (ctx, next) => {
      await next();
      if (ctx.oidc?.route !== 'end_session_confirm' || ctx.status !== 303) return;
      const session = ctx.oidc.session;
      for (const auth of Object.values(session?.authorizations ?? {})) {
        if (auth.grantId) await endGrant(auth.grantId, session?.accountId ?? null);
      }
    });
    return provider;
  }
  let providerPromise: Promise<Provider> | null = null;
  const getProvider = (): Promise<Provider> =>
    (providerPromise ??= buildProvider().catch((err: unknown) => {
      providerPromise = null; // a later request may try again
      throw err;
    }));

  const verifier = new SsoTokenVerifier(getProvider, db);

  // Claims of the device tokens being minted (mintDeviceToken), read by extraTokenClaims.
  const deviceClaims = new WeakMap<object, DeviceClaims>();
  async function mintDeviceToken(claims: DeviceClaims, scope: string): Promise<Record<string, unknown>> {
    const provider = await getProvider();
    const client = await provider.Client.find(SERVICE_CLIENT_ID);
    if (!client) throw new Error('service client missing');
    const token = new provider.ClientCredentials({ client, scope });
    deviceClaims.set(token, claims);
    const value = await token.save();
    return { access_token: value, token_type: 'Bearer', expires_in: token.expiration, scope };
  }

  async function endGrant(grantId: string, accountId: string | null): Promise<void> {
    const now = epochNow();
    await db
      .insertInto('sso_ended_grants')
      .values({ grant_id: grantId, account_id: accountId, ended_at: now, expires_at: now + settings.refreshTokenTtl })
      .onConflict((oc) => oc.column('grant_id').doNothing())
      .execute();
    await revokeGrant(grantId);
  }

  async function revokeGrant(grantId: string): Promise<void> {
    for (const model of ['AccessToken', 'RefreshToken', 'AuthorizationCode']) {
      await new SsoAdapter(db, model, adapterOpts).revokeByGrantId(grantId);
    }
    await new SsoAdapter(db, 'Grant', adapterOpts).destroy(grantId);
    verifier.forgetGrant(grantId);
  }

  async function endOtherSessions(accountId: string, keepGrantId: string | null): Promise<void> {
    // The account is only inside the JSON payload: LIKE narrows the rows, the parsed payload decides.
    const rows = await db
      .selectFrom('sso_models')
      .select(['model', 'id', 'grant_id', 'payload'])
      .where('model', 'in', ['Session', 'Grant', 'AccessToken', 'RefreshToken', 'AuthorizationCode'])
      .where('revoked', '=', 0)
      .where('payload', 'like', `%"accountId":${JSON.stringify(accountId)}%`)
      .execute();
    const grants = new Set<string>();
    const sessions = new SsoAdapter(db, 'Session', adapterOpts);
    for (const row of rows) {
      const payload = JSON.parse(row.payload) as { accountId?: string; authorizations?: Record<string, { grantId?: string }> };
      if (payload.accountId !== accountId) continue;
      if (row.model === 'Session') {
        const held = Object.values(payload.authorizations ?? {}).map((a) => a.grantId).filter((g): g is string => !!g);
        held.forEach((g) => grants.add(g));
        // Another browser's SSO cookie would sign in again without the new password.
        if (keepGrantId == null || !held.includes(keepGrantId)) await sessions.destroy(row.id);
      } else {
        const grantId = row.model === 'Grant' ? row.id : row.grant_id;
        if (grantId) grants.add(grantId);
      }
    }
    if (keepGrantId) grants.delete(keepGrantId);
    for (const grantId of grants) await endGrant(grantId, accountId);
  }

  const limits = {
    loginIp: new RateCounter(SIGN_IN_LIMITS.failuresPerIp, 60_000),
    loginAccount: new RateCounter(SIGN_IN_LIMITS.failuresPerAccount, 60_000),
    captchaIp: new RateCounter(SIGN_IN_LIMITS.captchasPerIp, 60_000),
    tokenIp: new RateCounter(SIGN_IN_LIMITS.tokenCallsPerIp, 60_000),
    codeAccountMinute: new RateCounter(SIGN_IN_LIMITS.codesPerAccountMinute, 60_000),
    codeAccountHour: new RateCounter(SIGN_IN_LIMITS.codesPerAccountHour, 3_600_000),
    codeIp: new RateCounter(SIGN_IN_LIMITS.codesPerIpHour, 3_600_000),
  };

  return {
    provider: getProvider,
    db,
    text,
    settings,
    issuer,
    base,
    redirects,
    captchas: new CaptchaStore(),
    codes: new LoginCodeStore(),
    mailer,
    limits,
    verifier,
    endGrant,
    revokeGrant,
    endOtherSessions,
    mintDeviceToken,
    resetLimits: () => Object.values(limits).forEach((l) => l.reset()),
    async tokenRequest(form, { ip, schoolId }) {
      const headers: Record<string, string> = {
        'content-type': 'application/x-www-form-urlencoded',
        [INTERNAL_HEADER]: internalSecret,
      };
      if (schoolId != null) headers[SCHOOL_HEADER] = String(schoolId);
      const res = await app.inject({
        method: 'POST',
        url: `${base}/sso/token`,
        headers,
        payload: new URLSearchParams(form).toString(),
        // Keep the caller's address so IP-keyed limits see the real client.
        remoteAddress: ip,
      });
      let body: Record<string, unknown> = {};
      try {
        body = res.json();
      } catch {
        body = { error: 'server_error' };
      }
      return { status: res.statusCode, body };
    },
  };
}
