import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { CookieJar, pathOf, pkcePair, PUBLIC_URL } from '../sso/test-harness.ts';

/**
 * What a browser and the web app do to sign in through the SSO, over app.inject: authorize
 * (PKCE) → captcha (answer from the test hook) → Home/Login → follow the redirects to the
 * callback → GetTokenByCode; then RefreshToken and EndSession. Used by suites that need a real
 * sign-in on another database; sso-flow.test.ts covers the SSO's own edge cases.
 */
export const LIB = '/micro/library/web1.0';

export interface Authorized {
  jar: CookieJar;
  uid: string;
  verifier: string;
  location: string;
}

export interface TokenSet {
  access_token: string;
  refresh_token: string;
  id_token: string;
  expires_in: number;
}

export function ssoBrowser(app: FastifyInstance, ip = '10.0.0.1') {
  async function authorize(jar = new CookieJar()): Promise<Authorized> {
    const { verifier, challenge } = pkcePair();
    const q = new URLSearchParams({
      client_id: 'library-admin', response_type: 'code', scope: 'openid profile offline_access',
      redirect_uri: `${PUBLIC_URL}/library/callback`, code_challenge: challenge, code_challenge_method: 'S256', state: 'st-1',
    });
    const res = await app.inject({ method: 'GET', url: `/sso/auth?${q}`, headers: { cookie: jar.header() } });
    if (res.statusCode !== 303) throw new Error(`authorize: HTTP ${res.statusCode}`);
    jar.take(res);
    const location = String(res.headers.location);
    return { jar, uid: /\/sso\/interaction\/([^/?]+)/.exec(location)?.[1] ?? '', verifier, location };
  }

  /** Follows the SSO's redirects until the browser would leave /sso (or meets a page). */
  async function follow(start: string, jar: CookieJar): Promise<string> {
    let location = new URL(start, PUBLIC_URL).href;
    for (let i = 0; i < 6 && new URL(location).pathname.startsWith('/sso'); i++) {
      const r = await app.inject({ method: 'GET', url: pathOf(location), headers: { cookie: jar.header() } });
      jar.take(r);
      if (r.statusCode !== 302 && r.statusCode !== 303) return location;
      location = new URL(String(r.headers.location), PUBLIC_URL).href;
    }
    return location;
  }

  /** Home/Login with a solved captcha; `offset` px off the gap (±5 is accepted). */
  async function login(uid: string, account: string, password: string, offset = 3): Promise<LightMyRequestResponse> {
    const c = (await app.inject({ method: 'GET', url: `${LIB}/Home/ImageCaptCha?InteractionID=${uid}`, remoteAddress: ip })).json().data as { CaptchaID: string };
    const answer = (await app.inject({ method: 'GET', url: `/micro/test/captcha-answer?CaptchaID=${c.CaptchaID}` })).json() as { X: number };
    return app.inject({
      method: 'POST', url: `${LIB}/Home/Login`, remoteAddress: ip,
      payload: { Account: account, Password: password, CaptchaID: c.CaptchaID, CaptchaX: answer.X + offset, InteractionID: uid },
    });
  }

  /** The whole sign-in up to the authorization code at /library/callback. */
  async function signIn(account: string, password: string): Promise<Authorized & { code: string }> {
    const s = await authorize();
    const res = await login(s.uid, account, password);
    const body = res.json() as { code: number; message: string; data: { Redirect: string } | null };
    if (body.code !== 0 || !body.data) throw new Error(`login: ${body.message}`);
    const cb = new URL(await follow(body.data.Redirect, s.jar));
    if (cb.pathname !== '/library/callback') throw new Error(`sign-in ended at ${cb.href}`);
    return { ...s, code: cb.searchParams.get('code') ?? '' };
  }

  const tokenByCode = (code: string, verifier: string) =>
    app.inject({ method: 'POST', url: `${LIB}/WebPlat/GetTokenByCode`, payload: { Code: code, CodeVerifier: verifier, RedirectUri: '/library/callback' } });
  const refresh = (refreshToken: string) => app.inject({ method: 'POST', url: `${LIB}/WebPlat/RefreshToken`, payload: { refreshToken } });
  const endSession = (accessToken: string) =>
    app.inject({ method: 'GET', url: `${LIB}/WebPlat/EndSession`, headers: { authorization: `Bearer ${accessToken}` } });

  return { authorize, follow, login, signIn, tokenByCode, refresh, endSession };
}
