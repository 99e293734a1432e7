import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquisitionCalls as C, type Batch } from '../../shared/api/acquisition.ts';
import { roleCalls, type Role } from '../../shared/api/roles.ts';
import { discountPrice, sumMoney } from '../../shared/domain/batch-rules.ts';
import { AppError } from '../http/app-error.ts';
import { makeTestApp, type TestApp } from '../testing/test-app.ts';
import { createPgTestDatabase, PG_TEST_URL, pgSkipReason, type PgTestDatabase } from '../testing/pg-test-db.ts';
import { assertBatchAcceptsCopies, schoolToday } from './batch-rules.ts';

let t: TestApp;
let admin: string;
let admin2: string;
let librarian: string;
let student: string;
let b1: number;
let b2: number;
let seq = 0;
const db = () => t.app.db;
const batchCount = async (school = 1) =>
  Number((await db().selectFrom('batches').select((e) => e.fn.countAll().as('n')).where('school_id', '=', school).executeTakeFirstOrThrow()).n);
const list = async (input: Record<string, unknown> = {}, token = admin) => {
  const r = await t.call(C.getBatchList, { Rows: 100, ...input }, { token });
  expect(r.statusCode).toBe(200);
  return r.json().data as { List: Batch[]; Total: number };
};
/** The demo seed's batches: the ones holding copies (the tests add empty ones). */
const seededBatches = async (input: Record<string, unknown> = {}) => (await list(input)).List.filter((b) => b.Quantity > 0);
/** Quantity and totals straight from the copies table, to check what the query computes. */
async function figures(batchId: number) {
  const rows = await db().selectFrom('copies').select(['price', 'discount_price']).where('batch_id', '=', batchId).execute();
  return { Quantity: rows.length, TotalPrice: sumMoney(rows.map((r) => r.price)), TotalDiscountPrice: sumMoney(rows.map((r) => r.discount_price)) };
}
const newBatch = (over: Record<string, unknown> = {}) => ({
  BatchNo: `T-${++seq}`, BranchID: b1, Bookseller: '新华书店', Currency: 'CNY', DiscountRate: 85, RegisteredOn: '2026-03-01', ...over,
});
async function add(over: Record<string, unknown> = {}, token = admin): Promise<Batch> {
  const r = await t.call(C.addBatch, newBatch(over), { token });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().data as Batch;
}
const setState = (ID: number, State: string, token = admin, lang?: string) => t.call(C.setBatchState, { ID, State }, { token, lang });
const updateInput = (b: Batch, over: Record<string, unknown> = {}) => ({
  ID: b.ID, BatchNo: b.BatchNo, BranchID: b.BranchID, ResourceTypeID: b.ResourceTypeID, Bookseller: b.Bookseller, Currency: b.Currency,
  DiscountRate: b.DiscountRate, RegisteredOn: b.RegisteredOn, AcceptedOn: b.AcceptedOn, Note: b.Note, ...over,
});

const librarianRole = async (): Promise<Role> =>
  ((await t.call(roleCalls.list, { Rows: 100 }, { token: admin })).json().data.List as Role[]).find((r) => r.Code === 'librarian')!;
