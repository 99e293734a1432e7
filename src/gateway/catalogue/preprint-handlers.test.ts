import { describe, expect, it } from 'vitest';
import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { formatBarcode } from '../../shared/domain/catalogue/barcode-sequence.ts';

const t = useTestGateway();

async function sequence(schoolId = 1) {
  return t.db.selectFrom('barcode_sequences').selectAll().where('school_id', '=', schoolId).orderBy('is_default', 'desc').orderBy('id').executeTakeFirstOrThrow();
}

describe('pre-printed barcode ranges', () => {
  it('takes the range from the sequence (cataloguing never issues it again), passing over numbers copies already have', async () => {
    const seq = await sequence();
    // A copy already holds the second number of the coming range.
    const clash = formatBarcode(seq.prefix, seq.width, seq.next_number + 1);
    const copy = await t.db.selectFrom('copies').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    await t.db.updateTable('copies').set({ barcode: clash }).where('id', '=', copy.id).execute();
    const batch = await t.db.selectFrom('batches').select(['id', 'batch_no']).where('school_id', '=', 1).where('state', '!=', 'closed').orderBy('id').executeTakeFirstOrThrow();

    const r = await t.data(C.reservePreprint, { SequenceID: seq.id, Count: 5, BatchID: batch.id, Note: '三年级捐赠' }, 'librarian');
    const expected = [0, 2, 3, 4, 5].map((k) => formatBarcode(seq.prefix, seq.width, seq.next_number + k));
    expect(r.Barcodes).toEqual(expected);
    expect(r).toMatchObject({ First: expected[0], Last: expected[4], Count: 5, BatchNo: batch.batch_no, Note: '三年级捐赠', Sequence: seq.name });
    expect((await sequence()).next_number).toBe(seq.next_number + 6);
    // The next automatic barcode comes after the range.
    const next = await t.data(C.getBarCodeList, { SequenceID: seq.id, Count: 1 }, 'librarian');
    expect(JSON.stringify(next)).toContain(formatBarcode(seq.prefix, seq.width, seq.next_number + 6));

    const list = await t.data(C.preprints, { Page: 1, Rows: 20 }, 'librarian');
    expect(list.List[0]).toMatchObject({ ID: r.ID, First: expected[0], Count: 5 });
    expect((await t.data(C.preprints, { Page: 1, Rows: 20, SearchKey: '捐赠' }, 'librarian')).Total).toBe(1);
    // Another school sees none of it and cannot reserve from this school's sequence.
    expect((await t.data(C.preprints, { Page: 1, Rows: 20 }, 'admin2')).List.some((p) => p.ID === r.ID)).toBe(false);
    expect((await t.fail(C.reservePreprint, { SequenceID: seq.id, Count: 1 }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.preprintBarcodes, { ID: r.ID }, 'admin2')).status).toBe(404);
  });

  it('the printable view opens by token without signing in, for 30 minutes; a reprint renews it', async () => {
    const seq = await sequence();
    const r = await t.data(C.reservePreprint, { SequenceID: seq.id, Count: 3 }, 'librarian');
    const view = await t.data(C.preprintView, { Token: r.ViewToken }, null);
    expect(view).toMatchObject({ First: r.First, Last: r.Last, Barcodes: r.Barcodes });
    expect(Date.parse(view.ViewExpires) - Date.now()).toBeGreaterThan(29 * 60_000);

    expect((await t.fail(C.preprintView, { Token: 'no-such-token' }, null, 'en-US')).message).toBe('The print data is invalid or expired, please select again');
    await t.db.updateTable('barcode_preprints').set({ view_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', r.ID).execute();
    expect((await t.fail(C.preprintView, { Token: r.ViewToken }, null, 'zh-CN')).message).toBe('打印数据无效或已过期，请重新选择');

    const again = await t.data(C.preprintBarcodes, { ID: r.ID }, 'librarian');
    expect(again.Barcodes).toEqual(r.Barcodes);
    expect(again.ViewToken).not.toBe(r.ViewToken);
    expect((await t.data(C.preprintView, { Token: again.ViewToken }, null)).Barcodes).toEqual(r.Barcodes);
    expect((await t.fail(C.preprintView, { Token: r.ViewToken }, null)).status).toBe(409);
  });

  it('refuses a closed batch (it takes no more copies) and takes no barcode', async () => {
    const seq = await sequence();
    const closed = await t.db.selectFrom('batches').select(['id', 'batch_no']).where('school_id', '=', 1).where('state', '=', 'closed').orderBy('id').executeTakeFirstOrThrow();
    const r = await t.fail(C.reservePreprint, { SequenceID: seq.id, Count: 5, BatchID: closed.id }, 'librarian', 'en-US');
    expect(r).toMatchObject({ status: 409, message: `Batch ${closed.batch_no} is closed and takes no new copies` });
    expect((await sequence()).next_number).toBe(seq.next_number);
  });

  it('refuses a count over the print limit, a missing sequence, and readers', async () => {
    const seq = await sequence();
    expect((await t.fail(C.reservePreprint, { SequenceID: seq.id, Count: 5001 }, 'librarian')).status).toBe(400);
    expect((await t.fail(C.reservePreprint, { Count: 5 }, 'librarian', 'en-US')).message).toContain('Choose a barcode sequence');
    expect((await t.fail(C.reservePreprint, { SequenceID: seq.id, Count: 1 }, 'student')).status).toBe(403);
    expect((await t.fail(C.preprints, { Page: 1, Rows: 20 }, 'student')).status).toBe(403);
  });
});
