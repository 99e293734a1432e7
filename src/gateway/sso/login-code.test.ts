import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeIn, readMail, type ReadMail } from '../testing/mail-reader.ts';
import { ssoBrowser } from '../testing/sso-browser.ts';
import { LOGIN_CODE_MAX_TRIES, LOGIN_CODE_TTL_SECONDS, LoginCodeStore } from './login-code-store.ts';
import { SIGN_IN_LIMITS } from './sso-service.ts';
import { buildSsoTestApp, PASSWORD, type SsoTestApp } from './test-harness.ts';

// The e-mailed one-time code, the accessible alternative to the slider, through a real SMTP
// server (smtp-server, in-process, with authentication) receiving what nodemailer sends.

const LIB = '/micro/library/web1.0';
const ALICE_MAIL = 'alice@scha.example';
const CAROL_MAIL = 'carol@scha.example';
const ZH_SENT = '若该账号登记了邮箱，验证码已发送，请查收邮件（10 分钟内有效）';
const ZH_WRONG = '账号或密码错误';

interface Received extends ReadMail {
  rcpt: string[];
  user: unknown;
}

let smtp: SMTPServer;
const inbox: Received[] = [];
let t: SsoTestApp;
let sso: ReturnType<typeof ssoBrowser>;

beforeAll(async () => {
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'mailer' && auth.password === 'p@ss word') cb(null, { user: 'mailer' });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        inbox.push({ ...readMail(Buffer.concat(chunks).toString('utf8')), rcpt: session.envelope.rcptTo.map((r) => r.address), user: session.user });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildSsoTestApp({
    mail: { smtpUrl: `smtp://mailer:${encodeURIComponent('p@ss word')}@127.0.0.1:${port}`, from: '"学校图书馆 School Library" <library@scha.example>' },
  });
  await t.db.updateTable('users').set({ email: ALICE_MAIL }).where('id', '=', t.ids.alice).execute();
  await t.db.updateTable('users').set({ email: CAROL_MAIL }).where('id', '=', t.ids.carol).execute();
  sso = ssoBrowser(t.app);
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});
beforeEach(() => {
  t.app.sso.resetLimits();
});

const sendCode = (uid: string, account: string, opts: { ip?: string; lang?: string } = {}) =>
  t.app.inject({
    method: 'POST', url: `${LIB}/Home/SendLoginCode`, remoteAddress: opts.ip ?? '10.9.0.1',
    headers: { 'accept-language': opts.lang ?? 'zh-CN' }, payload: { Account: account, InteractionID: uid },
  });

const loginWithCode = (uid: string, account: string, code: string, opts: { password?: string; ip?: string; lang?: string } = {}) =>
  t.app.inject({
    method: 'POST', url: `${LIB}/Home/Login`, remoteAddress: opts.ip ?? '10.9.0.1',
    headers: { 'accept-language': opts.lang ?? 'zh-CN' },
    payload: { Account: account, Password: opts.password ?? PASSWORD, EmailCode: code, InteractionID: uid },
  });

