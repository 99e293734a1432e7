import { describe, expect, it } from 'vitest';
import { bulkCalls, collectionCalls as C } from '../../shared/api/collection.ts';
import { acquisitionCalls } from '../../shared/api/acquisition.ts';
import { classCornerCalls } from '../../shared/api/class-corner.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

/** A seeded copy of school 1 in the given state, never lent (or lent, when asked). */
async function copyOf(opts: { circ?: string; lent?: boolean } = {}) {
  let q = t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', opts.circ ?? 'available');
  const lent = t.db.selectFrom('loans').select('copy_id');
  q = opts.lent ? q.where('id', 'in', lent) : q.where('id', 'not in', lent);
  return q.orderBy('id').executeTakeFirstOrThrow();
}

/** Available copies of a branch on the lending shelves never lent, held or placed in a class corner. */
const neverLent = (branchId: number) => t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available').where('storage_area', '=', 2)
  .where('id', 'not in', t.db.selectFrom('loans').select('copy_id'))
  .where('id', 'not in', t.db.selectFrom('holds').select('copy_id').where('copy_id', 'is not', null))
  .where('id', 'not in', t.db.selectFrom('class_corner_items').select('copy_id')).where('branch_id', '=', branchId).orderBy('id');

/** classlib's class with a corner rule, and its pupils without corner loans. */
async function cornerClass() {
  const deptId = (await t.db.selectFrom('users').select('dept_id').where('account', '=', 'classlib').executeTakeFirstOrThrow()).dept_id!;
  await t.data(classCornerCalls.setRule, { DeptID: deptId, MaxLoans: 10, LoanDays: 14 }, 'librarian');
  const pupils = await t.db.selectFrom('users').select('id').where('dept_id', '=', deptId).where('account', '!=', 'classlib')
    .where('id', 'not in', t.db.selectFrom('class_corner_loans').select('user_id')).orderBy('id').execute();
  return { deptId, pupils };
}

