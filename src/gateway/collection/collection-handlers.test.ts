import { describe, expect, it } from 'vitest';
import { collectionCalls as C } from '../../shared/api/collection.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

/** A seeded copy of school 1 in the given state, never lent (or lent, when asked). */
async function copyOf(opts: { circ?: string; lent?: boolean } = {}) {
  let q = t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', opts.circ ?? 'available');
  const lent = t.db.selectFrom('loans').select('copy_id');
  q = opts.lent ? q.where('id', 'in', lent) : q.where('id', 'not in', lent);
  return q.orderBy('id').executeTakeFirstOrThrow();
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
    expect(await t.data(C.list, { Page: byWords.Total + 1, Rows: 1, SearchKey: title.title.slice(0, 3) }, 'librarian')).toEqual({ List: [], Total: byWords.Total });
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
});
