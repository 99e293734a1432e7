import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSsoTestApp, CookieJar, PASSWORD, pathOf, pkcePair, PUBLIC_URL, type SsoTestApp } from './test-harness.ts';

/**
 * A third-party app (/connect/oauth): the school registers it, the user signs in and consents on
 * the library's consent page, the app gets a code at its own address and a token that reaches
 * only the calls of the scopes consented to, for as long as the app is switched on.
 */
let t: SsoTestApp;
const LIB = '/micro/library/web1.0';
const CB = 'http://localhost:7777/cb';
let clientId = '';

beforeAll(async () => {
  t = await buildSsoTestApp({ testHooks: true });
  const at = new Date().toISOString();
  clientId = 'app-test0000001';
  await t.db.insertInto('oauth_apps').values({
    school_id: t.ids.schoolA, client_id: clientId, name: '阅读打卡', en_name: 'Reading log', redirect_uris: JSON.stringify([CB]),
    scopes: 'library.loans', created_at: at, updated_at: at,
  }).execute();
});
afterAll(async () => {
  await t?.close();
});

async function captchaX(uid: string, ip: string) {
  const res = await t.app.inject({ method: 'GET', url: `${LIB}/Home/ImageCaptCha?InteractionID=${uid}`, remoteAddress: ip });
  const data = res.json().data as { CaptchaID: string };
  const answer = await t.app.inject({ method: 'GET', url: `/micro/test/captcha-answer?CaptchaID=${data.CaptchaID}` });
  return { CaptchaID: data.CaptchaID, CaptchaX: (answer.json().X as number) + 2 };
}

/** Follows redirects through /sso until the browser leaves it; returns where it lands. */
async function follow(start: string, jar: CookieJar): Promise<URL> {
  let url = new URL(start, PUBLIC_URL);
  for (let i = 0; i < 8 && url.pathname.startsWith('/sso'); i++) {
    const r = await t.app.inject({ method: 'GET', url: pathOf(url.href), headers: { cookie: jar.header() } });
    jar.take(r);
    if (r.statusCode !== 302 && r.statusCode !== 303) throw new Error(`stopped at ${url.href}: ${r.statusCode} ${r.body.slice(0, 300)}`);
    url = new URL(String(r.headers.location), PUBLIC_URL);
  }
  return url;
}

/** The app sends the user to the SSO; the user signs in; the SSO hands over to the consent page. */
async function toConsent(account: string, scope = 'openid offline_access library.loans', ip = '10.9.0.1') {
  const jar = new CookieJar();
  const { verifier, challenge } = pkcePair();
  const q = new URLSearchParams({
    client_id: clientId, response_type: 'code', scope, redirect_uri: CB, code_challenge: challenge, code_challenge_method: 'S256', state: 'app-state', prompt: 'consent',
  });
  const start = await t.app.inject({ method: 'GET', url: `/sso/auth?${q}` });
  jar.take(start);
  const loginAt = new URL(String(start.headers.location), PUBLIC_URL);
  const uid = /\/sso\/interaction\/([^/?]+)/.exec(loginAt.pathname)?.[1] ?? '';
  const page = await t.app.inject({ method: 'GET', url: pathOf(loginAt.href), headers: { cookie: jar.header() } });
  expect(page.statusCode).toBe(200); // the password page: the app never sees the password
  const login = await t.app.inject({
    method: 'POST', url: `${LIB}/Home/Login`, remoteAddress: ip,
    payload: { Account: account, Password: PASSWORD, InteractionID: uid, ...(await captchaX(uid, ip)) },
  });
  expect(login.json()).toMatchObject({ code: 0 });
  const consentPage = await follow(login.json().data.Redirect, jar);
  return { jar, verifier, consentPage };
}