describe('the collection (copies)', () => {
  it('finds copies by barcode, by title words and by ISBN; sums in cents; another school sees none of them', async () => {
    const copy = await copyOf();
    const title = await t.db.selectFrom('titles').selectAll().where('id', '=', copy.title_id).executeTakeFirstOrThrow();
    const byBarcode = await t.data(C.list, { Page: 1, Rows: 20, SearchKey: copy.barcode }, 'librarian');
    expect(byBarcode.List.map((r) => r.ID)).toEqual([copy.id]);
    expect(byBarcode.List[0]).toMatchObject({ Title: title.title, CallNo: copy.call_no, CircState: 'available' });
    const byIsbn = await t.data(C.list, { Page: 1, Rows: 50, SearchKey: title.isbn }, 'librarian');
    expect(byIsbn.List.some((r) => r.ID === copy.id)).toBe(true);
    const byWords = await t.data(C.list, { Page: 1, Rows: 50, SearchKey: title.title.slice(0, 3) }, 'librarian');
    expect(byWords.Total).toBeGreaterThan(0);
    // The total is the whole match on every page, also one past the end (the count then runs alone).
    const all = await t.data(C.list, { Page: 1, Rows: 500, SearchKey: title.title.slice(0, 3) }, 'librarian');
    expect(all.List).toHaveLength(byWords.Total);
    expect((await t.data(C.list, { Page: 2, Rows: 1, SearchKey: title.title.slice(0, 3) }, 'librarian')).Total).toBe(byWords.Total);
    expect(await t.data(C.list, { Page: byWords.Total + 1, Rows: 1, SearchKey: title.title.slice(0, 3) }, 'librarian')).toEqual({ List: [], Total: byWords.Total, TotalExact: true });
    const everything = Number((await t.db.selectFrom('copies').select((e) => e.fn.countAll().as('n')).where('school_id', '=', 1).executeTakeFirstOrThrow()).n);
    expect((await t.data(C.list, { Page: 1, Rows: 5 }, 'librarian')).Total).toBe(everything);
    const sum = await t.data(C.sum, { SearchKey: title.isbn }, 'librarian');
    expect(sum.Count).toBe(byIsbn.Total);
    expect(Math.round(sum.Price * 100)).toBe(Math.round(byIsbn.List.reduce((s, r) => s + r.Price, 0) * 100));
    expect((await t.data(C.list, { Page: 1, Rows: 20, SearchKey: copy.barcode }, 'admin2')).Total).toBe(0);
    expect((await t.fail(C.get, { ID: copy.id }, 'admin2')).status).toBe(404);
    expect(await t.data(C.byCode, { Code: copy.barcode }, 'librarian')).toMatchObject({ ID: copy.id });
    expect((await t.fail(C.byBarcode, { Barcode: 'NO-SUCH-1' }, 'librarian', 'en-US')).message).toBe('No copy with barcode or tag NO-SUCH-1');
  });

  it('edits a copy: a new area is an allocation, other fields change in place, both in the history; a taken barcode or tag is refused, also in a race', async () => {
    const copy = await copyOf();
    const other = await t.db.selectFrom('copies').select(['barcode']).where('school_id', '=', 1).where('id', '!=', copy.id).orderBy('id').executeTakeFirstOrThrow();
    const area = await t.db.selectFrom('collection_areas').selectAll().where('school_id', '=', 1).where('branch_id', '=', copy.branch_id).where('id', '!=', copy.area_id!).where('storage_area', 'in', [2, 8]).executeTakeFirstOrThrow();
    const base = { ID: copy.id, Barcode: copy.barcode, RFID: '', AreaID: copy.area_id!, ShelfMark: 'A-01', Price: copy.price, DiscountPrice: copy.discount_price, BatchID: copy.batch_id, Note: '' };
    const edited = await t.data(C.update, base, 'librarian');
    expect(edited.ShelfMark).toBe('A-01');
    const moved = await t.data(C.update, { ...base, AreaID: area.id, RFID: 'e004015012345678' }, 'librarian');
    expect(moved).toMatchObject({ AreaID: area.id, Storage: area.storage_area, RFID: 'E004015012345678' });
    const detail = await t.data(C.get, { ID: copy.id }, 'librarian');
    expect(detail.History.map((h) => h.Event).slice(0, 2)).toEqual(['allocate', 'edit']);
    expect((await t.fail(C.update, { ...base, Barcode: other.barcode }, 'librarian', 'en-US')).message).toBe(`Barcode duplicated: ${other.barcode}`);
    const second = await copyOf({ circ: 'available' }).then(async () => t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('id', '>', copy.id).orderBy('id').executeTakeFirstOrThrow());
    const race = await Promise.all([copy, second].map((c) => t.call(C.update, { ...base, ID: c.id, Barcode: c.barcode, AreaID: c.area_id!, BatchID: c.batch_id, RFID: 'AABBCCDD11' }, 'librarian')));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('state changes go through the state machine, one by one, reporting each refusal in the reader\'s language', async () => {
    const ok = await copyOf();
    const lent = await copyOf({ circ: 'borrowed', lent: true });
    const r = await t.data(C.changeState, { IDs: [ok.id, lent.id], Event: 'weed' }, 'librarian', );
    expect(r.Changed).toBe(1);
    expect(r.Refused).toHaveLength(1);
    expect(r.Refused[0]).toMatchObject({ ID: lent.id, Barcode: lent.barcode });
    expect(r.Refused[0]!.Message).toContain(lent.barcode);
    expect((await t.db.selectFrom('copies').select('storage_area').where('id', '=', ok.id).executeTakeFirstOrThrow()).storage_area).toBe(3);
    const en = await t.call(C.changeState, { IDs: [lent.id], Event: 'lock' }, { as: 'librarian', lang: 'en-US' });
    expect(JSON.parse(en.body).data.Refused[0].Message).toBe(`Copy ${lent.barcode} is borrowed (circulation); it cannot be locked`);
    expect((await t.fail(C.changeState, { IDs: [ok.id], Event: 'found' }, 'librarian')).status).toBe(400);
    expect((await t.fail(C.changeState, { IDs: [ok.id], Event: 'borrow' }, 'librarian')).status).toBe(400);
  });

  it('deletes what may go; copies on loan or with loan history are refused and stay', async () => {
    const fresh = await copyOf();
    const lent = await copyOf({ circ: 'borrowed', lent: true });
    const r = await t.data(C.delete, { IDs: [fresh.id, lent.id, 99999999] }, 'librarian');
    expect(r.Changed).toBe(1);
    expect(r.Refused.map((x) => x.ID).sort((a, b) => a - b)).toEqual([lent.id, 99999999].sort((a, b) => a - b));
    expect(await t.db.selectFrom('copies').select('id').where('id', '=', fresh.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('copies').select('id').where('id', '=', lent.id).executeTakeFirst()).toBeTruthy();
    const history = await t.db.selectFrom('copy_events').select('event').where('copy_id', '=', fresh.id).execute();
    expect(history.map((h) => h.event)).toContain('delete');
    expect((await t.fail(C.delete, { IDs: [lent.id] }, 'student')).status).toBe(403);
  });

  it('copies lent from a class corner are refused by deletion, one by one and in bulk, and stay; a copy placed in a corner is not weeded or moved by an edit', async () => {
    const { deptId, pupils } = await cornerClass();
    const [a, b] = await neverLent(1).limit(2).offset(40).execute();
    for (const x of [a, b]) {
      await t.data(classCornerCalls.placeItem, { DeptID: deptId, Barcode: x!.barcode }, 'librarian');
      await t.data(classCornerCalls.lend, { DeptID: deptId, UserID: pupils[0]!.id, Barcode: x!.barcode }, 'classlib');
    }
    const single = await t.data(C.delete, { IDs: [a!.id] }, 'librarian');
    const preview = await t.data(bulkCalls.deleteAll, { Barcodes: [b!.barcode], Confirm: false }, 'librarian');
    const bulk = await t.data(bulkCalls.deleteAll, { Barcodes: [b!.barcode], Confirm: true }, 'librarian');
    const left = await t.db.selectFrom('copies').select('id').where('id', 'in', [a!.id, b!.id]).execute();
    expect({ singleDeleted: single.Changed, previewed: preview.Changes.length, bulkDeleted: bulk.Changes.length, copiesLeft: left.length }).toEqual({ singleDeleted: 0, previewed: 0, bulkDeleted: 0, copiesLeft: 2 });
    expect(single.Refused[0]).toMatchObject({ ID: a!.id, Barcode: a!.barcode });
    expect(bulk.Refused.map((r) => r.Barcode)).toEqual([b!.barcode]);
    // Only placed, not lent: still the corner's, so weeding or losing it here is refused too.
    const [c] = await neverLent(1).limit(1).offset(40).execute();
    await t.data(classCornerCalls.placeItem, { DeptID: deptId, Barcode: c!.barcode }, 'librarian');
    const weed = await t.call(C.changeState, { IDs: [c!.id], Event: 'weed' }, { as: 'librarian', lang: 'en-US' });
    expect(JSON.parse(weed.body).data).toMatchObject({ Changed: 0, Refused: [{ Barcode: c!.barcode, Message: expect.stringContaining('class corner') }] });
    const other = await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).where('branch_id', '=', 1).where('id', '!=', c!.area_id!).where('storage_area', '=', 2).executeTakeFirstOrThrow();
    const edit = { ID: c!.id, Barcode: c!.barcode, RFID: c!.rfid ?? '', AreaID: other.id, ShelfMark: c!.shelf_mark, Price: c!.price, DiscountPrice: c!.discount_price, BatchID: c!.batch_id, Note: c!.note };
    expect(await t.fail(C.update, edit, 'librarian', 'en-US')).toMatchObject({ status: 409, message: expect.stringContaining('class corner') });
  });

  it('marking a lent copy lost on this screen is refused per copy: the loan stays open and the copy borrowed', async () => {
    const loan = await t.db.selectFrom('loans as l').innerJoin('copies as c', 'c.id', 'l.copy_id').select(['c.id', 'c.barcode', 'l.id as loan_id'])
      .where('c.school_id', '=', 1).where('c.circ_state', '=', 'borrowed').where('c.branch_id', '=', 1).where('l.returned_at', 'is', null).orderBy('c.id').executeTakeFirstOrThrow();
    const r = await t.call(C.changeState, { IDs: [loan.id], Event: 'markLost' }, { as: 'librarian', lang: 'en-US' });
    const data = JSON.parse(r.body).data as { Changed: number; Refused: { Barcode: string; Message: string }[] };
    expect(data.Changed).toBe(0);
    expect(data.Refused).toEqual([{ ID: loan.id, Barcode: loan.barcode, Message: expect.stringContaining('loss registration') }]);
    expect(await t.db.selectFrom('loans').select('returned_at').where('id', '=', loan.loan_id).executeTakeFirstOrThrow()).toEqual({ returned_at: null });
    expect((await t.db.selectFrom('copies').select('circ_state').where('id', '=', loan.id).executeTakeFirstOrThrow()).circ_state).toBe('borrowed');
  });

  it('an edit cannot put a copy into a closed batch (cataloguing\'s batch rule); the batch stays empty', async () => {
    const copy = await neverLent(1).limit(1).offset(3).executeTakeFirstOrThrow();
    const batch = await t.data(acquisitionCalls.addBatch, { BatchNo: `CLOSED-${Date.now()}`, BranchID: copy.branch_id, Bookseller: 'x', Currency: 'CNY', DiscountRate: 80, RegisteredOn: '2026-01-01' }, 'admin');
    await t.data(acquisitionCalls.setBatchState, { ID: batch.ID, State: 'accepted' }, 'admin');
    await t.data(acquisitionCalls.setBatchState, { ID: batch.ID, State: 'closed' }, 'admin');
    const got = await t.data(C.get, { ID: copy.id }, 'librarian');
    const input = { ID: copy.id, Barcode: got.Barcode, RFID: got.RFID, AreaID: got.AreaID!, ShelfMark: got.ShelfMark, Price: got.Price, DiscountPrice: got.DiscountPrice, BatchID: batch.ID, Note: got.Note };
    expect((await t.fail(C.update, input, 'librarian')).status).toBe(409);
    expect(await t.db.selectFrom('copies').select('id').where('batch_id', '=', batch.ID).execute()).toEqual([]);
    // Unchanged batch: the edit still saves (a copy may stay in the batch it was catalogued into).
    expect((await t.call(C.update, { ...input, BatchID: got.BatchID }, 'librarian')).statusCode).toBe(200);
  });

  it('a closed batch is settled: its copies keep their prices and their batch (one edit or in bulk) until the batch is reopened; the note still changes', async () => {
    const copy = await neverLent(1).where((eb) => eb.or([eb('batch_id', 'is', null), eb('batch_id', 'in', t.db.selectFrom('batches').select('id').where('state', '!=', 'closed'))])).limit(1).offset(4).executeTakeFirstOrThrow();
    const batch = await t.data(acquisitionCalls.addBatch, { BatchNo: `SETTLED-${Date.now()}`, BranchID: copy.branch_id, Bookseller: 'x', Currency: 'CNY', DiscountRate: 80, RegisteredOn: '2026-01-01' }, 'admin');
    await t.data(acquisitionCalls.setBatchState, { ID: batch.ID, State: 'accepted' }, 'admin');
    const got = await t.data(C.get, { ID: copy.id }, 'librarian');
    const input = { ID: copy.id, Barcode: got.Barcode, RFID: got.RFID, AreaID: got.AreaID!, ShelfMark: got.ShelfMark, Price: 30, DiscountPrice: 24, BatchID: batch.ID, Note: got.Note };
    await t.data(C.update, input, 'librarian');
    await t.data(acquisitionCalls.setBatchState, { ID: batch.ID, State: 'closed' }, 'admin');

    // Lists and the edit form know it (the form shows the settled fields locked).
    expect((await t.data(C.list, { Page: 1, Rows: 5, SearchKey: got.Barcode }, 'librarian')).List[0]).toMatchObject({ ID: copy.id, BatchClosed: true, BatchNo: batch.BatchNo });
    const price = await t.fail(C.update, { ...input, Price: 31 }, 'librarian', 'en-US');
    expect(price.status).toBe(409);
    expect(price.message).toBe(`Copy ${got.Barcode} belongs to the closed batch ${batch.BatchNo}: its prices and batch cannot change until the batch is reopened`);
    expect((await t.fail(C.update, { ...input, DiscountPrice: 20 }, 'librarian')).status).toBe(409);
    expect((await t.fail(C.update, { ...input, BatchID: null }, 'librarian')).status).toBe(409);
    expect((await t.call(C.update, { ...input, Note: 'settled' }, 'librarian')).statusCode).toBe(200);
    const bulk = await t.data(bulkCalls.apply, { Barcodes: [got.Barcode], Field: 'Price', Value: '35' }, { as: 'librarian', lang: 'zh-CN' });
    expect(bulk.Changes).toEqual([]);
    expect(bulk.Refused).toEqual([{ Barcode: got.Barcode, Message: `复本 ${got.Barcode} 属于已关闭的批次 ${batch.BatchNo}：价格和所属批次不能再改，请先重新打开批次` }]);
    expect(await t.db.selectFrom('copies').select(['price', 'discount_price', 'batch_id', 'note']).where('id', '=', copy.id).executeTakeFirstOrThrow())
      .toEqual({ price: 30, discount_price: 24, batch_id: batch.ID, note: 'settled' });

    await t.data(acquisitionCalls.setBatchState, { ID: batch.ID, State: 'accepted' }, 'admin'); // reopened
    expect((await t.data(bulkCalls.apply, { Barcodes: [got.Barcode], Field: 'Price', Value: '35' }, 'librarian')).Changes).toHaveLength(1);
    expect((await t.data(C.update, { ...input, Price: 35, DiscountPrice: 28, Note: 'settled' }, 'librarian')).BatchClosed).toBe(false);
  });
});