/** Waits for the next message to `to` that arrives after `seen` messages. */
async function mailTo(to: string, seen: number): Promise<Received> {
  for (let i = 0; i < 200; i++) {
    const found = inbox.slice(seen).find((m) => m.rcpt.includes(to));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no mail to ${to}`);
}

/** Authorize, ask for a code for alice, read it from the received mail. */
async function codeForAlice(ip = '10.9.0.1') {
  const s = await sso.authorize();
  const seen = inbox.length;
  const res = await sendCode(s.uid, 'alice', { ip });
  expect(res.statusCode).toBe(200);
  const mail = await mailTo(ALICE_MAIL, seen);
  return { ...s, mail, code: codeIn(mail.text)! };
}

describe('sign-in with an e-mailed code', () => {
  it('mails a bilingual code through SMTP that signs in once', async () => {
    const s = await codeForAlice();
    expect(s.code).toMatch(/^\d{6}$/);
    expect(s.mail.user).toBe('mailer'); // the URL's credentials authenticated
    expect(s.mail.from).toContain('library@scha.example');
    expect(s.mail.subject).toBe('学校图书馆登录验证码 / School Library sign-in code');
    // zh-CN first, then en-US; what the code is for and how long it lasts.
    const zh = s.mail.text.indexOf('本次登录的邮箱验证码是');
    const en = s.mail.text.indexOf('The e-mail code for this sign-in is');
    expect(zh).toBeGreaterThanOrEqual(0);
    expect(en).toBeGreaterThan(zh);
    expect(s.mail.text).toContain('10 分钟内有效');
    expect(s.mail.text).toContain('valid for 10 minutes');
    expect(s.mail.text).toContain('alice');
    expect(s.mail.text).toContain('第一中学');
    expect(s.mail.text).toContain('第一中学 (en)');

    const ok = await loginWithCode(s.uid, 'alice', s.code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ code: 0, data: { Redirect: expect.stringContaining(`/sso/auth/${s.uid}`) } });
    // One-time: the same code again (the interaction still open) is refused.
    const again = await loginWithCode(s.uid, 'alice', s.code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, message: ZH_WRONG });

    // The sign-in completes like the slider's: code at the callback, tokens for alice.
    const cb = new URL(await sso.follow(ok.json().data.Redirect, s.jar));
    expect(cb.pathname).toBe('/library/callback');
    const tok = (await sso.tokenByCode(cb.searchParams.get('code') ?? '', s.verifier)).json().data;
    expect(await t.app.tokens.verify(tok.access_token)).toMatchObject({ userId: t.ids.alice });
  });

  it('answers the same for unknown accounts, accounts without e-mail and disabled ones, and mails nothing', async () => {
    const s = await sso.authorize();
    const seen = inbox.length;
    const replies = [];
    for (const account of ['nobody', 'bob', 'carol']) {
      const res = await sendCode(s.uid, account);
      expect(res.statusCode).toBe(200);
      replies.push(res.json());
    }
    const alice = await sendCode(s.uid, 'alice');
    expect(alice.json()).toEqual(replies[0]);
    expect(replies[1]).toEqual(replies[0]);
    expect(replies[2]).toEqual(replies[0]);
    expect(replies[0]).toEqual({ code: 0, success: true, message: expect.any(String), data: { Notice: ZH_SENT, ResendIn: 60, ExpiresIn: 600 } });
    const en = await sendCode(s.uid, 'someone-else', { lang: 'en-US' });
    expect(en.json().data.Notice).toBe('If this account has a registered e-mail, a code has been sent to it (valid for 10 minutes)');

    await mailTo(ALICE_MAIL, seen);
    // Give any stray delivery time to land, then: alice's is the only message.
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.slice(seen).map((m) => m.rcpt)).toEqual([[ALICE_MAIL]]);
    // And no code exists for them: a guess signs nobody in.
    expect((await loginWithCode(s.uid, 'carol', '123456')).json()).toMatchObject({ success: false, message: ZH_WRONG });
  });

  it('says "account or password wrong" for a wrong code or password, and voids the code after 5 failures', async () => {
    const s = await codeForAlice();
    const wrong = String((Number(s.code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < LOGIN_CODE_MAX_TRIES - 1; i++) {
      const res = await loginWithCode(s.uid, 'alice', wrong, { lang: i === 0 ? 'en-US' : 'zh-CN' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(i === 0 ? 'Account or password wrong' : ZH_WRONG);
    }
    // The right code with a wrong password: the same message, and the fifth failure.
    const badPassword = await loginWithCode(s.uid, 'alice', s.code, { password: 'not-the-password' });
    expect(badPassword.json()).toMatchObject({ success: false, message: ZH_WRONG });
    // Void now, even with everything right.
    const after = await loginWithCode(s.uid, 'alice', s.code);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(ZH_WRONG);
  });

  it('keeps the code after a mistyped password (one try counted)', async () => {
    const s = await codeForAlice();
    expect((await loginWithCode(s.uid, 'alice', s.code, { password: 'typo' })).statusCode).toBe(409);
    expect((await loginWithCode(s.uid, 'alice', s.code)).json()).toMatchObject({ code: 0 });
  });

  it('expires after 10 minutes', async () => {
    const s = await codeForAlice();
    const store = t.app.sso.codes as unknown as { map: Map<string, { expiresAt: number }> };
    for (const entry of store.map.values()) entry.expiresAt = Date.now() - 1;
    const res = await loginWithCode(s.uid, 'alice', s.code);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(ZH_WRONG);
  });

  it('is bound to its interaction and its account', async () => {
    const s = await codeForAlice();
    const other = await sso.authorize();
    // Another sign-in attempt (another browser, say) cannot use it.
    expect((await loginWithCode(other.uid, 'alice', s.code)).json()).toMatchObject({ success: false, message: ZH_WRONG });
    // Nor another account in the same attempt (bob has the same password).
    expect((await loginWithCode(s.uid, 'bob', s.code)).json()).toMatchObject({ success: false, message: ZH_WRONG });
    // A newer code replaces the older one.
    t.app.sso.limits.codeAccountMinute.reset();
    const seen = inbox.length;
    await sendCode(s.uid, 'alice');
    const newer = codeIn((await mailTo(ALICE_MAIL, seen)).text)!;
    if (newer !== s.code) expect((await loginWithCode(s.uid, 'alice', s.code)).json().success).toBe(false);
    expect((await loginWithCode(s.uid, 'alice', newer)).json()).toMatchObject({ code: 0 });
  });

  it('rate-limits sending per account (1 a minute, 5 an hour) and per address, the same for unknown accounts', async () => {
    const s = await sso.authorize();
    for (const account of ['alice', 'nobody']) {
      expect((await sendCode(s.uid, account)).statusCode).toBe(200);
      const soon = await sendCode(s.uid, account.toUpperCase());
      expect(soon.statusCode).toBe(429);
      expect(soon.json()).toMatchObject({ success: false, message: '验证码已发送，请 60 秒后再重新获取' });
    }
    // The hour: five in all per account, the minute's window passing between them.
    for (let i = 1; i < SIGN_IN_LIMITS.codesPerAccountHour; i++) {
      t.app.sso.limits.codeAccountMinute.reset();
      expect((await sendCode(s.uid, 'nobody')).statusCode).toBe(200);
    }
    t.app.sso.limits.codeAccountMinute.reset();
    const hour = await sendCode(s.uid, 'nobody', { lang: 'en-US' });
    expect(hour.statusCode).toBe(429);
    expect(hour.json().message).toBe('Too many codes requested, please try again later');

    // Per address, whatever the accounts.
    t.app.sso.resetLimits();
    for (let i = 0; i < SIGN_IN_LIMITS.codesPerIpHour; i++) expect((await sendCode(s.uid, `user${i}`, { ip: '10.9.9.9' })).statusCode).toBe(200);
    expect((await sendCode(s.uid, 'user-next', { ip: '10.9.9.9' })).statusCode).toBe(429);
    expect((await sendCode(s.uid, 'user-next', { ip: '10.9.9.10' })).statusCode).toBe(200);
  });

  it('counts failed code sign-ins in the per-account failure limit', async () => {
    const s = await sso.authorize();
    for (let i = 0; i < SIGN_IN_LIMITS.failuresPerAccount; i++) {
      expect((await loginWithCode(s.uid, 'alice', '000000', { ip: `10.9.1.${i}` })).statusCode).toBe(409);
    }
    expect((await loginWithCode(s.uid, 'alice', '000000', { ip: '10.9.2.1' })).statusCode).toBe(429);
  });

  it('refuses an unknown sign-in attempt, and asks for exactly one of slider and code', async () => {
    const gone = await sendCode('no-such-interaction', 'alice');
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe('登录会话已过期，请返回应用重新登录');

    const s = await sso.authorize();
    const post = (extra: Record<string, unknown>, lang = 'zh-CN') =>
      t.app.inject({
        method: 'POST', url: `${LIB}/Home/Login`, headers: { 'accept-language': lang },
        payload: { Account: 'alice', Password: PASSWORD, InteractionID: s.uid, ...extra },
      });
    const neither = await post({});
    expect(neither.statusCode).toBe(400);
    expect(neither.json().message).toBe('请完成滑块验证或填写邮箱验证码（二选一）');
    expect((await post({ EmailCode: '123456', CaptchaID: 'x', CaptchaX: 3 })).statusCode).toBe(400);
    const half = await post({ CaptchaID: 'x' }, 'en-US');
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe('Please complete the slider check');
    const format = await post({ EmailCode: '12ab56' }, 'en-US');
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe('The e-mail code is 6 digits');
    // The slider path is unchanged.
    expect((await sso.login(s.uid, 'alice', PASSWORD)).json()).toMatchObject({ code: 0 });
  });
});

describe('the sign-in page', () => {
  it('offers the code before the slider, with labels and live regions, in both languages', async () => {
    const s = await sso.authorize();
    for (const [lang, useCode, other] of [['zh-CN', '拼图有困难？改用邮箱验证码', 'en-US'], ['en-US', "Can&#39;t use the puzzle? Get a code by e-mail", 'zh-CN']] as const) {
      const page = (await t.app.inject({ method: 'GET', url: `/sso/interaction/${s.uid}?lang=${lang}` })).body;
      expect(page).toContain(`<html lang="${lang}">`);
      expect(page).toContain(useCode);
      // In tab order the alternative comes before the slider's handle.
      expect(page.indexOf('id="use-code"')).toBeGreaterThan(0);
      expect(page.indexOf('id="use-code"')).toBeLessThan(page.indexOf('id="handle"'));
      for (const field of ['account', 'password', 'email-code']) expect(page).toMatch(new RegExp(`<label for="${field}">[^<]+</label>`));
      expect(page).toMatch(/id="stage" role="img" aria-label="[^"]+"/);
      expect(page).toContain('id="message" role="alert"');
      expect(page).toContain('id="status" role="status"');
      expect(page).toContain(`lang="${other}" hreflang="${other}"`);
    }
  });
});

describe('without SMTP', () => {
  it('writes the mail to the outbox in the data folder, and the code signs in', async () => {
    const local = await buildSsoTestApp();
    try {
      await local.db.updateTable('users').set({ email: ALICE_MAIL }).where('id', '=', local.ids.alice).execute();
      const b = ssoBrowser(local.app);
      const s = await b.authorize();
      const outbox = join(local.dataDir, 'outbox');
      expect(local.app.sso.mailer.target).toBe(outbox);
      const res = await local.app.inject({ method: 'POST', url: `${LIB}/Home/SendLoginCode`, payload: { Account: 'alice', InteractionID: s.uid } });
      expect(res.json()).toMatchObject({ code: 0, data: { Notice: ZH_SENT } });
      let files: string[] = [];
      for (let i = 0; i < 200 && files.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 25));
        try {
          files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
        } catch {
          files = [];
        }
      }
      expect(files).toHaveLength(1);
      const mail = readMail(readFileSync(join(outbox, files[0]!), 'utf8'));
      expect(mail.to).toBe(ALICE_MAIL);
      expect(mail.subject).toContain('学校图书馆登录验证码');
      const code = codeIn(mail.text)!;
      const ok = await local.app.inject({
        method: 'POST', url: `${LIB}/Home/Login`, payload: { Account: 'alice', Password: PASSWORD, EmailCode: code, InteractionID: s.uid },
      });
      expect(ok.json()).toMatchObject({ code: 0 });
    } finally {
      await local.close();
    }
  });

  it('gives the same reply when the SMTP relay is down', async () => {
    const down = await buildSsoTestApp({ mail: { smtpUrl: 'smtp://127.0.0.1:1', from: 'library@scha.example' } });
    try {
      await down.db.updateTable('users').set({ email: ALICE_MAIL }).where('id', '=', down.ids.alice).execute();
      const s = await ssoBrowser(down.app).authorize();
      const res = await down.app.inject({ method: 'POST', url: `${LIB}/Home/SendLoginCode`, payload: { Account: 'alice', InteractionID: s.uid } });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.Notice).toBe(ZH_SENT);
    } finally {
      await down.close();
    }
  });
});

describe('LoginCodeStore', () => {
  it('issues random six-digit codes, valid ten minutes, one-time, void after five failures', () => {
    let now = 1_000_000;
    const store = new LoginCodeStore(() => now);
    const codes = new Set(Array.from({ length: 50 }, () => store.issue('i', 'a', 1).code));
    expect([...codes].every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(codes.size).toBeGreaterThan(45);

    const { code } = store.issue('i', 'a', 1);
    now += LOGIN_CODE_TTL_SECONDS * 1000;
    const ok = store.take('i', 'a', code);
    expect(ok).toMatchObject({ status: 'ok', userId: 1 });
    expect(store.take('i', 'a', code).status).toBe('missing');

    const late = store.issue('i', 'a', 1).code;
    now += LOGIN_CODE_TTL_SECONDS * 1000 + 1;
    expect(store.take('i', 'a', late).status).toBe('expired');

    const c = store.issue('i', 'b', 2).code;
    const wrong = c === '000000' ? '000001' : '000000';
    for (let i = 0; i < LOGIN_CODE_MAX_TRIES - 1; i++) expect(store.take('i', 'b', wrong).status).toBe('wrong');
    const taken = store.take('i', 'b', c);
    expect(taken.status).toBe('ok');
    if (taken.status === 'ok') taken.giveBack(); // the password failed: the fifth failure
    expect(store.take('i', 'b', c).status).toBe('missing');
    // Only the plain code's HMAC is kept.
    const kept = [...(store as unknown as { map: Map<string, object> }).map.values()];
    expect(JSON.stringify(kept)).not.toContain(c);
  });
});