async function editLibrarian(change: Partial<Pick<Role, 'BranchIDs' | 'ResourceTypeIDs' | 'Permissions'>>) {
  const r = await librarianRole();
  const res = await t.call(roleCalls.update, { ID: r.ID, Name: r.Name, EnName: r.EnName, ScopeKind: r.ScopeKind, Permissions: r.Permissions, BranchIDs: r.BranchIDs, ResourceTypeIDs: r.ResourceTypeIDs, ...change }, { token: admin });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * The same suite on SQLite and, when LIB_TEST_PG_URL is set, on PostgreSQL: the totals and the
 * re-pricing are SQL that must compute the same cents on both.
 */
const databases: Array<{ name: string; pg: boolean }> = [{ name: 'SQLite', pg: false }, ...(PG_TEST_URL ? [{ name: 'PostgreSQL', pg: true }] : [])];
if (!PG_TEST_URL) console.info(pgSkipReason);

describe.each(databases)('acquisition batches on $name', ({ pg }) => {
  let pgdb: PgTestDatabase | null = null;
  beforeAll(async () => {
    if (pg) pgdb = await createPgTestDatabase();
    t = await makeTestApp(pgdb ? { db: pgdb.db } : {});
    [admin, admin2, librarian, student] = (await Promise.all(['admin', 'admin2', 'librarian', 'student'].map((a) => t.tokenFor(a)))) as [string, string, string, string];
    [b1, b2] = (await db().selectFrom('branches').select('id').where('school_id', '=', 1).orderBy('id').execute()).map((b) => b.id) as [number, number];
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await pgdb?.drop();
  });

  describe('the seeded batches', () => {
    it('are listed per school with quantity and totals computed from their copies', async () => {
      const mine = await list();
      expect(mine.Total).toBe(4);
      expect(new Set(mine.List.map((b) => b.BranchID))).toEqual(new Set([b1, b2]));
      for (const b of mine.List) {
        expect(b.Quantity).toBeGreaterThan(0);
        expect({ Quantity: b.Quantity, TotalPrice: b.TotalPrice, TotalDiscountPrice: b.TotalDiscountPrice }).toEqual(await figures(b.ID));
        // Two decimals at most, and what was paid is less than the list price at a discount.
        expect(Math.round(b.TotalPrice * 100) / 100).toBe(b.TotalPrice);
        expect(b.TotalDiscountPrice).toBeLessThan(b.TotalPrice);
        expect(b.InUse).toBe(true);
      }
      // Newest registration first.
      expect(mine.List.map((b) => b.RegisteredOn)).toEqual([...mine.List.map((b) => b.RegisteredOn)].sort().reverse());
      const theirs = await list({}, admin2);
      expect(theirs.Total).toBe(2);
      expect(theirs.List.some((b) => mine.List.some((m) => m.ID === b.ID))).toBe(false);
    });

    it('filter by state, branch, and number or bookseller', async () => {
      expect((await list({ State: 'closed' })).List.every((b) => b.State === 'closed')).toBe(true);
      expect((await list({ State: 'closed' })).Total).toBe(2);
      expect((await list({ BranchID: b2 })).List.every((b) => b.BranchID === b2)).toBe(true);
      expect((await list({ SearchKey: '当当' })).List.every((b) => b.Bookseller === '当当网')).toBe(true);
      const one = (await list()).List[0]!;
      expect((await list({ SearchKey: one.BatchNo.toLowerCase() })).List.map((b) => b.ID)).toContain(one.ID);
      const page = (await t.call(C.getBatchList, { Rows: 3, Page: 2 }, { token: admin })).json().data;
      expect(page).toMatchObject({ Total: 4 });
      expect(page.List).toHaveLength(1);
    });

    it('show their copies, paged by barcode, with the branch names in both languages', async () => {
      const b = (await seededBatches())[0]!;
      const r = await t.call(C.getBatchCopies, { BatchID: b.ID, Rows: 5 }, { token: admin, lang: 'en-US' });
      expect(r.statusCode).toBe(200);
      const data = r.json().data as { List: Array<{ Barcode: string; Price: number; DiscountPrice: number; BranchName: string; BranchEnName: string; Title: string; CallNo: string }>; Total: number };
      expect(data.Total).toBe(b.Quantity);
      expect(data.List).toHaveLength(5);
      expect(data.List.map((c) => c.Barcode)).toEqual([...data.List.map((c) => c.Barcode)].sort());
      expect(data.List[0]!.Title).not.toBe('');
      expect(data.List[0]!.CallNo).toMatch(/\//);
      expect(data.List[0]!.BranchEnName).toMatch(/^[A-Za-z]/);
      expect(data.List[0]!.BranchName).toMatch(/馆/);
      const found = await t.call(C.getBatchCopies, { BatchID: b.ID, SearchKey: data.List[2]!.Barcode }, { token: admin });
      expect(found.json().data.List.map((c: { Barcode: string }) => c.Barcode)).toEqual([data.List[2]!.Barcode]);
    });
  });

  describe('a batch from registration to closing', () => {
    it('is created open with no copies, edited, accepted (today), closed, and then only its note changes', async () => {
      const created = await add({ BatchNo: '2026-NEW-01', Note: '春季采购' });
      expect(created).toMatchObject({ BatchNo: '2026-NEW-01', State: 'open', Quantity: 0, TotalPrice: 0, TotalDiscountPrice: 0, AcceptedOn: null, InUse: false, BranchName: '总馆', Currency: 'CNY', DiscountRate: 85 });
      const edited = await t.call(C.updateBatch, updateInput(created, { Bookseller: '人天书店', DiscountRate: 72.5 }), { token: admin });
      expect(edited.json().data).toMatchObject({ Bookseller: '人天书店', DiscountRate: 72.5 });

      const accepted = await setState(created.ID, 'accepted');
      expect(accepted.json().data).toMatchObject({ State: 'accepted', AcceptedOn: schoolToday() });
      const closed = await setState(created.ID, 'closed');
      expect(closed.json().data.State).toBe('closed');

      const current = closed.json().data as Batch;
      const refused = await t.call(C.updateBatch, updateInput(current, { Bookseller: '别家' }), { token: admin });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('批次 2026-NEW-01 已关闭，只能修改备注');
      const note = await t.call(C.updateBatch, updateInput(current, { Note: '发票已到' }), { token: admin });
      expect(note.statusCode).toBe(200);
      expect(note.json().data).toMatchObject({ Note: '发票已到', Bookseller: '人天书店', State: 'closed' });

      // A librarian holds the reopen operation: closed → accepted.
      const reopened = await setState(created.ID, 'accepted', librarian);
      expect(reopened.statusCode).toBe(200);
      expect(reopened.json().data).toMatchObject({ State: 'accepted', AcceptedOn: schoolToday() });
    });

    it('keeps an acceptance date given before, and refuses moves the state machine has no edge for', async () => {
      const b = await add({ AcceptedOn: '2026-03-10' });
      const skip = await setState(b.ID, 'closed', admin, 'en-US');
      expect(skip.statusCode).toBe(409);
      expect(skip.json().message).toBe(`Batch ${b.BatchNo} is open: it cannot become closed`);
      expect((await setState(b.ID, 'accepted')).json().data.AcceptedOn).toBe('2026-03-10');
      const again = await setState(b.ID, 'accepted');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(`批次 ${b.BatchNo} 已是“已验收”状态`);
      expect((await t.call(C.setBatchState, { ID: b.ID, State: 'open' }, { token: admin })).statusCode).toBe(400);
      expect((await db().selectFrom('batches').select('state').where('id', '=', b.ID).executeTakeFirstOrThrow()).state).toBe('accepted');
    });

    it('refuses to accept a batch registered after today', async () => {
      const b = await add({ RegisteredOn: '2199-01-01' });
      const r = await setState(b.ID, 'accepted');
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(`批次 ${b.BatchNo} 的登记日期 2199-01-01 晚于今天，不能验收`);
    });

    it('reopening needs its own operation', async () => {
      const b = await add();
      await setState(b.ID, 'accepted');
      await setState(b.ID, 'closed');
      const role = await librarianRole();
      await editLibrarian({ Permissions: role.Permissions.filter((p) => p !== 'catalogue.batch.reopen') });
      try {
        const r = await setState(b.ID, 'accepted', librarian, 'en-US');
        expect(r.statusCode).toBe(403);
        expect(r.json().message).toBe('No operation permission');
        // Closing still works for the same role.
        const b2nd = await add({}, librarian);
        await setState(b2nd.ID, 'accepted', librarian);
        expect((await setState(b2nd.ID, 'closed', librarian)).statusCode).toBe(200);
      } finally {
        await editLibrarian({ Permissions: role.Permissions });
      }
      expect((await setState(b.ID, 'accepted', librarian)).statusCode).toBe(200);
    });
  });

  describe('refusals', () => {
    it('a missing or malformed batch number, a bad discount or dates in the wrong order, with field messages, writing nothing', async () => {
      const before = await batchCount();
      const none = await t.call(C.addBatch, newBatch({ BatchNo: '' }), { token: admin });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('请输入批次号');
      const missing = await t.call(C.addBatch, newBatch({ BatchNo: undefined }), { token: admin, lang: 'en-US' });
      expect(missing.json().message).toBe('Please enter the batch number');
      expect((await t.call(C.addBatch, newBatch({ BatchNo: '2026 A' }), { token: admin })).json().message).toBe('批次号只能包含字母、数字和 - _ . /');
      const rate = await t.call(C.addBatch, newBatch({ DiscountRate: 85.555 }), { token: admin });
      expect(rate.statusCode).toBe(400);
      expect(rate.json().message).toBe('折扣率最多保留 2 位小数');
      expect((await t.call(C.addBatch, newBatch({ DiscountRate: 101 }), { token: admin })).json().message).toBe('折扣率不能大于 100');
      const order = await t.call(C.addBatch, newBatch({ RegisteredOn: '2026-03-01', AcceptedOn: '2026-02-01' }), { token: admin, lang: 'en-US' });
      expect(order.statusCode).toBe(400);
      expect(order.json().message).toContain('The acceptance date cannot be before the registration date');
      expect((await t.call(C.addBatch, newBatch({ Currency: 'XYZ' }), { token: admin })).statusCode).toBe(400);
      expect((await t.call(C.addBatch, newBatch({ BranchID: undefined }), { token: admin })).json().message).toBe('请选择分馆');
      expect(await batchCount()).toBe(before);
    });

    it('a duplicate batch number, also when two requests race for it', async () => {
      const seeded = (await seededBatches())[0]!;
      const dup = await t.call(C.addBatch, newBatch({ BatchNo: seeded.BatchNo }), { token: admin });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe(`批次号 ${seeded.BatchNo} 已存在`);
      const other = await add();
      const renamed = await t.call(C.updateBatch, updateInput(other, { BatchNo: seeded.BatchNo }), { token: admin, lang: 'en-US' });
      expect(renamed.statusCode).toBe(409);
      expect(renamed.json().message).toBe(`The batch number ${seeded.BatchNo} already exists`);
      // The other school may use the same number.
      const b2school = (await db().selectFrom('branches').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow()).id;
      expect((await t.call(C.addBatch, newBatch({ BatchNo: seeded.BatchNo, BranchID: b2school }), { token: admin2 })).statusCode).toBe(200);

      const before = await batchCount();
      const race = await Promise.all([0, 1].map(() => t.call(C.addBatch, newBatch({ BatchNo: 'RACE-1' }), { token: admin })));
      expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await batchCount()).toBe(before + 1);
    });

    it('deleting a batch that holds copies names how many; an empty one goes', async () => {
      const seeded = (await seededBatches())[0]!;
      const r = await t.call(C.deleteBatch, { ID: seeded.ID }, { token: admin });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(`批次 ${seeded.BatchNo} 还有 ${seeded.Quantity} 册馆藏，不能删除`);
      const empty = await add();
      expect((await t.call(C.deleteBatch, { ID: empty.ID }, { token: admin })).statusCode).toBe(200);
      expect(await db().selectFrom('batches').select('id').where('id', '=', empty.ID).executeTakeFirst()).toBeUndefined();
    });

    it('another school’s batches, branches and resource types are not found', async () => {
      const theirs = (await list({}, admin2)).List[0]!;
      const before = await batchCount(2);
      for (const r of [
        await t.call(C.getBatchInfo, { ID: theirs.ID }, { token: admin }),
        await t.call(C.updateBatch, updateInput(theirs, { BranchID: b1 }), { token: admin }),
        await t.call(C.deleteBatch, { ID: theirs.ID }, { token: admin }),
        await t.call(C.setBatchState, { ID: theirs.ID, State: 'closed' }, { token: admin }),
        await t.call(C.getBatchCopies, { BatchID: theirs.ID }, { token: admin }),
        await t.call(C.addBatch, newBatch({ BranchID: theirs.BranchID }), { token: admin }),
      ]) expect(r.statusCode).toBe(404);
      const theirType = (await db().selectFrom('resource_types').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow()).id;
      expect((await t.call(C.addBatch, newBatch({ ResourceTypeID: theirType }), { token: admin })).statusCode).toBe(404);
      expect(await batchCount(2)).toBe(before);
      expect((await db().selectFrom('batches').select('state').where('id', '=', theirs.ID).executeTakeFirstOrThrow()).state).toBe(theirs.State);
    });

    it('a reader may not read or write batches', async () => {
      expect((await t.call(C.getBatchList, {}, { token: student })).statusCode).toBe(403);
      expect((await t.call(C.addBatch, newBatch(), { token: student })).statusCode).toBe(403);
    });
  });

  describe('copies of a batch', () => {
    it('a new discount rate re-prices the copies that followed the old one and keeps hand-set prices', async () => {
      const seeded = (await seededBatches({ State: 'accepted', BranchID: b1 }))[0]!;
      const copies = await db().selectFrom('copies').select(['id', 'price']).where('batch_id', '=', seeded.ID).orderBy('id').execute();
      // 78 % → 85 %: half the seeded list prices (x.y0 yuan with an odd tenth) land on half a cent at 85 %, so
      // the SQL must round exactly as discountPrice() does. One copy was a gift: paid 0 whatever the rate.
      const gift = copies[0]!;
      await db().updateTable('copies').set({ discount_price: 0 }).where('id', '=', gift.id).execute();
      const r = await t.call(C.updateBatch, updateInput(seeded, { DiscountRate: 85 }), { token: admin });
      expect(r.statusCode).toBe(200);
      const expected = sumMoney(copies.slice(1).map((c) => discountPrice(c.price, 85)));
      expect(r.json().data).toMatchObject({ DiscountRate: 85, Quantity: copies.length, TotalDiscountPrice: expected });
      expect((await db().selectFrom('copies').select('discount_price').where('id', '=', gift.id).executeTakeFirstOrThrow()).discount_price).toBe(0);
      expect(r.json().data).toMatchObject(await figures(seeded.ID));
    });

    it('a batch with copies keeps its branch and resource type', async () => {
      const seeded = (await seededBatches({ BranchID: b1, State: 'accepted' }))[0]!;
      const r = await t.call(C.updateBatch, updateInput(seeded, { BranchID: b2 }), { token: admin });
      expect(r.statusCode).toBe(409);
      expect(r.json().message).toBe(`批次 ${seeded.BatchNo} 已登记 ${seeded.Quantity} 册馆藏，不能更换分馆`);
      const type = (await db().selectFrom('resource_types').select('id').where('school_id', '=', 1).executeTakeFirstOrThrow()).id;
      expect((await t.call(C.updateBatch, updateInput(seeded, { ResourceTypeID: type }), { token: admin })).statusCode).toBe(409);
      // An empty batch may move.
      const empty = await add();
      expect((await t.call(C.updateBatch, updateInput(empty, { BranchID: b2, ResourceTypeID: type }), { token: admin })).json().data).toMatchObject({ BranchID: b2, ResourceTypeID: type });
    });

    it('assertBatchAcceptsCopies: open and accepted take copies, closed and foreign ones do not', async () => {
      const b = await add({ DiscountRate: 78 });
      const ok = await assertBatchAcceptsCopies(db(), 1, b.ID, { branchId: b1 });
      expect(ok).toMatchObject({ id: b.ID, batchNo: b.BatchNo, branchId: b1, discountRate: 78, currency: 'CNY' });
      await setState(b.ID, 'accepted');
      await expect(assertBatchAcceptsCopies(db(), 1, b.ID)).resolves.toMatchObject({ id: b.ID });
      await expect(assertBatchAcceptsCopies(db(), 1, b.ID, { branchId: b2 })).rejects.toMatchObject({ status: 409, key: 'acquisition:errors.copyBranch' });
      await setState(b.ID, 'closed');
      const closed = await assertBatchAcceptsCopies(db(), 1, b.ID).catch((e: unknown) => e);
      expect(closed).toBeInstanceOf(AppError);
      expect(closed).toMatchObject({ status: 409, key: 'acquisition:errors.closedNoCopies', params: { no: b.BatchNo } });
      await expect(assertBatchAcceptsCopies(db(), 2, b.ID)).rejects.toMatchObject({ status: 404 });
      const typed = await add({ ResourceTypeID: (await db().selectFrom('resource_types').select('id').where('school_id', '=', 1).executeTakeFirstOrThrow()).id });
      await expect(assertBatchAcceptsCopies(db(), 1, typed.ID, { resourceTypeId: null })).rejects.toMatchObject({ key: 'acquisition:errors.copyType' });
    });
  });

  describe('role scopes', () => {
    it('a role limited to one branch sees and changes only that branch’s batches', async () => {
      const inB2 = (await seededBatches({ BranchID: b2 }))[0]!;
      await editLibrarian({ BranchIDs: [b1] });
      try {
        const seen = await list({}, librarian);
        expect(seen.Total).toBeGreaterThan(0);
        expect(seen.List.every((b) => b.BranchID === b1)).toBe(true);
        expect((await list({ BranchID: b2 }, librarian)).Total).toBe(0);
        const before = await batchCount();
        const refused = [
          await t.call(C.getBatchInfo, { ID: inB2.ID }, { token: librarian }),
          await t.call(C.getBatchCopies, { BatchID: inB2.ID }, { token: librarian }),
          await t.call(C.updateBatch, updateInput(inB2, { Note: 'x' }), { token: librarian }),
          await t.call(C.deleteBatch, { ID: inB2.ID }, { token: librarian }),
          await t.call(C.setBatchState, { ID: inB2.ID, State: 'closed' }, { token: librarian }),
          await t.call(C.addBatch, newBatch({ BranchID: b2 }), { token: librarian }),
        ];
        expect(refused.map((r) => r.statusCode)).toEqual(refused.map(() => 403));
        expect(await batchCount()).toBe(before);
        // Moving a batch of its own branch into the other one is refused too.
        const own = await add({}, librarian);
        expect((await t.call(C.updateBatch, updateInput(own, { BranchID: b2 }), { token: librarian })).statusCode).toBe(403);
      } finally {
        await editLibrarian({ BranchIDs: [b1, b2] });
      }
    });

    it('a role limited to some resource types catalogues only batches of those types (or of any type)', async () => {
      const [t1, t2] = (await db().selectFrom('resource_types').select('id').where('school_id', '=', 1).orderBy('id').execute()).map((r) => r.id) as [number, number];
      const typed2 = await add({ ResourceTypeID: t2 });
      const anyType = await add();
      await editLibrarian({ ResourceTypeIDs: [t1] });
      try {
        const ids = (await list({}, librarian)).List.map((b) => b.ID);
        expect(ids).toContain(anyType.ID);
        expect(ids).not.toContain(typed2.ID);
        expect((await t.call(C.getBatchInfo, { ID: typed2.ID }, { token: librarian })).statusCode).toBe(403);
        expect((await t.call(C.addBatch, newBatch({ ResourceTypeID: t2 }), { token: librarian })).statusCode).toBe(403);
        expect((await t.call(C.addBatch, newBatch({ ResourceTypeID: t1 }), { token: librarian })).statusCode).toBe(200);
      } finally {
        await editLibrarian({ ResourceTypeIDs: [] });
      }
    });
  });
});
