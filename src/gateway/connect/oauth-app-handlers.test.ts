import { describe, expect, it } from 'vitest';
import { connectCalls, oauthAppCalls as C } from '../../shared/api/connect.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import type { SsoDb } from '../sso/sso-tables.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('third-party apps (Connect/*OAuthApp*) on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });

  it('registers an app with checked return addresses and scopes, per school; deleting it ends its connections', async () => {
    const base = { Name: '阅读打卡', RedirectUris: ['https://read.example.cn/cb'], Scopes: ['library.loans'] };
    expect((await t.fail(C.save, { ...base, RedirectUris: ['http://read.example.cn/cb'] }, 'admin', 'en-US')).message).toMatch(/must be https/);
    expect((await t.fail(C.save, { ...base, RedirectUris: ['https://read.example.cn/cb#x'] }, 'admin')).status).toBe(400);
    expect((await t.fail(C.save, { ...base, RedirectUris: [] }, 'admin', 'en-US')).message).toMatch(/at least one return address/);
    expect((await t.fail(C.save, { ...base, RedirectUris: Array.from({ length: 6 }, (_, i) => `https://a.cn/${i}`) }, 'admin')).status).toBe(400);
    expect((await t.fail(C.save, { ...base, Scopes: ['library.everything'] }, 'admin')).status).toBe(400);
    expect((await t.fail(C.save, { ...base, Scopes: [] }, 'admin', 'en-US')).message).toMatch(/at least one thing/);

    const app = await t.data(C.save, { ...base, RedirectUris: ['https://read.example.cn/cb', 'http://localhost:3000/cb', 'https://read.example.cn/cb'] }, 'admin');
    expect(app).toMatchObject({ Name: '阅读打卡', EnName: '', Scopes: ['library.loans'], Enabled: true, RedirectUris: ['https://read.example.cn/cb', 'http://localhost:3000/cb'] });
    expect(app.ClientID).toMatch(/^app-[A-Za-z0-9]{12}$/);
    expect((await t.fail(C.save, base, 'admin')).status).toBe(409);
    const changed = await t.data(C.save, { ...base, ID: app.ID, Scopes: ['library.loans', 'library.profile'], Enabled: false }, 'admin');
    expect(changed).toMatchObject({ ClientID: app.ClientID, Scopes: ['library.profile', 'library.loans'], Enabled: false });
    expect(await t.data(C.apps, {}, 'admin2')).toEqual([]);
    expect((await t.fail(C.remove, { ID: app.ID }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.save, base, 'teacher')).status).toBe(403);

    // A user's connection to the app: listed by name on /connect/unoauth, ended when the app goes.
    const admin = await t.db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow();
    const now = Math.floor(Date.now() / 1000);
    await (t.db as unknown as SsoDb).insertInto('sso_models').values({
      model: 'Grant', id: 'g-app', payload: JSON.stringify({ accountId: String(admin.id), clientId: app.ClientID, iat: now - 60, exp: now + 86_400, kind: 'Grant', jti: 'g-app' }),
      expires_at: now + 86_400, grant_id: null, uid: null, user_code: null, consumed_at: null, grace_used: 0, revoked: 0,
    }).execute();
    expect((await t.data(connectCalls.apps, {}, 'admin')).find((g) => g.GrantID === 'g-app')).toMatchObject({ AppName: '阅读打卡', ClientID: app.ClientID });
    await t.data(C.remove, { ID: app.ID }, 'admin');
    expect(await t.data(C.apps, {}, 'admin')).toEqual([]);
    expect((await t.data(connectCalls.apps, {}, 'admin')).map((g) => g.GrantID)).not.toContain('g-app');
  });
});
