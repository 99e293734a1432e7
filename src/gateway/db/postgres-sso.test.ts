import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSsoTestApp, PASSWORD, type SsoTestApp } from '../sso/test-harness.ts';
import { ssoBrowser, type TokenSet } from '../testing/sso-browser.ts';
import { createPgTestDatabase, PG_TEST_URL, pgSkipReason, type PgTestDatabase } from '../testing/pg-test-db.ts';

// The SSO (oidc-provider storing sessions, codes and tokens through the Kysely adapter) on PostgreSQL.
if (pgSkipReason) console.info(pgSkipReason);

let pgdb: PgTestDatabase;
let t: SsoTestApp;

beforeAll(async () => {
  if (!PG_TEST_URL) return;
  pgdb = await createPgTestDatabase();
  t = await buildSsoTestApp({ testHooks: true, db: pgdb.db });
});

afterAll(async () => {
  await t?.close();
  await pgdb?.drop();
});

describe.skipIf(!PG_TEST_URL)('SSO on PostgreSQL', () => {
  it('signs in (captcha via the test hook), rotates refresh tokens, ends the session', async () => {
    expect(t.app.dbHandle.kind).toBe('postgres');
    const b = ssoBrowser(t.app);
    const s = await b.signIn('alice', PASSWORD);
    const res = await b.tokenByCode(s.code, s.verifier);
    expect(res.statusCode).toBe(200);
    const first = res.json().data as TokenSet;
    expect(first).toMatchObject({ access_token: expect.any(String), refresh_token: expect.any(String), id_token: expect.any(String) });
    expect(await t.app.tokens.verify(first.access_token)).toMatchObject({ kind: 'user', userId: t.ids.alice, schoolId: t.ids.schoolA });
    // Rotation: a new refresh token each time; the old one works once more within the grace.
    const r1 = await b.refresh(first.refresh_token);
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data as TokenSet;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await t.app.tokens.verify(second.access_token)).toMatchObject({ userId: t.ids.alice });
    expect((await b.refresh(first.refresh_token)).statusCode).toBe(200);
    // A third use of the old token is a replay: the whole grant is revoked.
    expect((await b.refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await b.refresh(second.refresh_token)).statusCode).toBe(401);

    // A fresh sign-in in the same browser needs no password (SSO session), then EndSession.
    const again = await b.authorize(s.jar);
    const cb = new URL(await b.follow(again.location, s.jar));
    expect(cb.pathname).toBe('/library/callback');
    const tok = (await b.tokenByCode(cb.searchParams.get('code')!, again.verifier)).json().data as TokenSet;
    const end = await b.endSession(tok.access_token);
    expect(end.statusCode).toBe(200);
    expect(new URL(end.json().data.Url).pathname).toBe('/sso/session/end');
    expect(await t.app.tokens.verify(tok.access_token)).toBe('signed-out');
    const after = await b.endSession(tok.access_token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe(99997);
    expect((await b.refresh(tok.refresh_token)).statusCode).toBe(401);
  });

  it('makes the code single-use: a replay fails and revokes what it issued', async () => {
    const b = ssoBrowser(t.app, '10.9.0.3');
    const s = await b.signIn('alice', PASSWORD);
    const tok = (await b.tokenByCode(s.code, s.verifier)).json().data as TokenSet;
    // consumed_at is a bigint column: pg's int8 comes back as a number, as on SQLite.
    expect((await b.tokenByCode(s.code, s.verifier)).statusCode).toBe(400);
    expect((await b.refresh(tok.refresh_token)).statusCode).toBe(401);
  });

  it('refuses a wrong password and a disabled account with the same message', async () => {
    const b = ssoBrowser(t.app, '10.9.0.1');
    const wrong = await b.login((await b.authorize()).uid, 'alice', 'nope-Nope-1');
    const disabled = await b.login((await b.authorize()).uid, 'carol', PASSWORD);
    expect(wrong.json().code).not.toBe(0);
    expect(disabled.json().message).toBe(wrong.json().message);
  });

  it('keeps sessions and refresh tokens across a restart on the same database', async () => {
    const b = ssoBrowser(t.app, '10.9.0.2');
    const s = await b.signIn('bob', PASSWORD);
    const tok = (await b.tokenByCode(s.code, s.verifier)).json().data as TokenSet;
    await t.close(true);
    t = await buildSsoTestApp({ dataDir: t.dataDir, db: pgdb.db });
    expect(await t.app.tokens.verify(tok.access_token)).toMatchObject({ userId: t.ids.bob });
    expect((await ssoBrowser(t.app).refresh(tok.refresh_token)).statusCode).toBe(200);
  });
});
