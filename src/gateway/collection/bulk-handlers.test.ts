import { describe, expect, it } from 'vitest';
import { bulkCalls as C, collectionCalls } from '../../shared/api/collection.ts';
import { holdCalls } from '../../shared/api/holds.ts';
import { freeReaders, groupFor } from '../circulation/desk-fixture.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { xlsxBase64 } from '../import/xlsx-fixture.ts';

const t = useTestGateway();
const available = (n: number, offset = 0) => t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available')
  .where('id', 'not in', t.db.selectFrom('loans').select('copy_id')).orderBy('id').offset(offset).limit(n).execute();
/** Available copies on the lending shelves never lent, held or placed in a class corner. */
const neverLent = () => t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available').where('storage_area', '=', 2)
  .where('id', 'not in', t.db.selectFrom('loans').select('copy_id'))
  .where('id', 'not in', t.db.selectFrom('holds').select('copy_id').where('copy_id', 'is not', null))
  .where('id', 'not in', t.db.selectFrom('class_corner_items').select('copy_id')).orderBy('id');

describe('bulk editing and deletion', () => {
  it('the preview shows every before → after and changes nothing; the apply does exactly that, with history', async () => {
    const copies = await available(2);
    const input = { Barcodes: [...copies.map((c) => c.barcode), 'NOPE-9'], Field: 'ShelfMark' as const, Value: 'C-07' };
    const preview = await t.data(C.preview, input, 'librarian');
    expect(preview.Applied).toBe(false);
    expect(preview.Changes.map((c) => [c.Barcode, c.After])).toEqual(copies.map((c) => [c.barcode, 'C-07']));
    expect(preview.Refused.map((r) => r.Barcode)).toEqual(['NOPE-9']);
    expect((await t.db.selectFrom('copies').select('shelf_mark').where('id', '=', copies[0]!.id).executeTakeFirstOrThrow()).shelf_mark).toBe(copies[0]!.shelf_mark);
    const applied = await t.data(C.apply, input, 'librarian');
    expect({ ...applied, Applied: false }).toEqual(preview);
    const after = await t.db.selectFrom('copies').select('shelf_mark').where('id', 'in', copies.map((c) => c.id)).execute();
    expect(after.every((a) => a.shelf_mark === 'C-07')).toBe(true);
  });

  it('a bad value is refused per copy; an .xlsx with barcode and price columns; a sheet without a barcode column is named', async () => {
    // Copies of no closed batch: a closed batch's prices are settled (collection-handlers.test.ts).
    const copies = await t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available').where('batch_id', 'in', t.db.selectFrom('batches').select('id').where('state', '!=', 'closed'))
      .where('id', 'not in', t.db.selectFrom('loans').select('copy_id')).orderBy('id').offset(5).limit(2).execute();
    const bad = await t.data(C.preview, { Barcodes: [copies[0]!.barcode], Field: 'Price', Value: '12.345' }, 'librarian', );
    expect(bad.Changes).toEqual([]);
    expect(bad.Refused[0]!.Message).toContain('12.345');
    const sheet = await xlsxBase64(['条码', '单价', '备注'], [[copies[0]!.barcode, 33.5, ''], [copies[1]!.barcode, '', '待修补']]);
    const preview = await t.data(C.file, { Content: sheet, Apply: false }, 'librarian');
    expect(preview.Changes.map((c) => [c.Barcode, c.Field, c.After])).toEqual([[copies[0]!.barcode, 'Price', '33.5'], [copies[1]!.barcode, 'Note', '待修补']]);
    await t.data(C.file, { Content: sheet, Apply: true }, 'librarian');
    expect((await t.db.selectFrom('copies').select('price').where('id', '=', copies[0]!.id).executeTakeFirstOrThrow()).price).toBe(33.5);
    const noBarcode = await xlsxBase64(['书名', '单价'], [['x', 1]]);
    expect((await t.fail(C.file, { Content: noBarcode, Apply: false }, 'librarian', 'en-US')).message).toBe('The sheet has no “Barcode” (条码) column');
  });

  it('bulk deletion: the preview names refusals (on loan, lent before) and empty titles; confirm deletes only the others', async () => {
    const [free] = await available(1, 20);
    const lent = await t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'borrowed').executeTakeFirstOrThrow();
    const input = { Barcodes: [free!.barcode, lent.barcode], Confirm: false };
    const preview = await t.data(C.deleteAll, input, 'librarian');
    expect(preview.Changes.map((c) => c.Barcode)).toEqual([free!.barcode]);
    expect(preview.Refused.map((r) => r.Barcode)).toEqual([lent.barcode]);
    expect(await t.db.selectFrom('copies').select('id').where('id', '=', free!.id).executeTakeFirst()).toBeTruthy();
    const done = await t.data(C.deleteAll, { ...input, Confirm: true }, 'librarian');
    expect(done.Changes.map((c) => c.Barcode)).toEqual([free!.barcode]);
    expect(await t.db.selectFrom('copies').select('id').where('id', '=', free!.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('copies').select('id').where('id', '=', lent.id).executeTakeFirst()).toBeTruthy();
    expect((await t.fail(C.deleteAll, { ...input, Confirm: true }, 'student')).status).toBe(403);
    expect((await t.data(C.deleteAll, { Barcodes: [lent.barcode], Confirm: false }, 'admin2')).Refused).toHaveLength(1);
  });

  it('bulk deletion of a copy once bound to a closed hold deletes it (the hold stays, without the copy); the rest of the batch goes too', async () => {
    const [c, other] = await neverLent().limit(2).execute();
    const { id: _id, ...row } = await t.db.selectFrom('titles').selectAll().where('id', '=', c!.title_id).executeTakeFirstOrThrow();
    const fresh = await t.db.insertInto('titles').values({ ...row, title: `hold-del ${Date.now()}` } as never).returning('id').executeTakeFirstOrThrow();
    await t.db.updateTable('copies').set({ title_id: fresh.id }).where('id', '=', c!.id).execute();
    const [reader] = await freeReaders(t, 1);
    await groupFor(t, [reader!]);
    const placed = await t.data(holdCalls.place, { ReaderID: reader!.reader_id, TitleID: fresh.id }, 'librarian');
    await t.data(holdCalls.cancel, { HoldID: placed.Hold.ID, Note: '' }, 'librarian');
    expect((await t.db.selectFrom('holds').select('copy_id').where('id', '=', placed.Hold.ID).executeTakeFirstOrThrow()).copy_id).toBe(c!.id);
    const input = { Barcodes: [c!.barcode, other!.barcode], Confirm: false };
    const preview = await t.data(C.deleteAll, input, 'librarian');
    expect(preview.Changes.map((x) => x.Barcode)).toEqual([c!.barcode, other!.barcode]);
    const res = await t.call(C.deleteAll, { ...input, Confirm: true }, 'librarian');
    expect(res.statusCode, res.body).toBe(200);
    expect(JSON.parse(res.body).data.Changes.map((x: { Barcode: string }) => x.Barcode)).toEqual([c!.barcode, other!.barcode]);
    expect(await t.db.selectFrom('copies').select('id').where('id', 'in', [c!.id, other!.id]).execute()).toEqual([]);
    expect(await t.db.selectFrom('holds').select(['state', 'copy_id']).where('id', '=', placed.Hold.ID).executeTakeFirstOrThrow()).toEqual({ state: 'cancelled', copy_id: null });
  });

  it('a barcode scanned twice in a bulk edit is previewed, applied and recorded once', async () => {
    const c = await neverLent().limit(1).offset(10).executeTakeFirstOrThrow();
    const input = { Barcodes: [c.barcode, c.barcode], Field: 'Note' as const, Value: 'dup-scan' };
    const preview = await t.data(C.preview, input, 'librarian');
    const applied = await t.data(C.apply, input, 'librarian');
    const history = await t.db.selectFrom('copy_events').select('detail').where('copy_id', '=', c.id).where('event', '=', 'edit').execute();
    expect({ preview: preview.Changes.length, applied: applied.Changes.length, history: history.length }).toEqual({ preview: 1, applied: 1, history: 1 });
  });

  it('bulk edits keep to the copy edit form\'s limits (price at most 100000, note at most 500 characters), so the form can still save the copy', async () => {
    const [c, d] = await neverLent().limit(2).offset(30).execute();
    const r = await t.data(C.apply, { Barcodes: [c!.barcode], Field: 'Price', Value: '999999' }, 'librarian');
    const sheet = await xlsxBase64(['条码', '备注'], [[d!.barcode, 'x'.repeat(600)]]);
    const r2 = await t.data(C.file, { Content: sheet, Apply: true }, 'librarian');
    expect(r.Refused.map((x) => x.Barcode)).toEqual([c!.barcode]);
    expect(r2.Refused.map((x) => x.Barcode)).toEqual([d!.barcode]);
    const statuses = [];
    for (const id of [c!.id, d!.id]) {
      const copy = await t.data(collectionCalls.get, { ID: id }, 'librarian');
      statuses.push((await t.call(collectionCalls.update, { ID: id, Barcode: copy.Barcode, RFID: copy.RFID, AreaID: copy.AreaID!, ShelfMark: copy.ShelfMark, Price: copy.Price, DiscountPrice: copy.DiscountPrice, BatchID: copy.BatchID, Note: copy.Note }, 'librarian')).statusCode);
    }
    expect({ priceApplied: r.Changes.length, noteApplied: r2.Changes.length, editStatuses: statuses }).toEqual({ priceApplied: 0, noteApplied: 0, editStatuses: [200, 200] });
  });
});
