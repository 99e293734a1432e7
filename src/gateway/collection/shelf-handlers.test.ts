import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { shelfCalls as C } from '../../shared/api/collection.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

describe('shelves, locations, warnings, label printing and export', () => {
  it('puts scanned copies on a shelf mark; lists shelf marks and the copies on one', async () => {
    const copies = await t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available').where('storage_area', '=', 2).orderBy('id').limit(2).execute();
    const r = await t.data(C.updateLocation, { Barcodes: [copies[0]!.barcode, copies[1]!.barcode, 'NOPE-3'], AreaID: copies[0]!.area_id!, ShelfMark: 'Z-09' }, 'librarian');
    expect(r.Changed).toBe(2);
    expect(r.Refused.map((x) => x.Barcode)).toEqual(['NOPE-3']);
    expect((await t.data(C.shelfNumbers, {}, 'librarian')).find((s) => s.ShelfMark === 'Z-09')?.Copies).toBe(2);
    expect((await t.data(C.shelfItems, { Page: 1, Rows: 10, ShelfMark: 'Z-09' }, 'librarian')).Total).toBe(2);
  });

  it('warnings name why a copy needs a look', async () => {
    const w = await t.data(C.warnings, { Page: 1, Rows: 20, Kind: 'noShelfMark' }, 'librarian');
    expect(w.Total).toBeGreaterThan(0);
    expect(w.List[0]!.Detail).toBe('在流通区但没有架位号');
  });

  it('print data for at most 5000 copies, for 30 minutes, for its own user', async () => {
    const copies = await t.db.selectFrom('copies').select('barcode').where('school_id', '=', 1).orderBy('id').limit(3).execute();
    const sel = await t.data(C.printSelect, { Barcodes: copies.map((c) => c.barcode) }, 'librarian');
    const data = await t.data(C.printData, { PrintID: sel.PrintID }, 'librarian');
    expect(data.Labels.map((l) => l.Barcode)).toEqual(copies.map((c) => c.barcode));
    expect((await t.fail(C.printData, { PrintID: sel.PrintID }, 'admin', 'en-US')).message).toBe('The print data is invalid or expired, please select again');
    expect((await t.fail(C.printSelect, { Barcodes: Array.from({ length: 5001 }, (_, i) => `B${i}`) }, 'librarian', 'en-US')).message).toBe('Print at most 5000 records at once');
  });

  it('exports the filtered collection as .xlsx through a job', async () => {
    const { DataID } = await t.data(C.exportCollection, { ClassNo: 'I2' }, 'admin');
    await t.app.jobs.settled(DataID);
    const job = await t.db.selectFrom('jobs').selectAll().where('data_id', '=', DataID).executeTakeFirstOrThrow();
    expect(job.state).toBe(2);
    expect(job.data_count).toBeGreaterThan(0);
    expect(readFileSync(join(t.app.config.dataDir, job.result_path!)).subarray(0, 2).toString()).toBe('PK');
  });

  it('counts only the copies whose location or shelf mark actually changed', async () => {
    const c = await t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available').where('storage_area', '=', 2).where('branch_id', '=', 1)
      .where('id', 'not in', t.db.selectFrom('loans').select('copy_id')).orderBy('id').limit(1).offset(5).executeTakeFirstOrThrow();
    const input = { Barcodes: [c.barcode], AreaID: c.area_id!, ShelfMark: 'Z-99' };
    expect((await t.data(C.updateLocation, input, 'librarian')).Changed).toBe(1);
    expect(await t.data(C.updateLocation, input, 'librarian')).toEqual({ Changed: 0, Refused: [] });
  });
});
