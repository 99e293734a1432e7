import { describe, expect, it } from 'vitest';
import { authCalls } from '../../shared/api/auth.ts';
import { circulationCalls as D } from '../../shared/api/circulation.ts';
import { readerAccountCalls as C } from '../../shared/api/reader-account.ts';
import { recommendationCalls as R } from '../../shared/api/recommendations.ts';
import { searchAdminCalls as S } from '../../shared/api/search-admin.ts';
import { useTestGateway, type TestGateway } from '../testing/gateway-fixture.ts';
import { freeCopies, freeReaders, groupFor, type FreeReader } from '../circulation/desk-fixture.ts';

/** The account of a reader the fixture handed out (readers sign in with their own token). */
async function accountOf(t: TestGateway, r: FreeReader): Promise<string> {
  return (await t.db.selectFrom('users').select('account').where('id', '=', r.id).executeTakeFirstOrThrow()).account;
}

async function lend(t: TestGateway, r: FreeReader, n: number): Promise<Array<{ LoanID: number; Barcode: string }>> {
  const out = [];
  for (const c of await freeCopies(t, n)) {
    const res = await t.data(D.literatureCirc, { UserID: r.id, Barcode: c.barcode }, 'librarian');
    out.push({ LoanID: res.Loan.LoanID as number, Barcode: c.barcode });
  }
  return out;
}

