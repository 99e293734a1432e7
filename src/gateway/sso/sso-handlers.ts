import { checkDeviceClient, isDeviceClientId } from './device-clients.ts';
import { authCalls, type Token } from '../../shared/api/auth.ts';
import { ServiceCode } from '../../shared/api/envelope.ts';
import { LANGUAGES } from '../../shared/domain/ui-constants.ts';
import { checkPassword } from '../../shared/domain/validation-rules.ts';
import { DEFAULT_PORTAL_SETTINGS, PORTAL_SETTINGS_KEY, portalSettingsSchema } from '../../shared/api/search-admin.ts';
import { readSetting } from '../db/school-settings.ts';
import type { Principal } from '../access/principal.ts';
import { AppError } from '../http/app-error.ts';
import type { CallDef } from '../../shared/api/contract.ts';
import type { AnyHandlerMap, CallContext, CallHandler } from '../http/handler-types.ts';
import { hashPassword, verifyPassword } from '../security/passwords.ts';
import { CAPTCHA_HEIGHT, CAPTCHA_WIDTH, drawCaptcha, PIECE_SIZE, pngDataUrl } from './captcha-image.ts';
import { USER_SCOPE, SERVICE_SCOPE, type SsoService } from './sso-service.ts';
import { ADMIN_CLIENT_ID, FIRST_PARTY, PORTAL_CLIENT_ID } from './client-ids.ts';
import { epochNow } from './sso-tables.ts';
import { LOGIN_CODE_TTL_SECONDS } from './login-code-store.ts';

const tooMany = (key: string) => new AppError(ServiceCode.tooMany, key, { status: 429 });

// Unknown accounts still pay for one scrypt run, so timing does not reveal which accounts exist.
let dummyHash: Promise<string> | null = null;
function dummy(sso: SsoService): Promise<string> {
  dummyHash ??= hashPassword('not-a-password', sso.settings.passwordHashParams);
  return dummyHash;
}