const consentUid = (u: URL) => new URLSearchParams(u.hash.split('?')[1] ?? '').get('uid') ?? '';
const micro = (url: string, payload: unknown, token?: string) =>
  t.app.inject({ method: 'POST', url: `${LIB}${url}`, payload: payload as object, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('a third-party app the school registered', () => {
  it('gets the user\'s consent on the library\'s page, then a token for the consented calls only', async () => {
    const { jar, verifier, consentPage } = await toConsent('alice');
    expect(consentPage.pathname).toBe('/library/');
    expect(consentPage.hash).toMatch(/^#\/connect\/oauth\?uid=/);
    const uid = consentUid(consentPage);
    const consent = await micro('/Connect/GetConsent', { InteractionID: uid });
    expect(consent.json().data).toEqual({
      AppName: '阅读打卡', AppEnName: 'Reading log', ClientID: clientId, Scopes: ['library.loans'], Offline: true, UserName: 'alice', SchoolName: '第一中学',
    });
    const answer = await micro('/Connect/AnswerConsent', { InteractionID: uid, Allow: true });
    const landed = await follow(answer.json().data.Redirect, jar);
    expect(landed.origin + landed.pathname).toBe(CB);
    expect(landed.searchParams.get('state')).toBe('app-state');
    const code = landed.searchParams.get('code')!;

    // The app exchanges the code itself, at the standard token endpoint, with its PKCE verifier.
    const tok = await t.app.inject({
      method: 'POST', url: '/sso/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: CB, client_id: clientId, code_verifier: verifier }).toString(),
    });
    expect(tok.statusCode).toBe(200);
    const { access_token: access, refresh_token: refresh } = tok.json() as { access_token: string; refresh_token: string };
    expect(refresh).toBeTruthy();
    expect(await t.app.tokens.verify(access)).toMatchObject({ userId: t.ids.alice, clientId, thirdParty: true });

    // Its scope's calls answer; anything else is refused, the profile too (not consented).
    expect((await micro('/ReaderAccount/GetLoans', {}, access)).json()).toMatchObject({ code: 0 });
    const profile = await t.app.inject({ method: 'GET', url: '/micro/basic/v2/open/user/get', headers: { authorization: `Bearer ${access}` } });
    expect(profile.statusCode).toBe(403);
    expect((await micro('/Connect/GetConnectedApps', {}, access)).statusCode).toBe(403);

    // Switched off by the school: its tokens stop at once.
    await t.db.updateTable('oauth_apps').set({ enabled: 0 }).where('client_id', '=', clientId).execute();
    t.app.sso.verifier.forgetClient(clientId); // as Connect/SaveOAuthApp does
    expect((await micro('/ReaderAccount/GetLoans', {}, access)).statusCode).toBe(401);
    await t.db.updateTable('oauth_apps').set({ enabled: 1 }).where('client_id', '=', clientId).execute();
    expect((await micro('/ReaderAccount/GetLoans', {}, access)).json()).toMatchObject({ code: 0 });
  });

  it('returns to the app with access_denied when the user says no, and the uid is good once', async () => {
    const { jar, consentPage } = await toConsent('alice', undefined, '10.9.0.2');
    const uid = consentUid(consentPage);
    const answer = await micro('/Connect/AnswerConsent', { InteractionID: uid, Allow: false });
    const landed = await follow(answer.json().data.Redirect, jar);
    expect(landed.origin + landed.pathname).toBe(CB);
    expect(landed.searchParams.get('error')).toBe('access_denied');
    expect(landed.searchParams.get('code')).toBeNull();
    expect((await micro('/Connect/GetConsent', { InteractionID: uid })).json()).toMatchObject({ success: false });
    expect((await micro('/Connect/GetConsent', { InteractionID: 'made-up' })).json()).toMatchObject({ success: false });
  });

  it('refuses a user of another school, and scopes the app may not ask for', async () => {
    const { consentPage } = await toConsent('bob', undefined, '10.9.0.3');
    const refused = await micro('/Connect/AnswerConsent', { InteractionID: consentUid(consentPage), Allow: true });
    expect(refused.json()).toMatchObject({ success: false });
    expect(refused.statusCode).toBe(409);
    const { challenge } = pkcePair();
    const q = new URLSearchParams({
      client_id: clientId, response_type: 'code', scope: 'openid library.profile', redirect_uri: CB, code_challenge: challenge, code_challenge_method: 'S256', state: 's',
    });
    const asked = await t.app.inject({ method: 'GET', url: `/sso/auth?${q}` });
    // The provider sends the error to the app's own address.
    expect(String(asked.headers.location)).toContain('error=invalid_scope');
    // An address the app did not register: refused on the SSO's page, never redirected.
    const evil = await t.app.inject({ method: 'GET', url: `/sso/auth?${new URLSearchParams({ ...Object.fromEntries(q), scope: 'openid', redirect_uri: 'https://evil.example/cb' })}` });
    expect(evil.statusCode).toBe(400);
  });
});
