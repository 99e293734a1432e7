import { describe, expect, it } from 'vitest';
import { readerCardCalls } from '../../shared/api/reader-cards.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import { maskName, normalizeName, PUBLIC_LIMITS } from './public-card-status.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

// The anonymous card check of /department/user-transferr: all three must match; nothing personal leaks.
const t = useTestGateway();
let addr = 0;
/** Each test asks from its own address so the per-address limit of one does not spill into another. */
const lookup = (input: Record<string, unknown>, opts: { ip?: string; lang?: string } = {}) =>
  t.app.inject({
    method: 'POST', url: readerCardCalls.publicStatus.path, payload: input,
    remoteAddress: opts.ip ?? `10.0.0.${++addr}`, headers: opts.lang ? { 'accept-language': opts.lang } : {},
  });

let seq = 0;
async function freshReader(extra: Record<string, unknown> = {}) {
  seq++;
  const res = await t.data(readerCalls.addReader, { Account: `pub_${seq}`, Name: '欧阳子轩', ReaderID: `P${seq}`, Identity: 'student', Phone: '13912345678', Email: 'kid@example.com', ExpireAt: '2031-08-31', ...extra }, 'admin');
  return res as { ID: number; ReaderID: string; Name: string };
}


describe('public card status', () => {
  it('answers a full match with the masked name, status, expiry and loan counts only', async () => {
    const r = await freshReader();
    const onLoan = t.db.selectFrom('loans').select('copy_id').where('returned_at', 'is', null);
    const copies = await t.db.selectFrom('copies').select('id').where('school_id', '=', 1).where('id', 'not in', onLoan).orderBy('id', 'desc').limit(2).execute();
    const day = 86_400_000;
    await t.db.insertInto('loans').values([
      { school_id: 1, copy_id: copies[0]!.id, user_id: r.ID, loaned_at: new Date(Date.now() - 40 * day).toISOString(), due_at: new Date(Date.now() - 10 * day).toISOString(), returned_at: null },
      { school_id: 1, copy_id: copies[1]!.id, user_id: r.ID, loaned_at: new Date().toISOString(), due_at: new Date(Date.now() + 20 * day).toISOString(), returned_at: null },
    ]).execute();
    const res = await lookup({ SchoolCode: 'bjsy01', CardNo: r.ReaderID, Name: ' 欧阳子轩 ' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({ MaskedName: '欧**轩', Status: 'active', ExpireAt: '2031-08-31', OpenLoans: 2, Overdue: 1 });
    // Nothing else: no phone, e-mail, class, id or account anywhere in the reply.
    const text = res.body;
    for (const secret of ['13912345678', '1391', 'kid@example.com', `pub_${seq}`, '欧阳子轩', String(r.ID)]) expect(text).not.toContain(secret);
  });

  it('shows lost, closed and past-expiry cards as such', async () => {
    const lost = await freshReader();
    await t.db.updateTable('users').set({ status: 'lost' }).where('id', '=', lost.ID).execute();
    expect((await lookup({ SchoolCode: 'BJSY01', CardNo: lost.ReaderID, Name: lost.Name })).json().data.Status).toBe('lost');
    const closed = await freshReader();
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', closed.ID).execute();
    expect((await lookup({ SchoolCode: 'BJSY01', CardNo: closed.ReaderID, Name: closed.Name })).json().data.Status).toBe('closed');
    const old = await freshReader({ ExpireAt: '2020-08-31' });
    expect((await lookup({ SchoolCode: 'BJSY01', CardNo: old.ReaderID, Name: old.Name })).json().data).toMatchObject({ Status: 'expired', ExpireAt: '2020-08-31' });
  });

  it('gives one generic message for a wrong name, card, school or another school\'s card', async () => {
    const r = await freshReader();
    const other = await t.db.selectFrom('users').select(['reader_id', 'name']).where('school_id', '=', 2).executeTakeFirstOrThrow();
    const tries = [
      { SchoolCode: 'BJSY01', CardNo: r.ReaderID, Name: '王芳' },
      { SchoolCode: 'BJSY01', CardNo: 'NOPE-1', Name: r.Name },
      { SchoolCode: 'NOSCHOOL', CardNo: r.ReaderID, Name: r.Name },
      // School 2's card with its true name, but under school 1's code.
      { SchoolCode: 'BJSY01', CardNo: other.reader_id, Name: other.name },
    ];
    const replies = await Promise.all(tries.map((input) => lookup(input)));
    for (const res of replies) {
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ code: 404, success: false, message: '没有找到匹配的读者证，请核对填写的信息', data: null });
    }
    const en = await lookup(tries[0]!, { lang: 'en-US' });
    expect(en.json().message).toBe('No matching reader card was found; please check what you entered');
    // The same card with its own school's code is found.
    expect((await lookup({ SchoolCode: 'SHYC02', CardNo: other.reader_id, Name: other.name })).json().success).toBe(true);
  });

  it('refuses bad input with the field messages', async () => {
    const res = await lookup({ SchoolCode: '', CardNo: 'X', Name: 'Y' });
    expect(res.statusCode).toBe(400);
  });

  it('locks a card after repeated failed matches, even for the right name, from any address', async () => {
    const r = await freshReader();
    for (let i = 0; i < PUBLIC_LIMITS.failedPerCard; i++) {
      expect((await lookup({ SchoolCode: 'BJSY01', CardNo: r.ReaderID, Name: `错${i}` })).json().code).toBe(404);
    }
    const locked = await lookup({ SchoolCode: 'BJSY01', CardNo: r.ReaderID, Name: r.Name });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ success: false, message: '查询过于频繁，请稍后再试' });
    expect((await lookup({ SchoolCode: 'BJSY01', CardNo: r.ReaderID, Name: r.Name }, { lang: 'en-US' })).json().message).toBe('Too many checks, please try again later');
    // Another card is unaffected.
    const r2 = await freshReader();
    expect((await lookup({ SchoolCode: 'BJSY01', CardNo: r2.ReaderID, Name: r2.Name })).json().success).toBe(true);
  });

  it('limits lookups per address, successful or not', async () => {
    const r = await freshReader();
    const ip = '192.0.2.7';
    for (let i = 0; i < PUBLIC_LIMITS.perAddress; i++) {
      expect((await lookup({ SchoolCode: 'BJSY01', CardNo: r.ReaderID, Name: r.Name }, { ip })).statusCode).toBe(200);
    }
    expect((await lookup({ SchoolCode: 'BJSY01', CardNo: r.ReaderID, Name: r.Name }, { ip })).statusCode).toBe(429);
    expect((await lookup({ SchoolCode: 'BJSY01', CardNo: r.ReaderID, Name: r.Name }, { ip: '192.0.2.8' })).statusCode).toBe(200);
  });

  it('masks and compares names', () => {
    expect([maskName('李明'), maskName('李子轩'), maskName('欧阳子轩'), maskName('Z'), maskName('John Smith')]).toEqual(['李*', '李*轩', '欧**轩', '*', 'J********h']);
    expect(normalizeName(' Li  Ming ')).toBe(normalizeName('liming'));
    expect(normalizeName('ＬＩ')).toBe('li');
  });
});
