import { describe, expect, it } from 'vitest';
import { connectCalls as C } from '../../shared/api/connect.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import type { SsoDb } from '../sso/sso-tables.ts';

describe('connected apps (Connect/*)', () => {
  const t = useTestGateway();
  const now = Math.floor(Date.now() / 1000);
  const grant = async (id: string, account: string, clientId: string, iat: number) => {
    const u = await t.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
    await (t.db as unknown as SsoDb).insertInto('sso_models').values({
      model: 'Grant', id, payload: JSON.stringify({ accountId: String(u.id), clientId, iat, exp: now + 86_400, kind: 'Grant', jti: id }),
      expires_at: now + 86_400, grant_id: null, uid: null, user_code: null, consumed_at: null, grace_used: 0, revoked: 0,
    }).execute();
  };

  it('lists only the user’s own live sign-ins, this one first; revokes another, never this one or someone else’s', async () => {
    // The test gateway's tokens carry grant g-<account>.
    await grant('g-admin', 'admin', 'library-admin', now - 60);
    await grant('g-admin-phone', 'admin', 'library-portal', now - 3600);
    await grant('g-teacher', 'teacher', 'library-admin', now - 60);
    const apps = await t.data(C.apps, {}, 'admin');
    expect(apps.map((a) => [a.GrantID, a.Current])).toEqual([['g-admin', true], ['g-admin-phone', false]]);
    expect(apps[1]).toMatchObject({ ClientID: 'library-portal' });
    expect((await t.fail(C.revoke, { GrantID: 'g-admin' }, 'admin', 'en-US')).message).toMatch(/sign out/);
    expect((await t.fail(C.revoke, { GrantID: 'g-teacher' }, 'admin')).status).toBe(404);
    expect((await t.fail(C.revoke, { GrantID: 'made-up' }, 'admin')).status).toBe(404);
    expect((await t.fail(C.revoke, { GrantID: '' }, 'admin')).status).toBe(400);
    await t.data(C.revoke, { GrantID: 'g-admin-phone' }, 'admin');
    expect((await t.data(C.apps, {}, 'admin')).map((a) => a.GrantID)).toEqual(['g-admin']);
    // The teacher's sign-in is untouched; anonymous callers get nothing.
    expect((await t.data(C.apps, {}, 'teacher')).map((a) => a.GrantID)).toEqual(['g-teacher']);
    expect((await t.fail(C.apps, {}, null)).status).toBe(401);
  });
});
