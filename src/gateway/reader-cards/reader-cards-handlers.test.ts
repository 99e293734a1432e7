import { describe, expect, it } from 'vitest';
import { readerCardCalls } from '../../shared/api/reader-cards.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import { checkBorrow } from '../../shared/domain/borrowing/circulation-checks.ts';
import { group, NOW, reader, rules } from '../../shared/domain/borrowing/test-fixtures.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

let seq = 0;
async function freshReader(): Promise<number> {
  seq++;
  const res = await t.data(readerCalls.addReader, { Account: `card_${seq}`, Name: '王芳', ReaderID: `C${seq}`, Identity: 'student', Phone: '13912345678' }, 'admin');
  return res.ID as number;
}
const stored = (id: number) => t.db.selectFrom('users').select(['reader_id', 'status', 'deposit', 'expire_at']).where('id', '=', id).executeTakeFirstOrThrow();
const events = (id: number) => t.db.selectFrom('reader_card_events').selectAll().where('user_id', '=', id).orderBy('id').execute();

describe('reader card desk', () => {
  it('issues a card with a deposit and expiry, recording who and how much', async () => {
    const id = await freshReader();
    const res = await t.data(readerCardCalls.issue, { ID: id, CardNo: `NEW${id}`, Deposit: 50, ExpireAt: '2030-08-31' }, 'admin');
    expect(res).toMatchObject({ ReaderID: `NEW${id}`, Deposit: 50, Status: 'active', ExpireAt: '2030-08-31' });
    const [e] = await events(id);
    expect(e).toMatchObject({ action: 'issue', old_card_no: `C${seq}`, new_card_no: `NEW${id}`, deposit_before: 0, deposit_after: 50, operator_name: expect.stringMatching(/.+/) });
    const hist = await t.data(readerCardCalls.history, { ID: id }, 'admin');
    expect(hist).toMatchObject({ Total: 1, List: [{ Action: 'issue', NewCardNo: `NEW${id}`, DepositAfter: 50 }] });
  });

  it('reports a card lost so that it cannot borrow at the desk, then replaces it', async () => {
    const id = await freshReader();
    await t.call(readerCardCalls.issue, { ID: id, CardNo: `L${id}`, Deposit: 100 }, 'admin');
    const lost = await t.data(readerCardCalls.reportLost, { ID: id }, 'admin');
    expect(lost.Status).toBe('lost');
    // The desk's rule reads the stored status: "physical card reported lost so cannot borrow".
    const s = await stored(id);
    const check = checkBorrow(reader({ CardStatus: s.status as 'lost' }), { ResourceTypeID: 'book' }, NOW, rules({ Groups: [group('g')] }));
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.reasons.map((r) => r.code)).toContain('cardLost');
    expect(await t.fail(readerCardCalls.reportLost, { ID: id }, 'admin', 'en-US')).toMatchObject({ success: false, message: 'This card is already reported lost' });
    expect((await t.fail(readerCardCalls.issue, { ID: id, CardNo: `L${id}b` }, 'admin')).message).toBe('该证已挂失，请办理补证');

    const same = await t.call(readerCardCalls.replace, { ID: id, CardNo: `L${id}` }, 'admin');
    expect(same.json().success).toBe(false);
    const rep = await t.data(readerCardCalls.replace, { ID: id, CardNo: `R${id}` }, 'admin');
    expect(rep).toMatchObject({ ReaderID: `R${id}`, Status: 'active', Deposit: 100 });
    expect((await events(id)).map((e) => [e.action, e.old_card_no, e.new_card_no])).toEqual([
      ['issue', `C${seq}`, `L${id}`], ['lost', `L${id}`, `L${id}`], ['replace', `L${id}`, `R${id}`],
    ]);
  });

  it('returns the deposit and closes the card; refused with open loans or no deposit', async () => {
    const id = await freshReader();
    await t.call(readerCardCalls.issue, { ID: id, CardNo: `D${id}`, Deposit: 30 }, 'admin');
    const ok = await t.data(readerCardCalls.returnDeposit, { ID: id }, 'admin');
    expect(ok).toMatchObject({ Deposit: 0, Status: 'disabled' });
    expect(await t.fail(readerCardCalls.returnDeposit, { ID: id }, 'admin')).toMatchObject({ success: false, message: '该读者没有可退的押金' });

    const borrower = await t.db.selectFrom('loans').innerJoin('users', 'users.id', 'loans.user_id')
      .select(['users.id', 'users.deposit']).where('loans.school_id', '=', 1).where('loans.returned_at', 'is', null).executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ deposit: 20 }).where('id', '=', borrower.id).execute();
    expect(await t.fail(readerCardCalls.returnDeposit, { ID: borrower.id }, 'admin')).toMatchObject({ success: false, message: '该读者尚有未还图书，不能退押金' });
    expect((await stored(borrower.id)).deposit).toBe(20);
    expect(await events(borrower.id)).toHaveLength(0);
  });

  it('refuses a card number in use, bad input, other schools and roles without the key', async () => {
    const id = await freshReader();
    const taken = await t.db.selectFrom('users').select('reader_id').where('school_id', '=', 1).where('id', '!=', id).executeTakeFirstOrThrow();
    expect((await t.fail(readerCardCalls.issue, { ID: id, CardNo: taken.reader_id }, 'admin')).status).toBe(409);
    expect((await t.fail(readerCardCalls.issue, { ID: id, CardNo: 'OK1', Deposit: -5 }, 'admin')).status).toBe(400);
    expect(await stored(id)).toMatchObject({ reader_id: `C${seq}`, deposit: 0 });
    expect(await events(id)).toHaveLength(0);

    const other = await t.db.selectFrom('users').select(['id', 'status']).where('school_id', '=', 2).executeTakeFirstOrThrow();
    for (const call of [readerCardCalls.reportLost, readerCardCalls.returnDeposit, readerCardCalls.history]) {
      expect((await t.fail(call, { ID: other.id }, 'admin')).status).toBe(404);
    }
    expect((await t.fail(readerCardCalls.replace, { ID: other.id, CardNo: 'Z9' }, 'admin')).status).toBe(404);
    expect((await stored(other.id)).status).toBe(other.status);

    for (const account of ['teacher', 'student']) {
      expect((await t.fail(readerCardCalls.issue, { ID: id, CardNo: 'P1' }, account)).status).toBe(403);
      expect((await t.fail(readerCardCalls.replace, { ID: id, CardNo: 'P1' }, account)).status).toBe(403);
      expect((await t.fail(readerCardCalls.reportLost, { ID: id }, account)).status).toBe(403);
      expect((await t.fail(readerCardCalls.returnDeposit, { ID: id }, account)).status).toBe(403);
      expect((await t.fail(readerCardCalls.history, { ID: id }, account)).status).toBe(403);
    }
    await t.data(readerCardCalls.reportLost, { ID: id }, 'librarian');
  });
});
