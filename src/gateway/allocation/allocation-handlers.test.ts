import { describe, expect, it } from 'vitest';
import { allocationCalls as C } from '../../shared/api/allocation.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

async function areaFor(branchId: number, notId: number | null, storage: number[] = [2, 8]) {
  return t.db.selectFrom('collection_areas').selectAll().where('school_id', '=', 1).where('branch_id', '=', branchId)
    .where('id', '!=', notId ?? 0).where('storage_area', 'in', storage).orderBy('id').executeTakeFirstOrThrow();
}

describe('allocation', () => {
  it('a list of barcodes moves to an area: moved ones take its storage code, refused and unknown ones are named; the records show the moves', async () => {
    // Available copies on the open shelves (storage 2 or 8): weeded or stored ones may not move.
    const first = await t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available').where('storage_area', 'in', [2, 8]).orderBy('id').executeTakeFirstOrThrow();
    const lent = await t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'borrowed').executeTakeFirstOrThrow();
    const area = await areaFor(first.branch_id, first.area_id);
    // A second one of the same branch that is not in that area already.
    const second = await t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available').where('storage_area', 'in', [2, 8]).where('branch_id', '=', first.branch_id)
      .where('area_id', '!=', area.id).where('id', '!=', first.id).orderBy('id').executeTakeFirstOrThrow();
    const copies = [first, second];
    const r = await t.data(C.allocate, { AreaID: area.id, ShelfMark: 'B-02', Barcodes: [...copies.map((c) => c.barcode), lent.barcode, 'NOPE-1'] }, 'librarian');
    expect(r.Changed, JSON.stringify(r.Refused)).toBe(2);
    expect(r.Refused.map((x) => x.Barcode).sort()).toEqual([lent.barcode, 'NOPE-1'].sort());
    const moved = await t.db.selectFrom('copies').select(['area_id', 'storage_area', 'shelf_mark']).where('id', 'in', copies.map((c) => c.id)).execute();
    expect(moved.every((m) => m.area_id === area.id && m.storage_area === area.storage_area && m.shelf_mark === 'B-02')).toBe(true);
    const records = await t.data(C.records, { Page: 1, Rows: 10, SearchKey: copies[0]!.barcode }, 'librarian');
    expect(records.List[0]).toMatchObject({ Barcode: copies[0]!.barcode, ToArea: area.name, ToStorage: area.storage_area });
  });

  it('scanning one copy: moved and returned; twice is "already there"; another school\'s area or copy is not found', async () => {
    const copy = await t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available').orderBy('id', 'desc').executeTakeFirstOrThrow();
    const area = await areaFor(copy.branch_id, copy.area_id);
    expect(await t.data(C.scan, { AreaID: area.id, Barcode: copy.barcode }, 'librarian')).toMatchObject({ ID: copy.id, AreaID: area.id });
    expect((await t.fail(C.scan, { AreaID: area.id, Barcode: copy.barcode }, 'librarian', 'en-US')).message).toBe(`Copy ${copy.barcode} is already in this area`);
    const area2 = await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 2).executeTakeFirstOrThrow();
    expect((await t.fail(C.scan, { AreaID: area2.id, Barcode: copy.barcode }, 'librarian')).status).toBe(404);
    expect((await t.fail(C.scan, { AreaID: area.id, Barcode: copy.barcode }, 'admin2')).status).toBe(404);
    // A weeded-storage area is no target.
    const weeded = await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).where('branch_id', '=', copy.branch_id).where('storage_area', '=', 3).executeTakeFirst();
    if (weeded) expect((await t.fail(C.scan, { AreaID: weeded.id, Barcode: copy.barcode }, 'librarian')).status).toBe(409);
    expect((await t.fail(C.scan, { AreaID: area.id, Barcode: copy.barcode }, 'student')).status).toBe(403);
  });
});
