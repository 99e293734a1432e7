import { describe, expect, it } from 'vitest';
import { guideCalls as G } from '../../shared/api/guide.ts';
import { circulationVerifyCalls as V, MAX_PIN_TRIES } from '../../shared/api/circulation-verify.ts';
import { hashPassword } from '../security/passwords.ts';
import { FAST_SCRYPT } from '../testing/test-app.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

/** A day far from midnight in any school's offset. */
const PAST_DUE = '2020-03-05T04:00:00.000Z';
const LATER_DUE = '2031-03-05T04:00:00.000Z';

describe('the kiosk card page (Guide/ReaderCard)', () => {
  const t = useTestGateway();
  const anon = { school: 1 };
  const mode = (Mode: 'off' | 'password' | 'card' | 'either') => t.data(V.saveVerifySetting, { Mode }, 'admin');
  const student = () => t.db.selectFrom('users').select(['id', 'reader_id', 'name', 'dept_id']).where('account', '=', 'student').executeTakeFirstOrThrow();
  async function setPin(userId: number, pin: string) {
    await t.db.deleteFrom('borrow_pins').where('user_id', '=', userId).execute();
    await t.db.insertInto('borrow_pins').values({ user_id: userId, school_id: 1, pin_hash: await hashPassword(pin, FAST_SCRYPT), failed_count: 0, locked_until: null, updated_at: new Date().toISOString() }).execute();
  }

  it('shows the reader their name, class, loans (overdue marked) and holds ready, for the scanned card', async () => {
    const s = await student();
    const copies = await t.db.selectFrom('copies as c').innerJoin('titles as ti', 'ti.id', 'c.title_id').select(['c.id', 'c.title_id', 'ti.title'])
      .where('c.school_id', '=', 1).where('c.circ_state', '=', 'available').where('c.storage_area', '=', 2).orderBy('c.id', 'desc').limit(3).execute();
    const [a, b, c] = copies as [typeof copies[0], typeof copies[0], typeof copies[0]];
    await t.db.deleteFrom('loans').where('user_id', '=', s.id).where('returned_at', 'is', null).execute();
    await t.db.insertInto('loans').values([
      { school_id: 1, copy_id: a.id, user_id: s.id, loaned_at: '2020-02-01T04:00:00.000Z', due_at: PAST_DUE, returned_at: null },
      { school_id: 1, copy_id: b.id, user_id: s.id, loaned_at: new Date().toISOString(), due_at: LATER_DUE, returned_at: null },
    ]).execute();
    await t.db.insertInto('holds').values({ school_id: 1, title_id: c.title_id, user_id: s.id, state: 'found', copy_id: c.id, placed_at: new Date().toISOString(), placed_by: null, found_at: new Date().toISOString(), expires_at: LATER_DUE, closed_at: null, closed_by: null, loan_id: null }).execute();
    const r = await t.data(G.readerCard, { CardNo: s.reader_id }, anon);
    expect(r.Name).toBe(s.name);
    expect(r.ClassName).toMatch(/班/);
    expect(r.Loans).toHaveLength(2);
    expect(r.Loans[0]).toMatchObject({ Title: a.title, DueDate: '2020-03-05' });
    expect(r.Loans[0]!.DaysOverdue).toBeGreaterThan(300);
    expect(r.Loans[1]).toMatchObject({ Title: b.title, DueDate: '2031-03-05', DaysOverdue: 0 });
    expect(r.HoldsReady).toEqual([expect.objectContaining({ Title: c.title, Until: '2031-03-05', BranchName: expect.any(String) })]);
    // Nothing beyond the card: no phone, e-mail, card number or ids.
    expect(Object.keys(r).sort()).toEqual(['ClassEnName', 'ClassName', 'HoldsReady', 'Loans', 'Name']);
    // Typed on the kiosk's keyboard (lower case) it is the same card.
    expect((await t.data(G.readerCard, { CardNo: s.reader_id.toLowerCase() }, anon)).Name).toBe(s.name);
  });

  it('refuses an unknown, blocked or other school\'s card with one message', async () => {
    const unknown = await t.fail(G.readerCard, { CardNo: 'R2099999999' }, anon, 'en-US');
    expect(unknown.status).toBe(409);
    expect(unknown.message).toMatch(/card number or PIN was not recognised/);
    // Card numbers are unique per school: one only school 1 has is unknown to school 2's kiosk.
    const only1 = await t.db.selectFrom('users').select('reader_id').where('school_id', '=', 1).where('status', '=', 'active').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await t.data(G.readerCard, { CardNo: only1.reader_id }, anon)).Name).toBeTruthy();
    const other = await t.fail(G.readerCard, { CardNo: only1.reader_id }, { school: 2 }, 'en-US');
    expect(other.message).toBe(unknown.message);
    const blocked = await t.db.selectFrom('users').select('reader_id').where('school_id', '=', 1).where('status', '=', 'lost').executeTakeFirstOrThrow();
    expect((await t.fail(G.readerCard, { CardNo: blocked.reader_id }, anon, 'en-US')).message).toBe(unknown.message);
  });

  it('asks for the PIN when the school verifies by PIN, and never says whether the card or the PIN was wrong', async () => {
    const s = await student();
    expect(await t.data(G.cardSettings, {}, anon)).toEqual({ PinRequired: false });
    await mode('password');
    try {
      expect(await t.data(G.cardSettings, {}, anon)).toEqual({ PinRequired: true });
      expect(await t.data(G.cardSettings, {}, { school: 2 })).toEqual({ PinRequired: false });
      await setPin(s.id, '2468');
      const noPin = await t.fail(G.readerCard, { CardNo: s.reader_id }, anon, 'en-US');
      const wrongPin = await t.fail(G.readerCard, { CardNo: s.reader_id, Pin: '1111' }, anon, 'en-US');
      const wrongCard = await t.fail(G.readerCard, { CardNo: 'R2099999999', Pin: '2468' }, anon, 'en-US');
      expect(new Set([noPin.message, wrongPin.message, wrongCard.message]).size).toBe(1);
      expect(noPin.data).toBeNull();
      // A wrong try counts towards the desk's lock.
      expect((await t.db.selectFrom('borrow_pins').select('failed_count').where('user_id', '=', s.id).executeTakeFirstOrThrow()).failed_count).toBe(1);
      expect((await t.data(G.readerCard, { CardNo: s.reader_id, Pin: '2468' }, anon)).Name).toBe(s.name);
      expect((await t.db.selectFrom('borrow_pins').select('failed_count').where('user_id', '=', s.id).executeTakeFirstOrThrow()).failed_count).toBe(0);
      // Locked after MAX_PIN_TRIES wrong ones: even the right PIN is refused, with the same message.
      for (let i = 0; i < MAX_PIN_TRIES; i++) await t.fail(G.readerCard, { CardNo: s.reader_id, Pin: '0000' }, anon);
      expect((await t.fail(G.readerCard, { CardNo: s.reader_id, Pin: '2468' }, anon, 'en-US')).message).toBe(noPin.message);
      // A reader without a PIN cannot open the page while the school asks for one.
      const other = await t.db.selectFrom('users').select('reader_id').where('account', '=', 'classlib').executeTakeFirstOrThrow();
      expect((await t.fail(G.readerCard, { CardNo: other.reader_id, Pin: '2468' }, anon, 'en-US')).message).toBe(noPin.message);
    } finally {
      await mode('off');
      await t.db.deleteFrom('borrow_pins').where('user_id', '=', s.id).execute();
    }
  });

  it('refuses bad input with a clear message, not an error page', async () => {
    expect((await t.fail(G.readerCard, {}, anon, 'en-US')).message).toMatch(/library card number/);
    expect((await t.fail(G.readerCard, { CardNo: "R1' or 1=1 --" }, anon)).status).toBe(400);
    expect((await t.fail(G.readerCard, { CardNo: 'x'.repeat(2000) }, anon)).status).toBe(400);
    expect((await t.fail(G.readerCard, { CardNo: 'R1', Pin: '1'.repeat(200) }, anon)).status).toBe(400);
  });

  it('is anonymous with the school header; the card page is under the sign-in rate limit', () => {
    expect(G.readerCard).toMatchObject({ auth: 'optional', rateLimit: 'login' });
    expect(G.cardSettings).toMatchObject({ auth: 'optional', rateLimit: 'public' });
  });
});

describe('the card page\'s rate limit', () => {
  const t = useTestGateway({ config: { rateLimit: { max: 1000, windowMs: 60_000, exemptLoopback: false }, loginRateLimit: { max: 3, windowMs: 60_000, exemptLoopback: false } } });
  it('holds one address to the sign-in limit', async () => {
    const ask = () => t.app.inject({ method: 'POST', url: G.readerCard.path, remoteAddress: '198.51.100.7', headers: { schoolid: '1' }, payload: { CardNo: 'R2099999999' } });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(409);
    expect((await ask()).statusCode).toBe(429);
  });
});
