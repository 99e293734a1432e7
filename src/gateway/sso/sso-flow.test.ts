import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSsoTestApp, CookieJar, PASSWORD, pathOf, pkcePair, PUBLIC_URL, type SsoTestApp } from './test-harness.ts';
import { SIGN_IN_LIMITS } from './sso-service.ts';

let t: SsoTestApp;
beforeAll(async () => {
  t = await buildSsoTestApp({ testHooks: true });
});
afterAll(async () => {
  await t?.close();
});

const LIB = '/micro/library/web1.0';

interface Started {
  jar: CookieJar;
  uid: string;
  verifier: string;
}

/** Authorization request with PKCE; returns the interaction the SSO started. */
async function authorize(client = 'library-admin', jar = new CookieJar()): Promise<Started & { location: string }> {
  const { verifier, challenge } = pkcePair();
  const redirect = client === 'library-admin' ? `${PUBLIC_URL}/library/callback` : `${PUBLIC_URL}/library/callbacksearch`;
  const q = new URLSearchParams({
    client_id: client, response_type: 'code', scope: 'openid profile offline_access', redirect_uri: redirect,
    code_challenge: challenge, code_challenge_method: 'S256', state: 'st-1',
  });
  const res = await t.app.inject({ method: 'GET', url: `/sso/auth?${q}`, headers: { cookie: jar.header() } });
  expect(res.statusCode).toBe(303);
  jar.take(res);
  const location = String(res.headers.location);
  const uid = /\/sso\/interaction\/([^/?]+)/.exec(location)?.[1] ?? '';
  return { jar, uid, verifier, location };
}

async function captcha(uid: string, ip = '10.0.0.1') {
  const res = await t.app.inject({ method: 'GET', url: `${LIB}/Home/ImageCaptCha?InteractionID=${uid}`, remoteAddress: ip });
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { CaptchaID: string; Background: string; Piece: string; PieceY: number };
  const answer = await t.app.inject({ method: 'GET', url: `/micro/test/captcha-answer?CaptchaID=${data.CaptchaID}` });
  return { ...data, X: answer.json().X as number };
}

async function login(body: Record<string, unknown>, opts: { ip?: string; lang?: string } = {}) {
  return t.app.inject({
    method: 'POST', url: `${LIB}/Home/Login`, payload: body, remoteAddress: opts.ip ?? '10.0.0.1',
    headers: { 'accept-language': opts.lang ?? 'zh-CN' },
  });
}

/** Follows the SSO's redirects until the browser would leave /sso (or meets a page). */
async function follow(start: string, jar: CookieJar): Promise<string> {
  let location = new URL(start, PUBLIC_URL).href;
  for (let i = 0; i < 6 && new URL(location).pathname.startsWith('/sso'); i++) {
    const r = await t.app.inject({ method: 'GET', url: pathOf(location), headers: { cookie: jar.header() } });
    jar.take(r);
    if (r.statusCode !== 302 && r.statusCode !== 303) return location;
    location = new URL(String(r.headers.location), PUBLIC_URL).href;
  }
  return location;
}

/** authorize → captcha → Home/Login → resume → code at the callback. */
async function signIn(account = 'alice', client = 'library-admin', ip = '10.0.0.1') {
  const s = await authorize(client);
  const c = await captcha(s.uid, ip);
  const res = await login({ Account: account, Password: PASSWORD, CaptchaID: c.CaptchaID, CaptchaX: c.X + 3, InteractionID: s.uid }, { ip });
  expect(res.json()).toMatchObject({ code: 0 });
  const redirect = res.json().data.Redirect as string;
  expect(redirect).toBe(`${PUBLIC_URL}/sso/auth/${s.uid}`);
  const cb = new URL(await follow(redirect, s.jar));
  expect(cb.pathname).toBe(client === 'library-admin' ? '/library/callback' : '/library/callbacksearch');
  expect(cb.searchParams.get('state')).toBe('st-1');
  return { ...s, code: cb.searchParams.get('code') ?? '' };
}

async function tokenByCode(code: string, verifier: string) {
  return t.app.inject({ method: 'POST', url: `${LIB}/WebPlat/GetTokenByCode`, payload: { Code: code, CodeVerifier: verifier, RedirectUri: '/library/callback' } });
}

