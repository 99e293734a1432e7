import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { buildSsoTestApp, CookieJar, pathOf, pkcePair, PUBLIC_URL, type SsoTestApp } from './test-harness.ts';
import { makeBridgeTicket } from './bridge-ticket-maker.ts';
import { checkBridgeTicket, readBridgeTicket } from './bridge-tickets.ts';
import type { SsoDb } from './sso-tables.ts';

/**
 * Sign-in hand-off from a school platform (/bridge): a ticket signed with the platform's key signs
 * its user in through the ordinary authorization-code flow, once, within its time, for the app
 * the school allows; anything else is refused with the reason on the SSO's page.
 */
let t: SsoTestApp;
let key: KeyObject;
let otherKey: KeyObject;
let platform: { id: number; keyId: string };
const now = () => Math.floor(Date.now() / 1000);

beforeAll(async () => {
  t = await buildSsoTestApp({ testHooks: true });
  const pair = generateKeyPairSync('ed25519');
  key = pair.privateKey;
  otherKey = generateKeyPairSync('ed25519').privateKey;
  const at = new Date().toISOString();
  const row = await t.db.insertInto('bridge_platforms').values({
    school_id: t.ids.schoolA, name: '智慧校园', key_id: 'bp-test-1', public_key: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    created_at: at, updated_at: at,
  }).returning('id').executeTakeFirstOrThrow();
  platform = { id: row.id, keyId: 'bp-test-1' };
});
afterAll(async () => {
  await t?.close();
});

const ticket = (over: Partial<Parameters<typeof makeBridgeTicket>[1]> = {}, signer = key) =>
  makeBridgeTicket(signer, { iss: platform.keyId, aud: 'SCHA', sub: 'alice', ...over });

/** authorize with the ticket, then the interaction page: where the browser is sent, or the page. */
async function handOff(client: 'library-admin' | 'library-portal', bridgeTicket: string, jar = new CookieJar()) {
  const { verifier, challenge } = pkcePair();
  const redirect = client === 'library-admin' ? `${PUBLIC_URL}/library/callback` : `${PUBLIC_URL}/library/callbacksearch`;
  const q = new URLSearchParams({
    client_id: client, response_type: 'code', scope: 'openid profile offline_access', redirect_uri: redirect,
    code_challenge: challenge, code_challenge_method: 'S256', state: 'st-b', prompt: 'consent', bridge_ticket: bridgeTicket,
  });
  let res = await t.app.inject({ method: 'GET', url: `/sso/auth?${q}`, headers: { cookie: jar.header() } });
  for (let i = 0; i < 8 && (res.statusCode === 302 || res.statusCode === 303); i++) {
    jar.take(res);
    const next = new URL(String(res.headers.location), PUBLIC_URL);
    if (!next.pathname.startsWith('/sso')) return { landed: next, verifier, page: null, status: res.statusCode, jar };
    res = await t.app.inject({ method: 'GET', url: pathOf(next.href), headers: { cookie: jar.header(), 'accept-language': 'en-US' } });
  }
  return { landed: null, verifier, page: res.body, status: res.statusCode, jar };
}

const tokenOf = async (code: string, verifier: string) =>
  (await t.app.inject({ method: 'POST', url: '/micro/library/web1.0/WebPlat/GetTokenByCode', payload: { Code: code, CodeVerifier: verifier, RedirectUri: '/library/callback' } })).json().data;

