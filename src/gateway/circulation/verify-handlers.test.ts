import { describe, expect, it } from 'vitest';
import { circulationCalls as C } from '../../shared/api/circulation.ts';
import { circulationVerifyCalls as V, MAX_PIN_TRIES } from '../../shared/api/circulation-verify.ts';
import { hashPassword } from '../security/passwords.ts';
import { FAST_SCRYPT } from '../testing/test-app.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';
import { addStaff, freeCopies, freeReaders, groupFor, type FreeReader } from './desk-fixture.ts';

/** Gives readers a PIN directly (cheap scrypt; verifyPassword reads the parameters from the hash). */
async function setPin(t: ReturnType<typeof useTestGateway>, reader: FreeReader, pin: string) {
  const now = new Date().toISOString();
  await t.db.insertInto('borrow_pins').values({ user_id: reader.id, school_id: 1, pin_hash: await hashPassword(pin, FAST_SCRYPT), failed_count: 0, locked_until: null, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ pin_hash: (eb) => eb.ref('excluded.pin_hash'), failed_count: 0, locked_until: null })).execute();
}

function suite(postgres: boolean) {
  const t = useTestGateway({ postgres });
  const mode = (Mode: 'off' | 'password' | 'card' | 'either') => t.data(V.saveVerifySetting, { Mode }, 'admin');
  async function reader() {
    const [r] = await freeReaders(t, 1) as [FreeReader];
    await groupFor(t, [r], { MaxLoans: 10 });
    return r;
  }

  it('is off by default; the setting is the school\'s, saved with the borrowing settings operation', async () => {
    expect(await t.data(V.isNeedVerify, {}, 'student')).toEqual({ Mode: 'off', Required: false });
    await mode('either');
    expect(await t.data(V.isNeedVerify, {}, 'librarian')).toEqual({ Mode: 'either', Required: true });
    // School 2 is untouched.
    expect(await t.data(V.isNeedVerify, {}, 'admin2')).toEqual({ Mode: 'off', Required: false });
    expect((await t.fail(V.saveVerifySetting, { Mode: 'card' }, 'student')).status).toBe(403);
    expect((await t.fail(V.saveVerifySetting, { Mode: 'sometimes' }, 'admin')).status).toBe(400);
    await mode('off');
  });

  it('refuses a desk loan until the reader confirms, then lends for the visit (per desk user)', async () => {
    const r = await reader();
    const [a, b] = await freeCopies(t, 2);
    await setPin(t, r, '2468');
    await mode('password');
    const refused = await t.fail(C.literatureCirc, { UserID: r.id, Barcode: a!.barcode }, { as: 'librarian', lang: 'en-US' });
    expect(refused).toMatchObject({ status: 409, message: `Not lent: ${r.name} must confirm with their borrowing PIN or card first` });
    expect((refused.data as { Reasons: Array<{ Code: string }> }).Reasons[0]!.Code).toBe('verifyRequired');
    expect(await t.data(V.checkVerify, { UserID: r.id, Password: '1111' }, 'librarian')).toMatchObject({ Verified: false, Reason: 'wrongPassword', TriesLeft: MAX_PIN_TRIES - 1 });
    const ok = await t.data(V.checkVerify, { UserID: r.id, Password: '2468' }, 'librarian');
    expect(ok).toMatchObject({ Verified: true, Reason: '' });
    expect(Date.parse(ok.VerifiedUntil!)).toBeGreaterThan(Date.now() + 29 * 60_000);
    await t.data(C.literatureCirc, { UserID: r.id, Barcode: a!.barcode }, 'librarian');
    // Another desk user has not seen the reader: refused there.
    await addStaff(t, 'verifydesk', ['/surrency/borrow']);
    expect((await t.fail(C.literatureCirc, { UserID: r.id, Barcode: b!.barcode }, 'verifydesk')).status).toBe(409);
    // The right try reset the count: a new wrong one has 4 left again.
    expect(await t.data(V.checkVerify, { UserID: r.id, Password: '0000' }, 'verifydesk')).toMatchObject({ TriesLeft: MAX_PIN_TRIES - 1 });
    await mode('off');
  });

  it('locks the PIN for 15 minutes after 5 wrong tries, saying until when', async () => {
    const r = await reader();
    await setPin(t, r, '135790');
    await mode('either');
    for (let i = 1; i < MAX_PIN_TRIES; i++) {
      expect(await t.data(V.checkVerify, { UserID: r.id, Password: `00000${i}` }, 'librarian')).toMatchObject({ Reason: 'wrongPassword', TriesLeft: MAX_PIN_TRIES - i });
    }
    const locked = await t.data(V.checkVerify, { UserID: r.id, Password: '999999' }, 'librarian');
    expect(locked).toMatchObject({ Verified: false, Reason: 'locked', TriesLeft: 0 });
    const until = Date.parse(locked.LockedUntil!);
    expect(until).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(until).toBeLessThan(Date.now() + 16 * 60_000);
    // Even the right PIN waits; the card still works in "either" mode.
    expect(await t.data(V.checkVerify, { UserID: r.id, Password: '135790' }, 'librarian')).toMatchObject({ Reason: 'locked', LockedUntil: locked.LockedUntil });
    expect(await t.data(V.checkVerify, { UserID: r.id, CardNo: r.reader_id }, 'librarian')).toMatchObject({ Verified: true });
    await mode('off');
  });

  it('checks by card: the reader\'s own card, and only where the mode allows it', async () => {
    const r = await reader();
    await mode('card');
    expect(await t.data(V.checkVerify, { UserID: r.id, CardNo: 'R0000000000' }, 'librarian')).toMatchObject({ Verified: false, Reason: 'wrongCard' });
    expect(await t.data(V.checkVerify, { UserID: r.id, Password: '1234' }, 'librarian')).toMatchObject({ Verified: false, Reason: 'methodNotAllowed' });
    expect(await t.data(V.checkVerify, { UserID: r.id }, 'librarian')).toMatchObject({ Verified: false, Reason: 'nothingGiven' });
    expect(await t.data(V.checkVerify, { UserID: r.id, CardNo: r.reader_id.toLowerCase() }, 'librarian')).toMatchObject({ Verified: true });
    await mode('password');
    expect(await t.data(V.checkVerify, { UserID: r.id, CardNo: r.reader_id }, 'librarian')).toMatchObject({ Verified: false, Reason: 'methodNotAllowed' });
    expect(await t.data(V.checkVerify, { UserID: r.id, Password: '1234' }, 'librarian')).toMatchObject({ Verified: false, Reason: 'noPin' });
    await mode('off');
    expect(await t.data(V.checkVerify, { UserID: r.id }, 'librarian')).toMatchObject({ Verified: true });
  });

  it('is a desk call: a student gets 403, another school\'s reader is not found', async () => {
    const r = await reader();
    expect((await t.fail(V.checkVerify, { UserID: r.id, Password: '1234' }, 'student')).status).toBe(403);
    expect((await t.fail(V.checkVerify, { UserID: r.id, Password: '1234' }, 'admin2')).status).toBe(404);
    expect((await t.fail(V.checkVerify, { UserID: r.id, Password: 'a\u0007b' }, 'librarian')).status).toBe(400);
  });
}

describe('borrow verification on SQLite', () => suite(false));
describe.skipIf(!PG_TEST_URL)('borrow verification on PostgreSQL', () => suite(true));