const refresh = (refreshToken: string) =>
  t.app.inject({ method: 'POST', url: `${LIB}/WebPlat/RefreshToken`, payload: { refreshToken } });

describe('SSO sign-in, refresh rotation and sign-out', () => {
  it('signs in end to end through HTTP and verifies the token', async () => {
    const s = await signIn();
    const page = await t.app.inject({ method: 'GET', url: `/sso/interaction/${s.uid}` });
    // The interaction is finished: its page now says the session is over.
    expect(page.statusCode).toBe(410);

    const res = await tokenByCode(s.code, s.verifier);
    expect(res.statusCode).toBe(200);
    const tok = res.json().data;
    expect(tok).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number) });
    expect(tok.refresh_token).toBeTruthy();
    expect(tok.id_token).toBeTruthy();
    const p = await t.app.tokens.verify(tok.access_token);
    expect(p).toMatchObject({ kind: 'user', userId: t.ids.alice, schoolId: t.ids.schoolA, clientId: 'library-admin' });
    expect(p && p !== 'signed-out' && p.scopes).toEqual(expect.arrayContaining(['openid', 'offline_access']));

    // The code is single-use: a second exchange is a clean failure, not a 500.
    const again = await tokenByCode(s.code, s.verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false });
  });

  it('refuses a wrong code verifier', async () => {
    const s = await signIn();
    const res = await tokenByCode(s.code, pkcePair().verifier);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('登录码无效或已过期，请重新登录');
  });

  it('rotates refresh tokens with a one-time grace, then revokes the grant on reuse', async () => {
    const s = await signIn();
    const first = (await tokenByCode(s.code, s.verifier)).json().data;
    const r1 = await refresh(first.refresh_token);
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await t.app.tokens.verify(second.access_token)).toMatchObject({ userId: t.ids.alice });

    // A concurrent window still holding the old token: works once within the grace.
    const grace = await refresh(first.refresh_token);
    expect(grace.statusCode).toBe(200);

    // Third use of the old token: replay → 401 and the whole grant is gone.
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 401, message: '授权已过期' });
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    t.app.sso.verifier.clear();
    expect(await t.app.tokens.verify(second.access_token)).toBeNull();
  });

  it('reuse after the grace window revokes at once', async () => {
    const s = await signIn();
    const first = (await tokenByCode(s.code, s.verifier)).json().data;
    expect((await refresh(first.refresh_token)).statusCode).toBe(200);
    await t.db.updateTable('sso_models' as never).set({ consumed_at: 1 } as never).where('id' as never, '=', first.refresh_token as never).execute();
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
  });

  it('ends the session: tokens say signed-out, the SSO session ends too', async () => {
    const s = await signIn();
    const tok = (await tokenByCode(s.code, s.verifier)).json().data;
    expect(await t.app.tokens.verify(tok.access_token)).toMatchObject({ kind: 'user' });

    // SSO: a second authorization in the same browser needs no new sign-in (the consent step
    // of a first-party app answers itself).
    const again = await authorize('library-admin', s.jar);
    expect(await follow(again.location, s.jar)).toContain('/library/callback?code=');

    const end = await t.app.inject({
      method: 'GET', url: `${LIB}/WebPlat/EndSession`, headers: { authorization: `Bearer ${tok.access_token}` },
    });
    expect(end.statusCode).toBe(200);
    const url = new URL(end.json().data.Url);
    expect(url.pathname).toBe('/sso/session/end');
    expect(url.searchParams.get('client_id')).toBe('library-admin');
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/library/`);

    expect(await t.app.tokens.verify(tok.access_token)).toBe('signed-out');
    const call = await t.app.inject({
      method: 'GET', url: `${LIB}/WebPlat/EndSession`, headers: { authorization: `Bearer ${tok.access_token}` },
    });
    expect(call.statusCode).toBe(401);
    expect(call.json().code).toBe(99997);
    expect((await refresh(tok.refresh_token)).statusCode).toBe(401);

    // The browser follows the Url: the logout page (strict CSP) auto-submits its form.
    const page = await t.app.inject({ method: 'GET', url: pathOf(url.href), headers: { cookie: s.jar.header() } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    s.jar.take(page);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const confirm = await t.app.inject({
      method: 'POST', url: '/sso/session/end/confirm', headers: { cookie: s.jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `xsrf=${xsrf}&logout=yes`,
    });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`${PUBLIC_URL}/library/`);
    s.jar.take(confirm);
    // Signed out of the SSO: the next authorization asks for a sign-in again.
    const after = await authorize('library-admin', s.jar);
    expect(after.location).toContain('/sso/interaction/');
  });
});

describe('sign-out return address', () => {
  it('returns portal readers to /library/search and refuses foreign addresses', async () => {
    // bob (another school) keeps alice's per-account sign-in budget for the tests below.
    const endWith = async (path: string) => {
      const s = await signIn('bob', 'library-admin', '10.7.0.1');
      const tok = (await tokenByCode(s.code, s.verifier)).json().data;
      const end = await t.app.inject({
        method: 'GET', url: `${LIB}/WebPlat/EndSession?PostLogoutRedirectPath=${encodeURIComponent(path)}`,
        headers: { authorization: `Bearer ${tok.access_token}` },
      });
      return new URL(end.json().data.Url).searchParams.get('post_logout_redirect_uri');
    };
    expect(await endWith('/library/search')).toBe(`${PUBLIC_URL}/library/search`);
    expect(await endWith('https://evil.example/')).toBe(`${PUBLIC_URL}/library/`);
  });
});

describe('login page and captcha', () => {
  it('serves a bilingual page with a strict CSP and no inline script', async () => {
    const s = await authorize();
    const zh = await t.app.inject({ method: 'GET', url: `/sso/interaction/${s.uid}` });
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-security-policy']).toContain("default-src 'none'");
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain('账号');
    expect(zh.body).not.toMatch(/<script>|<style>| style="|onclick=/);
    const en = await t.app.inject({ method: 'GET', url: `/sso/interaction/${s.uid}?lang=en-US` });
    expect(en.body).toContain('<html lang="en-US">');
    expect(en.body).toContain('Account');
    expect(String(en.headers['set-cookie'])).toContain('lib_lang=en-US');
    const byCookie = await t.app.inject({ method: 'GET', url: `/sso/interaction/${s.uid}`, headers: { cookie: 'lib_lang=en-US' } });
    expect(byCookie.body).toContain('<html lang="en-US">');
    const byHeader = await t.app.inject({ method: 'GET', url: `/sso/interaction/${s.uid}`, headers: { 'accept-language': 'en-GB,en;q=0.9' } });
    expect(byHeader.body).toContain('<html lang="en-US">');
    const js = await t.app.inject({ method: 'GET', url: '/sso/assets/login.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('javascript');
    expect((await t.app.inject({ method: 'GET', url: '/sso/assets/../sso-plugin.ts' })).statusCode).toBe(404);
  });

  it('draws real PNGs and never sends the gap position', async () => {
    const s = await authorize();
    const res = await t.app.inject({ method: 'GET', url: `${LIB}/Home/ImageCaptCha?InteractionID=${s.uid}` });
    const data = res.json().data;
    expect(data.Background).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(data.Background.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(300);
    expect(Object.keys(data).sort()).toEqual(['Background', 'CaptchaID', 'ExpiresIn', 'Height', 'Piece', 'PieceSize', 'PieceY', 'Width']);
  });

  it('consumes the captcha on any attempt, binds it to the interaction, checks the offset', async () => {
    const s = await authorize();
    const base = { Account: 'alice', Password: PASSWORD, InteractionID: s.uid };
    const ip = '10.1.0.1';

    const wrongOffset = await captcha(s.uid, ip);
    const r1 = await login({ ...base, CaptchaID: wrongOffset.CaptchaID, CaptchaX: wrongOffset.X + 12 }, { ip });
    expect(r1.json()).toMatchObject({ success: false, message: '滑块验证未通过，请重试' });
    // Consumed by the failed attempt: the right answer no longer helps.
    const r2 = await login({ ...base, CaptchaID: wrongOffset.CaptchaID, CaptchaX: wrongOffset.X }, { ip });
    expect(r2.json().success).toBe(false);

    // Bound to its interaction.
    const other = await authorize();
    const foreign = await captcha(other.uid, ip);
    const r3 = await login({ ...base, CaptchaID: foreign.CaptchaID, CaptchaX: foreign.X }, { ip });
    expect(r3.json().message).toBe('滑块验证未通过，请重试');

    // Expired after its TTL.
    const old = await captcha(s.uid, ip);
    const store = t.app.sso.captchas as unknown as { map: Map<string, { expiresAt: number }> };
    store.map.get(old.CaptchaID)!.expiresAt = Date.now() - 1;
    const r4 = await login({ ...base, CaptchaID: old.CaptchaID, CaptchaX: old.X }, { ip });
    expect(r4.json().success).toBe(false);

    // Within tolerance works; reused afterwards is refused.
    const good = await captcha(s.uid, ip);
    const r5 = await login({ ...base, CaptchaID: good.CaptchaID, CaptchaX: good.X - 4 }, { ip });
    expect(r5.json()).toMatchObject({ code: 0 });
    const r6 = await login({ ...base, CaptchaID: good.CaptchaID, CaptchaX: good.X }, { ip });
    expect(r6.json().success).toBe(false);
  });

  it('says only "account or password wrong", in zh-CN and en-US', async () => {
    t.app.sso.resetLimits();
    const s = await authorize();
    const ip = '10.2.0.1';
    for (const [account, password] of [['alice', 'wrong-password'], ['nobody', PASSWORD], ['carol', PASSWORD]] as const) {
      const zh = await captcha(s.uid, ip);
      const rz = await login({ Account: account, Password: password, CaptchaID: zh.CaptchaID, CaptchaX: zh.X, InteractionID: s.uid }, { ip, lang: 'zh-CN' });
      expect(rz.json()).toMatchObject({ success: false, message: '账号或密码错误' });
      const en = await captcha(s.uid, ip);
      const re = await login({ Account: account, Password: password, CaptchaID: en.CaptchaID, CaptchaX: en.X, InteractionID: s.uid }, { ip, lang: 'en-US' });
      expect(re.json()).toMatchObject({ success: false, message: 'Account or password wrong' });
    }
  });

  it('rate-limits sign-in per IP and per account with a localized 429', async () => {
    t.app.sso.resetLimits();
    const s = await authorize();
    const attempt = (account: string, ip: string, lang = 'zh-CN') =>
      login({ Account: account, Password: 'x', CaptchaID: 'none', CaptchaX: 1, InteractionID: s.uid }, { ip, lang });
    // Each failure is a refusal (409); the one after the limit is 429.
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerIp; i++) expect((await attempt(`user${i}`, '10.3.0.1')).statusCode).toBe(409);
    const limited = await attempt('another', '10.3.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('登录尝试次数过多，请稍后再试');

    // Per account, across many addresses.
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAccount; i++) expect((await attempt('alice', `10.4.0.${i}`)).statusCode).toBe(409);
    const byAccount = await attempt('ALICE', '10.4.1.1', 'en-US');
    expect(byAccount.statusCode).toBe(429);
    expect(byAccount.json().message).toBe('Too many sign-in attempts, please try again later');
    t.app.sso.resetLimits();
  });

  it('does not count successful sign-ins: a class behind one address signs in together', async () => {
    t.app.sso.resetLimits();
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAccount + 2; i++) {
      const s = await signIn('alice', 'library-admin', '10.6.0.1');
      expect(s.code).toBeTruthy();
    }
    t.app.sso.resetLimits();
  });
});

describe('platform config, school portal, password, client credentials', () => {
  it('returns the platform config', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${LIB}/WebPlat/GetPlatConfig` });
    expect(res.json().data).toEqual({
      Authority: `${PUBLIC_URL}/sso`, ClientID: 'library-admin', PortalClientID: 'library-portal',
      Scope: 'openid profile offline_access', RedirectPath: '/library/callback', PortalRedirectPath: '/library/callbacksearch',
      PostLogoutRedirectPath: '/library/', Languages: ['zh-CN', 'en-US'],
      // localhost: no phone reaches it, so the kiosk shows no QR code.
      PortalUrl: null,
    });
    const meta = await t.app.inject({ method: 'GET', url: '/sso/.well-known/openid-configuration' });
    expect(meta.json()).toMatchObject({ issuer: `${PUBLIC_URL}/sso`, token_endpoint: `${PUBLIC_URL}/sso/token` });
  });

  it('school portal: authorize address, code exchange, wrong school refused', async () => {
    const auth = await t.app.inject({
      method: 'GET', url: `/micro/console/v2/open/school/auth?SchoolCode=SCHA&RedirectUrl=${encodeURIComponent('/library/callbacksearch')}`,
    });
    expect(auth.json().data).toMatchObject({ SchoolID: t.ids.schoolA, SchoolName: '第一中学' });
    expect(auth.json().data.Url).toContain(`${PUBLIC_URL}/sso/auth?client_id=library-portal`);
    const unknown = await t.app.inject({ method: 'GET', url: '/micro/console/v2/open/school/auth?SchoolCode=NOPE&RedirectUrl=/library/callbacksearch' });
    expect(unknown.statusCode).toBe(404);

    const exchange = (code: string, verifier: string, school: string) =>
      t.app.inject({ method: 'POST', url: `${LIB}/sys/SchoolLoginToken`, payload: { SchoolCode: school, Code: code, RedirectUrl: '/library/callbacksearch', CodeVerifier: verifier } });
    const a = await signIn('alice', 'library-portal', '10.5.0.1');
    const ok = await exchange(a.code, a.verifier, 'SCHA');
    expect(ok.json()).toMatchObject({ code: 0, data: { SchoolID: t.ids.schoolA, token_type: 'Bearer' } });

    const b = await signIn('alice', 'library-portal', '10.5.0.2');
    const wrong = await exchange(b.code, b.verifier, 'SCHB');
    expect(wrong.json()).toMatchObject({ success: false, message: '无权访问该学校的数据' });

    const short = await exchange('short', b.verifier, 'SCHA');
    expect(short.statusCode).toBe(400);
  });

  it('a password change signs out every other session of the account and keeps this one', async () => {
    t.app.sso.resetLimits();
    const session = async (account: string, ip: string) => {
      const s = await signIn(account, 'library-admin', ip);
      return { ...s, tok: (await tokenByCode(s.code, s.verifier)).json().data as { access_token: string; refresh_token: string } };
    };
    const getUser = (token: string) =>
      t.app.inject({ method: 'GET', url: '/micro/basic/v2/open/user/get', headers: { authorization: `Bearer ${token}` } });
    const change = (token: string, from: string, to: string) =>
      t.app.inject({
        method: 'POST', url: '/micro/basic/open/user/updatePassword', headers: { authorization: `Bearer ${token}` },
        payload: { OldPassword: from, NewPassword: to, ConfirmPassword: to },
      });

    const here = await session('alice', '10.8.0.1');
    const there = await session('alice', '10.8.0.2'); // another browser, its own SSO cookie
    const bob = await session('bob', '10.8.0.3');
    expect((await getUser(there.tok.access_token)).statusCode).toBe(200);

    expect((await change(here.tok.access_token, PASSWORD, 'abcdef')).json()).toMatchObject({ code: 0 });

    // The other session: "signed out elsewhere", its refresh token is dead, its browser must sign in again.
    const other = await getUser(there.tok.access_token);
    expect(other.statusCode).toBe(401);
    expect(other.json().code).toBe(99997);
    expect((await refresh(there.tok.refresh_token)).statusCode).toBe(401);
    expect(await follow((await authorize('library-admin', there.jar)).location, there.jar)).toContain('/sso/interaction/');

    // This session carries on: API calls, refresh and the SSO cookie all still work.
    expect((await getUser(here.tok.access_token)).statusCode).toBe(200);
    const renewed = await refresh(here.tok.refresh_token);
    expect(renewed.statusCode).toBe(200);
    expect(await follow((await authorize('library-admin', here.jar)).location, here.jar)).toContain('/library/callback?code=');
    // Another account is untouched.
    expect((await getUser(bob.tok.access_token)).statusCode).toBe(200);

    expect((await change(renewed.json().data.access_token, 'abcdef', PASSWORD)).json()).toMatchObject({ code: 0 });
  });

  it('changes the password under the basic and strong rules', async () => {
    const tokenFor = async (account: string, ip: string) => {
      const s = await signIn(account, 'library-admin', ip);
      return (await tokenByCode(s.code, s.verifier)).json().data.access_token as string;
    };
    const change = (token: string, body: Record<string, string>, lang = 'zh-CN') =>
      t.app.inject({ method: 'POST', url: '/micro/basic/open/user/updatePassword', payload: body, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

    const alice = await tokenFor('alice', '10.6.0.1');
    const mismatch = await change(alice, { OldPassword: PASSWORD, NewPassword: 'abcdef', ConfirmPassword: 'abcdeg' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('两次输入的密码不一致');
    const wrongOld = await change(alice, { OldPassword: 'nope', NewPassword: 'abcdef', ConfirmPassword: 'abcdef' }, 'en-US');
    expect(wrongOld.json()).toMatchObject({ success: false, message: 'The old password is incorrect' });
    const tooShort = await change(alice, { OldPassword: PASSWORD, NewPassword: 'abc', ConfirmPassword: 'abc' });
    expect(tooShort.json().message).toBe('密码长度不能少于 6 位');
    // Basic school: six characters are enough.
    expect((await change(alice, { OldPassword: PASSWORD, NewPassword: 'abcdef', ConfirmPassword: 'abcdef' })).json()).toMatchObject({ code: 0 });
    expect((await change(alice, { OldPassword: 'abcdef', NewPassword: PASSWORD, ConfirmPassword: PASSWORD })).json()).toMatchObject({ code: 0 });

    // Strong school: more than 8 characters and three classes.
    const bob = await tokenFor('bob', '10.6.0.2');
    const weak = await change(bob, { OldPassword: PASSWORD, NewPassword: 'abcdefgh1', ConfirmPassword: 'abcdefgh1' });
    expect(weak.json().message).toContain('多于 8 位');
    expect((await change(bob, { OldPassword: PASSWORD, NewPassword: 'Abcdefgh1', ConfirmPassword: 'Abcdefgh1' })).json()).toMatchObject({ code: 0 });
    const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', t.ids.bob).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
  });

  it('issues client-credentials tokens and refuses a bad secret', async () => {
    const form = (secret: string) =>
      t.app.inject({
        method: 'POST', url: '/oauth2/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded', schoolid: String(t.ids.schoolB) },
        payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'library-service', client_secret: secret, scope: 'library' }).toString(),
      });
    const ok = await form('test-library-service-secret');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', scope: 'library', expires_in: expect.any(Number) });
    const p = await t.app.tokens.verify(ok.json().access_token);
    expect(p).toMatchObject({ kind: 'client', userId: null, schoolId: t.ids.schoolB, clientId: 'library-service', scopes: ['library'] });

    const bad = await form('wrong');
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_client' });
    expect(await t.app.tokens.verify('not-a-token')).toBeNull();
  });
});