describe('sign-in hand-off from a school platform', () => {
  it('signs a reader in to the portal with a valid ticket, once', async () => {
    const tk = ticket();
    const r = await handOff('library-portal', tk);
    expect(r.landed?.pathname).toBe('/library/callbacksearch');
    const code = r.landed!.searchParams.get('code')!;
    const ex = await t.app.inject({
      method: 'POST', url: '/micro/library/web1.0/sys/SchoolLoginToken',
      payload: { SchoolCode: 'SCHA', Code: code, RedirectUrl: '/library/callbacksearch', CodeVerifier: r.verifier },
    });
    expect(ex.json()).toMatchObject({ code: 0, data: { SchoolID: t.ids.schoolA } });
    expect(await t.app.tokens.verify(ex.json().data.access_token)).toMatchObject({ userId: t.ids.alice, clientId: 'library-portal' });
    const used = await t.db.selectFrom('bridge_platforms').select('last_used_at').where('id', '=', platform.id).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();

    // The same ticket again: refused, with the reason on the page.
    const again = await handOff('library-portal', tk);
    expect(again.landed).toBeNull();
    expect(again.status).toBe(403);
    expect(again.page).toContain('already been used');
  });

  it('signs in the ticket\'s user even where the browser is signed in as someone else', async () => {
    const first = await handOff('library-portal', ticket());
    expect(first.landed).not.toBeNull();
    // Carol is disabled: a fresh sign-in is forced, so the old SSO session (alice) is never reused.
    const second = await handOff('library-portal', ticket({ sub: 'carol' }), first.jar);
    expect(second.landed).toBeNull();
    expect(second.page).toContain('no active account');
  });

  it('lets staff into the staff app only where the school allows that platform to', async () => {
    const refused = await handOff('library-admin', ticket());
    expect(refused.status).toBe(403);
    expect(refused.page).toContain('may sign readers in to the search portal only');
    await t.db.updateTable('bridge_platforms').set({ allow_staff: 1 }).where('id', '=', platform.id).execute();
    try {
      const ok = await handOff('library-admin', ticket());
      expect(ok.landed?.pathname).toBe('/library/callback');
      const tok = await tokenOf(ok.landed!.searchParams.get('code')!, ok.verifier);
      expect(await t.app.tokens.verify(tok.access_token)).toMatchObject({ userId: t.ids.alice, clientId: 'library-admin' });
    } finally {
      await t.db.updateTable('bridge_platforms').set({ allow_staff: 0 }).where('id', '=', platform.id).execute();
    }
  });

  it('refuses forged, stale, foreign and malformed tickets with their reason', async () => {
    const db = t.db as unknown as SsoDb;
    const reason = async (tk: string, app: 'portal' | 'staff' = 'portal') => {
      const r = await checkBridgeTicket(db, tk, app);
      return r.ok ? 'ok' : r.reason;
    };
    expect(await reason(ticket())).toBe('ok');
    expect(await reason(ticket({}, otherKey))).toBe('badSignature');
    expect(await reason(ticket({ iss: 'bp-nobody' }))).toBe('unknownPlatform');
    expect(await reason(ticket({ aud: 'SCHB' }))).toBe('wrongSchool');
    expect(await reason(ticket({ sub: 'bob' }))).toBe('noAccount'); // bob is of school B
    expect(await reason(ticket({ sub: 'nobody' }))).toBe('noAccount');
    expect(await reason(ticket({ iat: now() - 400, exp: now() - 200 }))).toBe('expired');
    expect(await reason(ticket({ iat: now(), exp: now() + 3600 }))).toBe('expired'); // longer than 5 minutes
    expect(await reason(ticket({ iat: now() + 600, exp: now() + 700 }))).toBe('expired'); // from the future
    expect(await reason(ticket({ iat: now() - 30, exp: now() - 10 }))).toBe('ok'); // within the clock skew
    // alg none and HMAC are never accepted, whatever the rest says.
    const [, body, sig] = ticket().split('.');
    const none = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const hs = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');
    expect(await reason(`${none}.${body}.`)).toBe('malformed');
    expect(await reason(`${hs}.${body}.${sig}`)).toBe('malformed');
    expect(await reason('a.b')).toBe('malformed');
    expect(await reason('x'.repeat(3000))).toBe('malformed');
    expect(readBridgeTicket(`${ticket().slice(0, -4)}AAAA`)).not.toBeNull(); // shape fine, signature wrong:
    expect(await reason(`${ticket().slice(0, -4)}AAAA`)).toBe('badSignature');
    await t.db.updateTable('bridge_platforms').set({ enabled: 0 }).where('id', '=', platform.id).execute();
    expect(await reason(ticket())).toBe('unknownPlatform');
    await t.db.updateTable('bridge_platforms').set({ enabled: 1 }).where('id', '=', platform.id).execute();
  });

  it('shows the refusal in Chinese by default', async () => {
    const jar = new CookieJar();
    const { verifier: _v, challenge } = pkcePair();
    const q = new URLSearchParams({
      client_id: 'library-portal', response_type: 'code', scope: 'openid profile offline_access', redirect_uri: `${PUBLIC_URL}/library/callbacksearch`,
      code_challenge: challenge, code_challenge_method: 'S256', state: 's', bridge_ticket: ticket({}, otherKey),
    });
    const res = await t.app.inject({ method: 'GET', url: `/sso/auth?${q}` });
    jar.take(res);
    const page = await t.app.inject({ method: 'GET', url: pathOf(String(res.headers.location)), headers: { cookie: jar.header(), 'accept-language': 'zh-CN' } });
    expect(page.statusCode).toBe(403);
    expect(page.body).toContain('登录凭证的签名不正确');
  });
});