/** "/library/callback" or an absolute address → absolute address under publicUrl. */
function absolute(sso: SsoService, value: string): string {
  if (/^https?:\/\//i.test(value)) return value;
  const root = sso.settings.publicUrl.replace(/\/+$/, '');
  return `${root}${value.startsWith('/') ? '' : '/'}${value}`;
}

function toToken(body: Record<string, unknown>): Token {
  const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
  return {
    token_type: str('token_type') ?? 'Bearer',
    access_token: str('access_token') ?? '',
    refresh_token: str('refresh_token'),
    expires_in: Number(body.expires_in ?? 0),
    id_token: str('id_token'),
    scope: str('scope'),
  };
}

function userOf(ctx: CallContext): Principal & { userId: number } {
  const p = ctx.principal;
  if (!p || p.kind !== 'user' || p.userId == null) throw AppError.unauthorized();
  return p as Principal & { userId: number };
}

async function schoolByCode(sso: SsoService, code: string) {
  const school = await sso.db
    .selectFrom('schools')
    .select(['id', 'name', 'en_name'])
    .where('code', '=', code.trim())
    .executeTakeFirst();
  if (!school) throw AppError.notFound('sso:school.notFound');
  return school;
}

async function exchangeCode(
  ctx: CallContext,
  clientId: string,
  input: { Code: string; CodeVerifier: string; RedirectUri: string },
): Promise<Token> {
  const sso = ctx.app.sso;
  const res = await sso.tokenRequest(
    {
      grant_type: 'authorization_code',
      client_id: clientId,
      code: input.Code,
      code_verifier: input.CodeVerifier,
      redirect_uri: input.RedirectUri,
    },
    { ip: ctx.request.ip },
  );
  // Bad, reused or expired code, wrong verifier or redirect: one clean answer, never a 500.
  if (res.status !== 200 || typeof res.body.access_token !== 'string') throw AppError.badRequest('sso:token.invalidCode');
  return toToken(res.body);
}

/** The sign-in code e-mail: zh-CN first, then en-US, each whole (subject and body). */
function loginCodeMail(ctx: CallContext, params: { code: string; account: string; school: string; schoolEn: string; minutes: number }) {
  const zh = (k: string) => ctx.app.i18n.t('zh-CN', `sso:mail.${k}`, params);
  const en = (k: string) => ctx.app.i18n.t('en-US', `sso:mail.${k}`, { ...params, school: params.schoolEn || params.school });
  return { subject: `${zh('subject')} / ${en('subject')}`, text: `${zh('body')}\n\n----------\n\n${en('body')}\n` };
}

/** Ties a handler to its contract call so input and result are typed by it. */
const on = <C extends CallDef>(_call: C, fn: CallHandler<C>): CallHandler<C> => fn;

const handlers = {
  'auth.getPlatConfig': on(authCalls.getPlatConfig, async (_input, ctx) => ({
    Authority: ctx.app.sso.issuer,
    ClientID: ADMIN_CLIENT_ID,
    PortalClientID: PORTAL_CLIENT_ID,
    Scope: USER_SCOPE,
    RedirectPath: '/library/callback',
    PortalRedirectPath: '/library/callbacksearch',
    PostLogoutRedirectPath: '/library/',
    Languages: [...LANGUAGES],
    PortalUrl: reachableFromPhones(ctx.app.config.publicUrl) ? `${ctx.app.config.publicUrl}/library/` : null,
  })),

  'auth.imageCaptcha': on(authCalls.imageCaptcha, async (input, ctx) => {
    const sso = ctx.app.sso;
    if (!sso.limits.captchaIp.hit(ctx.request.ip)) throw tooMany('sso:captcha.tooMany');
    const interactionId = input.InteractionID ?? null;
    if (interactionId && !(await (await sso.provider()).Interaction.find(interactionId))) throw AppError.refused('sso:login.sessionExpired');
    const img = drawCaptcha();
    const { id, expiresIn } = sso.captchas.create(img.gapX, interactionId);
    return {
      CaptchaID: id,
      Background: pngDataUrl(img.background),
      Piece: pngDataUrl(img.piece),
      Width: CAPTCHA_WIDTH,
      Height: CAPTCHA_HEIGHT,
      PieceSize: PIECE_SIZE,
      PieceY: img.pieceY,
      ExpiresIn: expiresIn,
    };
  }),

  'auth.login': on(authCalls.login, async (input, ctx) => {
    const sso = ctx.app.sso;
    const account = input.Account.trim();
    // Failed attempts count per address and per account; a locked-out key waits for its window.
    const ipKey = ctx.request.ip;
    const accountKey = account.toLowerCase();
    if (sso.limits.loginIp.exhausted(ipKey) || sso.limits.loginAccount.exhausted(accountKey)) {
      throw tooMany('sso:login.tooMany');
    }
    const failed = (key: string) => {
      sso.limits.loginIp.hit(ipKey);
      sso.limits.loginAccount.hit(accountKey);
      return AppError.refused(key);
    };

    // Slider path: the captcha first, consumed whatever happens next. Code path: the code is taken
    // out now (one-time even under concurrent attempts) and given back with a try counted when the
    // password fails; its outcome is decided after the password so both cost the same time.
    let code: ReturnType<typeof sso.codes.take> | null = null;
    if (input.EmailCode !== undefined) {
      code = sso.codes.take(input.InteractionID, accountKey, input.EmailCode);
    } else if (sso.captchas.verify(input.CaptchaID ?? '', input.CaptchaX ?? -1, input.InteractionID) !== 'ok') {
      throw failed('sso:captcha.failed');
    }
    const interaction = await (await sso.provider()).Interaction.find(input.InteractionID);
    if (!interaction) throw AppError.refused('sso:login.sessionExpired');

    const user = await sso.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'status'])
      .where('account', '=', account)
      .executeTakeFirst();
    const valid = user?.password_hash
      ? await verifyPassword(input.Password, user.password_hash)
      : (await verifyPassword(input.Password, await dummy(sso)), false);
    const codeOk = code == null || (code.status === 'ok' && code.userId === user?.id);
    // One message for unknown account, wrong password, wrong code and inactive user: no enumeration.
    if (!user || !valid || !codeOk || user.status !== 'active') {
      if (code?.status === 'ok') code.giveBack();
      throw failed('sso:login.wrongCredentials');
    }

    // Login and the implied consent of a first-party app in one go (see sso-service.ts); a
    // third-party app's consent is the user's to give, on /connect/oauth.
    const firstParty = FIRST_PARTY.has(String(interaction.params.client_id ?? ''));
    interaction.result = { login: { accountId: String(user.id) }, ...(firstParty ? { consent: {} } : {}) };
    await interaction.save(Math.max(1, interaction.exp - epochNow()));
    return { Redirect: interaction.returnTo };
  }),

  'auth.sendLoginCode': on(authCalls.sendLoginCode, async (input, ctx) => {
    const sso = ctx.app.sso;
    const account = input.Account.trim();
    const accountKey = account.toLowerCase();
    const ipKey = ctx.request.ip;
    const interaction = await (await sso.provider()).Interaction.find(input.InteractionID);
    if (!interaction) throw AppError.refused('sso:login.sessionExpired');
    // Counted by the name typed, whether or not such an account exists: a refusal tells nothing.
    const { codeAccountMinute, codeAccountHour, codeIp } = sso.limits;
    if (codeAccountMinute.exhausted(accountKey)) throw tooMany('sso:code.wait');
    if (codeAccountHour.exhausted(accountKey) || codeIp.exhausted(ipKey)) throw tooMany('sso:code.tooMany');
    codeAccountMinute.hit(accountKey);
    codeAccountHour.hit(accountKey);
    codeIp.hit(ipKey);

    const user = await sso.db
      .selectFrom('users')
      .innerJoin('schools', 'schools.id', 'users.school_id')
      .select(['users.id', 'users.email', 'users.status', 'users.password_hash', 'schools.name', 'schools.en_name'])
      .where('users.account', '=', account)
      .executeTakeFirst();
    const email = user?.email.trim() ?? '';
    if (user && user.status === 'active' && user.password_hash && /^[^\s@]+@[^\s@]+$/.test(email)) {
      const { code } = sso.codes.issue(input.InteractionID, accountKey, user.id);
      const mail = loginCodeMail(ctx, { code, account, school: user.name, schoolEn: user.en_name, minutes: LOGIN_CODE_TTL_SECONDS / 60 });
      // Delivered after the reply: an SMTP round trip must not tell accounts with an address apart.
      void sso.mailer.send({ to: email, ...mail }).catch((err: unknown) => ctx.app.log.warn({ err, userId: user.id }, 'sign-in code e-mail failed'));
    }
    return {
      Notice: ctx.t('sso:code.sent'),
      ResendIn: codeAccountMinute.windowMs / 1000,
      ExpiresIn: LOGIN_CODE_TTL_SECONDS,
    };
  }),

  'auth.getTokenByCode': on(authCalls.getTokenByCode, async (input, ctx) => {
    const sso = ctx.app.sso;
    if (!sso.limits.tokenIp.hit(ctx.request.ip)) throw tooMany('errors:tooManyRequests');
    const redirect = absolute(sso, input.RedirectUri);
    if (redirect !== sso.redirects.admin) throw AppError.badRequest('sso:token.badRedirect');
    return exchangeCode(ctx, ADMIN_CLIENT_ID, { ...input, RedirectUri: redirect });
  }),

  'auth.refreshToken': on(authCalls.refreshToken, async (input, ctx) => {
    const sso = ctx.app.sso;
    // Which client the token belongs to, read without touching the adapter's grace bookkeeping.
    const row = await sso.db
      .selectFrom('sso_models')
      .select('payload')
      .where('model', '=', 'RefreshToken')
      .where('id', '=', input.refreshToken)
      .executeTakeFirst();
    const clientId = row ? (JSON.parse(row.payload) as { clientId?: string }).clientId : undefined;
    if (!clientId || !FIRST_PARTY.has(clientId)) throw AppError.unauthorized('errors:authExpired');
    const res = await sso.tokenRequest(
      { grant_type: 'refresh_token', client_id: clientId, refresh_token: input.refreshToken },
      { ip: ctx.request.ip },
    );
    if (res.status !== 200 || typeof res.body.access_token !== 'string') throw AppError.unauthorized('errors:authExpired');
    return toToken(res.body);
  }),

  'auth.endSession': on(authCalls.endSession, async (input, ctx) => {
    const sso = ctx.app.sso;
    const p = userOf(ctx);
    if (p.grantId) await sso.endGrant(p.grantId, String(p.userId));
    const wanted = input.PostLogoutRedirectPath ? absolute(sso, input.PostLogoutRedirectPath) : sso.redirects.postLogout;
    // Only our registered return addresses; anything else falls back to the app's home.
    const postLogout = wanted === sso.redirects.portalPostLogout ? wanted : sso.redirects.postLogout;
    const params = new URLSearchParams({
      client_id: FIRST_PARTY.has(p.clientId) ? p.clientId : ADMIN_CLIENT_ID,
      post_logout_redirect_uri: postLogout,
      ui_locales: ctx.lang,
    });
    return { Url: `${sso.issuer}/session/end?${params}` };
  }),

  'auth.schoolAuth': on(authCalls.schoolAuth, async (input, ctx) => {
    const sso = ctx.app.sso;
    const school = await schoolByCode(sso, input.SchoolCode);
    const redirect = absolute(sso, input.RedirectUrl);
    if (redirect !== sso.redirects.portal) throw AppError.badRequest('sso:token.badRedirect');
    // The portal (a public client) holds its PKCE verifier and state: it appends
    // code_challenge, code_challenge_method=S256 and state to this address before navigating.
    const params = new URLSearchParams({
      client_id: PORTAL_CLIENT_ID,
      response_type: 'code',
      scope: USER_SCOPE,
      redirect_uri: redirect,
      ui_locales: ctx.lang,
    });
    return {
      Url: `${sso.issuer}/auth?${params}`,
      SchoolID: Number(school.id),
      SchoolName: ctx.lang === 'en-US' && school.en_name ? school.en_name : school.name,
    };
  }),

  'auth.schoolLoginToken': on(authCalls.schoolLoginToken, async (input, ctx) => {
    const sso = ctx.app.sso;
    if (!sso.limits.tokenIp.hit(ctx.request.ip)) throw tooMany('errors:tooManyRequests');
    const school = await schoolByCode(sso, input.SchoolCode);
    const redirect = absolute(sso, input.RedirectUrl);
    if (redirect !== sso.redirects.portal) throw AppError.badRequest('sso:token.badRedirect');
    if (!input.CodeVerifier) throw AppError.badRequest('sso:token.verifierRequired');
    const token = await exchangeCode(ctx, PORTAL_CLIENT_ID, { Code: input.Code, CodeVerifier: input.CodeVerifier, RedirectUri: redirect });
    const principal = await sso.verifier.verify(token.access_token);
    if (!principal || principal === 'signed-out' || principal.schoolId !== Number(school.id)) {
      // A reader of another school: the fresh grant is useless, revoke it at once.
      if (principal && principal !== 'signed-out' && principal.grantId) await sso.revokeGrant(principal.grantId);
      throw AppError.refused('errors:wrongSchool');
    }
    return { ...token, SchoolID: Number(school.id) };
  }),

  'auth.updatePassword': on(authCalls.updatePassword, async (input, ctx) => {
    const sso = ctx.app.sso;
    const p = userOf(ctx);
    // A portal session changes its password only where the school allows it (spec: "Public-search
    // password change is gated by a setting"); the same account in the admin app is not gated.
    if (p.clientId === PORTAL_CLIENT_ID) {
      const portal = await readSetting(sso.db, p.schoolId, PORTAL_SETTINGS_KEY, portalSettingsSchema, DEFAULT_PORTAL_SETTINGS);
      if (!portal.ReaderPasswordChange) throw AppError.refused('errors:portalPasswordChangeOff');
    }
    if (!sso.limits.loginAccount.hit(`password:${p.userId}`)) throw tooMany('sso:login.tooMany');
    const user = await sso.db
      .selectFrom('users')
      .innerJoin('schools', 'schools.id', 'users.school_id')
      .select(['users.password_hash', 'schools.password_policy'])
      .where('users.id', '=', p.userId)
      .executeTakeFirst();
    if (!user) throw AppError.unauthorized();
    if (!user.password_hash || !(await verifyPassword(input.OldPassword, user.password_hash))) {
      throw AppError.refused('validation:password.wrongOld');
    }
    const broken = checkPassword(input.NewPassword, user.password_policy);
    if (broken) throw AppError.refused(broken);
    const hash = await hashPassword(input.NewPassword, sso.settings.passwordHashParams);
    await sso.db
      .updateTable('users')
      .set({ password_hash: hash, updated_at: new Date().toISOString() })
      .where('id', '=', p.userId)
      .execute();
    // Whoever knew the old password is signed out everywhere else ("signed out elsewhere", 99997).
    await sso.endOtherSessions(String(p.userId), p.grantId);
    return null;
  }),

  'auth.clientToken': on(authCalls.clientToken, async (input, ctx) => {
    const sso = ctx.app.sso;
    ctx.reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    if (!sso.limits.tokenIp.hit(ctx.request.ip)) {
      ctx.reply.code(429);
      return oauthError(429, 'too_many_requests', ctx.t('errors:tooManyRequests')) as never;
    }
    if (isDeviceClientId(input.client_id)) {
      // A security gate: its credentials are checked here, its token minted for its school and gate.
      const device = await checkDeviceClient(sso.db, input.client_id, input.client_secret);
      if (!device) {
        ctx.reply.code(401);
        return oauthError(401, 'invalid_client', ctx.t('errors:invalidClient')) as never;
      }
      return (await sso.mintDeviceToken(device.claims, device.scope)) as never;
    }
    const res = await sso.tokenRequest(
      {
        grant_type: input.grant_type,
        client_id: input.client_id,
        client_secret: input.client_secret,
        scope: input.scope ?? SERVICE_SCOPE,
      },
      { ip: ctx.request.ip, schoolId: ctx.schoolId },
    );
    ctx.reply.code(res.status);
    // OAuth JSON (raw call: a success is not enveloped); an error carries the envelope's fields too.
    if (res.status >= 400) {
      const body = (res.body ?? {}) as { error?: string; error_description?: string };
      return oauthError(res.status, body.error ?? 'invalid_request', body.error_description ?? body.error ?? ctx.t('errors:badRequest')) as never;
    }
    return res.body as never;
  }),
};

/** An RFC 6749 error that is also a failing envelope, so both kinds of client read it. */
function oauthError(status: number, error: string, description: string) {
  return { error, error_description: description, code: status, success: false, message: description, data: null };
}

/** A loopback or unspecified host (the embedded gateway) is this machine only. */
function reachableFromPhones(url: string): boolean {
  try {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    return !(host === 'localhost' || host === '::1' || host === '0.0.0.0' || host === '::' || /^127\./.test(host));
  } catch {
    return false;
  }
}

export const ssoHandlers: AnyHandlerMap = handlers;