describe('restart', () => {
  it('keeps sessions, refresh tokens and signing keys across a restart', async () => {
    const s = await signIn('alice', 'library-admin', '10.7.0.1');
    const tok = (await tokenByCode(s.code, s.verifier)).json().data;
    const dataDir = t.dataDir;
    await t.close(true);
    t = await buildSsoTestApp({ dataDir });
    expect(await t.app.tokens.verify(tok.access_token)).toMatchObject({ userId: t.ids.alice });
    const r = await refresh(tok.refresh_token);
    expect(r.statusCode).toBe(200);
    // Still signed in at the SSO: the browser session cookie survived too.
    const again = await authorize('library-admin', s.jar);
    expect(await follow(again.location, s.jar)).toContain('/library/callback?code=');
  });
});

describe('test hook', () => {
  it('is absent without testHooks', async () => {
    const prod = await buildSsoTestApp({ testHooks: false });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/micro/test/captcha-answer?CaptchaID=x' });
      expect(res.statusCode).toBe(404);
      // And the service secret is not the fixed test one.
      const cc = await prod.app.inject({
        method: 'POST', url: '/oauth2/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials&client_id=library-service&client_secret=test-library-service-secret',
      });
      expect(cc.json().error).toBe('invalid_client');
    } finally {
      await prod.close();
    }
  });
});
