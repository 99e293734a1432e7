import { describe, expect, it } from 'vitest';
import { bulkCalls as C } from '../../shared/api/collection.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { xlsxBase64 } from '../import/xlsx-fixture.ts';

const t = useTestGateway();
const available = (n: number, offset = 0) => t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available')
  .where('id', 'not in', t.db.selectFrom('loans').select('copy_id')).orderBy('id').offset(offset).limit(n).execute();

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
    const copies = await available(2, 5);
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
});