describe('the reader\'s own account', () => {
  const t = useTestGateway();

  async function twoReaders(over: Record<string, unknown> = {}) {
    const [a, b] = await freeReaders(t, 2);
    await groupFor(t, [a!, b!], { MaxRenewals: 1, OverdueRenewal: 'block-item', ...over });
    return { a: a!, b: b!, asA: await accountOf(t, a!), asB: await accountOf(t, b!) };
  }

  it('lists only my loans, renews mine under the rules and refuses another reader\'s', async () => {
    const { a, b, asA, asB } = await twoReaders();
    const [mine] = await lend(t, a, 1);
    const [theirs] = await lend(t, b, 1);
    const list = await t.data(C.loans, {}, asA);
    expect(list.List.map((l) => l.LoanID)).toEqual([mine!.LoanID]);
    expect(list.List[0]).toMatchObject({ CanRenew: true, RenewBlockers: [], RenewCount: 0, Overdue: false });

    const renewed = await t.data(C.renew, { LoanID: mine!.LoanID }, asA);
    expect(renewed.Loan.RenewCount).toBe(1);
    expect(renewed.Loan.DueAt > renewed.PreviousDueAt).toBe(true);
    // MaxRenewals 1: the rule refuses the second, in the reader's language, and the list says why.
    const again = await t.fail(C.renew, { LoanID: mine!.LoanID }, { as: asA, lang: 'en-US' });
    expect(again.status).toBe(409);
    expect(again.message).toMatch(/renew/i);
    const after = await t.data(C.loans, {}, { as: asA, lang: 'en-US' });
    expect(after.List[0]!.CanRenew).toBe(false);
    expect(after.List[0]!.RenewBlockers.join(' ')).toMatch(/renew/i);

    // Another reader's loan is not found for me (and not renewed).
    expect((await t.fail(C.renew, { LoanID: theirs!.LoanID }, asA)).status).toBe(404);
    const untouched = await t.data(C.loans, {}, asB);
    expect(untouched.List[0]!.RenewCount).toBe(0);
  });

  it('an overdue loan is not renewed where the group blocks overdue items', async () => {
    const { a, asA } = await twoReaders({ OverdueRenewal: 'block-item' });
    const [loan] = await lend(t, a, 1);
    await t.db.updateTable('loans').set({ due_at: new Date(Date.now() - 5 * 86_400_000).toISOString() }).where('id', '=', loan!.LoanID).execute();
    const list = await t.data(C.loans, {}, asA);
    expect(list.List[0]).toMatchObject({ Overdue: true, CanRenew: false });
    expect(list.List[0]!.OverdueDays).toBeGreaterThanOrEqual(4);
    expect((await t.fail(C.renew, { LoanID: loan!.LoanID }, asA)).status).toBe(409);
    const summary = await t.data(C.summary, {}, asA);
    expect(summary).toMatchObject({ OnLoan: 1, Overdue: 1, UserID: a.id, ReaderID: a.reader_id });
  });

  it('history is mine, returned loans only, newest first, paged', async () => {
    const { a, b, asA } = await twoReaders();
    // The demo seed gave the reader a year of loans: count from what is there.
    const before = (await t.data(C.history, { Page: 1, Rows: 1 }, asA)).Total;
    const loans = await lend(t, a, 2);
    await lend(t, b, 1);
    for (const l of loans) await t.data(D.literatureReturn, { Barcode: l.Barcode }, 'librarian');
    const page1 = await t.data(C.history, { Page: 1, Rows: 1 }, asA);
    expect(page1.Total).toBe(before + 2);
    expect(page1.List.map((l) => l.LoanID)).toEqual([loans[1]!.LoanID]);
    expect(page1.List[0]!.ReturnedAt).not.toBeNull();
    const page2 = await t.data(C.history, { Page: 2, Rows: 1 }, asA);
    expect(page2.List.map((l) => l.LoanID)).toEqual([loans[0]!.LoanID]);
    const all = await t.data(C.history, { Page: 1, Rows: 50 }, asA);
    const own = new Set((await t.db.selectFrom('loans').select('id').where('user_id', '=', a.id).execute()).map((r) => r.id));
    expect(all.List.every((l) => own.has(l.LoanID) && l.ReturnedAt != null)).toBe(true);
    expect((await t.data(C.history, { Page: 99_999, Rows: 10 }, asA)).List).toEqual([]);
    expect((await t.fail(C.history, { Page: 0, Rows: 10 }, asA)).status).toBe(400);
    expect((await t.fail(C.history, { Page: 1, Rows: 500 }, asA)).status).toBe(400);
    expect((await t.data(C.summary, {}, asA)).History).toBe(before + 2);
  });

  it('places a hold on a title, lists it, cancels it; another reader can neither see nor cancel it', async () => {
    const { a, b, asA, asB } = await twoReaders();
    const [c] = await freeCopies(t, 1);
    const titleId = (await t.db.selectFrom('copies').select('title_id').where('barcode', '=', c!.barcode).executeTakeFirstOrThrow()).title_id;
    const hold = await t.data(C.placeHold, { TitleID: titleId }, asA);
    expect(hold).toMatchObject({ TitleID: titleId, State: 'notFound' });
    // The holds domain's rules: one open hold per title.
    expect((await t.fail(C.placeHold, { TitleID: titleId }, asA)).status).toBe(409);
    const mine = await t.data(C.holds, { Page: 1, Rows: 10 }, asA);
    expect(mine.List.map((h) => h.ID)).toEqual([hold.ID]);
    expect((await t.data(C.holds, { Page: 1, Rows: 10 }, asB)).List.map((h) => h.ID)).not.toContain(hold.ID);
    expect((await t.data(C.summary, {}, asA)).HoldsActive).toBe(1);

    expect((await t.fail(C.cancelHold, { HoldID: hold.ID }, asB)).status).toBe(404);
    const cancelled = await t.data(C.cancelHold, { HoldID: hold.ID }, asA);
    expect(cancelled.State).toBe('cancelled');
    expect((await t.fail(C.cancelHold, { HoldID: hold.ID }, asA)).status).toBe(409);
    // The copy bound to fetch for it is free again.
    expect((await t.db.selectFrom('copies').select('circ_state').where('barcode', '=', c!.barcode).executeTakeFirstOrThrow()).circ_state).toBe('available');

    // A title I have on loan, a title that does not exist, bad input.
    const [loan] = await lend(t, b, 1);
    const onLoanTitle = (await t.db.selectFrom('copies').select('title_id').where('barcode', '=', loan!.Barcode).executeTakeFirstOrThrow()).title_id;
    expect((await t.fail(C.placeHold, { TitleID: onLoanTitle }, asB)).status).toBe(409);
    expect((await t.fail(C.placeHold, { TitleID: 2_000_000_000 }, asA)).status).toBe(404);
    expect((await t.fail(C.placeHold, { TitleID: 'x' }, asA)).status).toBe(400);
    expect((await t.fail(C.placeHold, {}, asA)).status).toBe(400);
    // A disabled card queues for nothing.
    await t.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', a.id).execute();
    expect((await t.fail(C.placeHold, { TitleID: titleId }, asA)).status).toBe(409);
  });

  it('the demo student has a loan to renew, one renewed already, one overdue, a deposit and suggestions', async () => {
    const s = await t.data(C.summary, {}, 'student');
    expect(s).toMatchObject({ OnLoan: 3, Overdue: 1, CardState: 'active', Identity: 'student' });
    const loans = (await t.data(C.loans, {}, 'student')).List;
    expect(loans.map((l) => [l.CanRenew, l.Overdue, l.RenewCount]).sort()).toEqual([[false, false, 1], [false, true, 0], [true, false, 0]]);
    expect((await t.data(C.balance, {}, 'student')).Deposit).toBe(100);
    expect((await t.data(R.mine, { Page: 1, Rows: 10 }, 'student')).List.map((x) => x.State).sort()).toEqual(['pending', 'processed']);
  });

  it('a title of another school is not found', async () => {
    const other = await t.db.selectFrom('titles').select('id').where('school_id', '=', 2).limit(1).executeTakeFirstOrThrow();
    expect((await t.fail(C.placeHold, { TitleID: other.id }, 'student')).status).toBe(404);
  });

  it('the reading line: 12 months, my loans this month; another reader\'s only with the readers permission', async () => {
    const { a, b, asA } = await twoReaders();
    const before = (await t.data(C.readingLine, {}, asA)).Points.at(-1)!.Count;
    await lend(t, a, 2);
    const line = await t.data(C.readingLine, {}, asA);
    expect(line.Points).toHaveLength(12);
    expect(line.Points.at(-1)!.Count).toBe(before + 2);
    expect(line.Points.map((p) => p.Month)).toEqual([...line.Points.map((p) => p.Month)].sort());
    expect((await t.fail(C.readingLine, { UserID: b.id }, asA)).status).toBe(403);
    const staff = await t.data(C.readingLine, { UserID: a.id }, 'admin');
    expect(staff.Points).toEqual(line.Points);
    expect((await t.fail(C.readingLine, { UserID: 2_000_000_000 }, 'admin')).status).toBe(404);
    expect((await t.fail(C.readingLine, { UserID: -1 }, asA)).status).toBe(400);
  });

  it('the balance: my deposit less the compensation I owe; the school uses one', async () => {
    const { a, asA } = await twoReaders();
    await t.db.updateTable('users').set({ deposit: 50 }).where('id', '=', a.id).execute();
    const [c] = await freeCopies(t, 1);
    const copy = await t.db.selectFrom('copies').select(['id', 'branch_id']).where('barcode', '=', c!.barcode).executeTakeFirstOrThrow();
    await t.db.insertInto('loss_records').values({
      school_id: 1, bill_no: `PCTEST${a.id}`, copy_id: copy.id, barcode: c!.barcode, title: 'x', call_no: '', branch_id: copy.branch_id, area_id: null,
      price_cents: 1230, kind: 'lost', loan_id: null, reader_id: a.id, reader_card: a.reader_id, reader_name: a.name, dept_id: null,
      registered_at: new Date().toISOString(), registered_by: 1, suggested_cents: 1230, amount_cents: 1230, amount_reason: '', state: 'notCompensated',
      paid_cents: null, pay_way: null, paid_at: null, paid_by: null, retrieved_at: null,
    } as never).execute();
    const bal = await t.data(C.balance, {}, asA);
    expect(bal).toMatchObject({ UserID: a.id, Deposit: 50, Owed: 12.3, Balance: 37.7, UsesBalance: true });
  });

  it('password change on the portal follows the school\'s setting; the admin app is not gated', async () => {
    const portal = await t.portalTokenFor('parent');
    const change = { OldPassword: 'wrong-old-1', NewPassword: 'NewPass@2026x', ConfirmPassword: 'NewPass@2026x' };
    expect((await t.data(C.summary, {}, { token: portal })).CanChangePassword).toBe(true);
    // On (the default): the call goes on to check the old password.
    const on = await t.fail(authCalls.updatePassword, change, { token: portal }, 'en-US');
    expect(on.message).not.toMatch(/portal/i);
    expect((await t.fail(S.savePortalSettings, { ReaderPasswordChange: false }, 'parent')).status).toBe(403);
    await t.data(S.savePortalSettings, { ReaderPasswordChange: false }, 'admin');
    expect(await t.data(S.getPortalSettings, {}, 'admin')).toEqual({ ReaderPasswordChange: false });
    expect((await t.data(C.summary, {}, { token: portal })).CanChangePassword).toBe(false);
    const off = await t.fail(authCalls.updatePassword, change, { token: portal }, 'en-US');
    expect(off.status).toBe(409);
    expect(off.message).toMatch(/portal/i);
    // The same account in the admin app: not gated (refused only for its wrong old password).
    expect((await t.data(C.summary, {}, 'parent')).CanChangePassword).toBe(true);
    expect((await t.fail(authCalls.updatePassword, change, 'parent', 'en-US')).message).not.toMatch(/portal/i);
    expect((await t.fail(S.savePortalSettings, { ReaderPasswordChange: 'yes' }, 'admin')).status).toBe(400);
    await t.data(S.savePortalSettings, { ReaderPasswordChange: true }, 'admin');
  });

  it('refuses every call without a token', async () => {
    for (const c of [C.summary, C.loans, C.history, C.holds, C.readingLine, C.balance]) expect((await t.fail(c, {}, null)).status).toBe(401);
    expect((await t.fail(C.renew, { LoanID: 1 }, null)).status).toBe(401);
    // The reader's suggestions (recommendations domain) work with the same portal session.
    const portal = await t.portalTokenFor('student');
    const s = await t.data(R.submit, { Title: '账户测试书', Author: '某人' }, { token: portal });
    expect((await t.data(R.mine, { Page: 1, Rows: 10 }, { token: portal })).List.map((x) => x.ID)).toContain(s.ID);
    await t.data(R.withdraw, { ID: s.ID }, { token: portal });
  });
});
