import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { bridgeCalls as C } from '../../shared/api/connect.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { makeBridgeTicket } from '../sso/bridge-ticket-maker.ts';
import { PG_TEST_URL, pgSkipReason } from '../testing/pg-test-db.ts';
import { redeemBridgeTicket } from '../sso/bridge-tickets.ts';
import type { SsoDb } from '../sso/sso-tables.ts';

if (!PG_TEST_URL) console.info(pgSkipReason);
const databases = [{ name: 'SQLite', postgres: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', postgres: true }] : [])];

describe.each(databases)('school platforms that may sign users in (Connect/*BridgePlatform*) on $name', ({ postgres }) => {
  const t = useTestGateway({ postgres });
  const pair = generateKeyPairSync('ed25519');
  const pem = pair.publicKey.export({ type: 'spki', format: 'pem' }).toString();

  it('registers a platform by its Ed25519 public key only, makes its id, and keeps each school to its own', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect((await t.fail(C.save, { Name: '平台', PublicKey: rsa }, 'admin', 'en-US')).message).toMatch(/not an Ed25519 public key/);
    const priv = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect((await t.fail(C.save, { Name: '平台', PublicKey: priv }, 'admin')).status).toBe(400);
    expect((await t.fail(C.save, { Name: '平台', PublicKey: '' }, 'admin', 'en-US')).message).toMatch(/paste the platform's public key/);

    const p = await t.data(C.save, { Name: '智慧校园', PublicKey: `\n${pem}\n` }, 'admin');
    expect(p).toMatchObject({ Name: '智慧校园', AllowStaff: false, Enabled: true, LastUsedAt: null, PublicKey: pem.trim() });
    expect(p.KeyID).toMatch(/^bp-[A-Za-z0-9]{12}$/);
    expect(p.Fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect((await t.fail(C.save, { Name: '智慧校园', PublicKey: pem }, 'admin')).status).toBe(409);

    const changed = await t.data(C.save, { ID: p.ID, Name: '智慧校园平台', PublicKey: pem, AllowStaff: true }, 'admin');
    expect(changed).toMatchObject({ ID: p.ID, KeyID: p.KeyID, AllowStaff: true });
    expect((await t.data(C.platforms, {}, 'admin')).map((x) => x.ID)).toEqual([p.ID]);
    // Another school sees none of it and cannot change or delete it; a teacher may not change it.
    expect(await t.data(C.platforms, {}, 'admin2')).toEqual([]);
    expect((await t.fail(C.save, { ID: p.ID, Name: 'x', PublicKey: pem }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.remove, { ID: p.ID }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.save, { Name: 'y', PublicKey: pem }, 'teacher')).status).toBe(403);

    // A ticket checked without being used up: twice the same answer.
    const school = await t.db.selectFrom('schools').innerJoin('users', 'users.school_id', 'schools.id').select('schools.code').where('users.account', '=', 'student').executeTakeFirstOrThrow();
    const tk = makeBridgeTicket(pair.privateKey, { iss: p.KeyID, aud: school.code, sub: 'student' });
    for (let i = 0; i < 2; i++) {
      expect(await t.data(C.check, { BridgeTicket: tk, App: 'portal' }, 'admin')).toMatchObject({ OK: true, Account: 'student', Platform: '智慧校园平台' });
    }
    expect(await t.data(C.check, { BridgeTicket: tk, App: 'staff' }, 'admin')).toMatchObject({ OK: true });
    expect(await t.data(C.check, { BridgeTicket: 'a.b.c', App: 'portal' }, 'admin')).toMatchObject({ OK: false, Reason: 'malformed' });
    // Another school's check learns nothing about this school's platform.
    expect(await t.data(C.check, { BridgeTicket: tk, App: 'portal' }, 'admin2')).toMatchObject({ OK: false, Reason: 'unknownPlatform' });

    // Used up once, on either database: the second redemption is refused.
    const db = t.db as unknown as SsoDb;
    expect(await redeemBridgeTicket(db, tk, 'portal')).toMatchObject({ ok: true, account: 'student' });
    expect(await redeemBridgeTicket(db, tk, 'portal')).toEqual({ ok: false, reason: 'used' });
    expect(await t.data(C.check, { BridgeTicket: tk, App: 'portal' }, 'admin')).toMatchObject({ OK: false, Reason: 'used' });
    expect((await t.data(C.platforms, {}, 'admin'))[0]!.LastUsedAt).not.toBeNull();

    await t.data(C.remove, { ID: p.ID }, 'admin');
    expect(await t.data(C.platforms, {}, 'admin')).toEqual([]);
    expect(await t.data(C.check, { BridgeTicket: tk, App: 'portal' }, 'admin')).toMatchObject({ OK: false, Reason: 'unknownPlatform' });
  });
});
