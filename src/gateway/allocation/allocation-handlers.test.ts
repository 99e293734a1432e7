import { describe, expect, it } from 'vitest';
import { allocationCalls as C } from '../../shared/api/allocation.ts';
import { circulationCalls } from '../../shared/api/circulation.ts';
import { classCornerCalls } from '../../shared/api/class-corner.ts';
import { addStaff, freeReaders, groupFor } from '../circulation/desk-fixture.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

async function areaFor(branchId: number, notId: number | null, storage: number[] = [2, 8]) {
  return t.db.selectFrom('collection_areas').selectAll().where('school_id', '=', 1).where('branch_id', '=', branchId)
    .where('id', '!=', notId ?? 0).where('storage_area', 'in', storage).orderBy('id').executeTakeFirstOrThrow();
}

/** Available copies of a branch on the lending shelves never lent, held or placed in a class corner. */
const neverLent = (branchId: number) => t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).where('circ_state', '=', 'available').where('storage_area', '=', 2)
  .where('id', 'not in', t.db.selectFrom('loans').select('copy_id'))
  .where('id', 'not in', t.db.selectFrom('holds').select('copy_id').where('copy_id', 'is not', null))
  .where('id', 'not in', t.db.selectFrom('class_corner_items').select('copy_id')).where('branch_id', '=', branchId).orderBy('id');

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

  it('a copy outside the caller\'s branches is refused as unknown, named by its barcode', async () => {
    await addStaff(t, 'alloc1', ['collection.copies.allocate'], [1]);
    t.app.permissions.forget();
    const c = await neverLent(2).executeTakeFirstOrThrow();
    const r = await t.data(C.allocate, { AreaID: 1, Barcodes: [c.barcode] }, 'alloc1');
    expect(r.Changed).toBe(0);
    expect(r.Refused).toEqual([{ ID: 0, Barcode: c.barcode, Message: expect.stringContaining(c.barcode) }]);
  });

  it('allocating a copy to the area it is in is refused per copy, like the scan, and writes no move', async () => {
    const c = await neverLent(1).limit(1).offset(20).executeTakeFirstOrThrow();
    const r = await t.call(C.allocate, { AreaID: c.area_id!, Barcodes: [c.barcode] }, { as: 'librarian', lang: 'en-US' });
    const moves = await t.db.selectFrom('copy_events').select('detail').where('copy_id', '=', c.id).where('event', '=', 'allocate').execute();
    const data = JSON.parse(r.body).data as { Changed: number; Refused: unknown[] };
    expect({ changed: data.Changed, refused: data.Refused, moves: moves.length }).toEqual({ changed: 0, refused: [{ ID: c.id, Barcode: c.barcode, Message: `Copy ${c.barcode} is already in this area` }], moves: 0 });
  });

  it('a copy in a class corner is not moved by allocation (taken back from the corner first) and stays lendable in the corner only', async () => {
    const deptId = (await t.db.selectFrom('users').select('dept_id').where('account', '=', 'classlib').executeTakeFirstOrThrow()).dept_id!;
    await t.data(classCornerCalls.setRule, { DeptID: deptId, MaxLoans: 10, LoanDays: 14 }, 'librarian');
    const pupils = await t.db.selectFrom('users').select('id').where('dept_id', '=', deptId).where('account', '!=', 'classlib')
      .where('id', 'not in', t.db.selectFrom('class_corner_loans').select('user_id')).orderBy('id').execute();
    const c = await neverLent(1).limit(1).offset(60).executeTakeFirstOrThrow();
    await t.data(classCornerCalls.placeItem, { DeptID: deptId, Barcode: c.barcode }, 'librarian');
    const other = await areaFor(1, c.area_id, [2]);
    const moved = await t.call(C.allocate, { AreaID: other.id, Barcodes: [c.barcode] }, { as: 'librarian', lang: 'en-US' });
    expect(JSON.parse(moved.body).data).toMatchObject({ Changed: 0, Refused: [{ Barcode: c.barcode, Message: expect.stringContaining('class corner') }] });
    expect((await t.fail(C.scan, { AreaID: other.id, Barcode: c.barcode }, 'librarian')).status).toBe(409);
    const [reader] = await freeReaders(t, 1);
    await groupFor(t, [reader!]);
    const desk = await t.call(circulationCalls.literatureCirc, { UserID: reader!.id, Barcode: c.barcode }, 'librarian');
    const corner = await t.call(classCornerCalls.lend, { DeptID: deptId, UserID: pupils.at(-1)!.id, Barcode: c.barcode }, 'classlib');
    expect({ deskLend: desk.statusCode, cornerLend: corner.statusCode }).toEqual({ deskLend: 409, cornerLend: 200 });
  });
});
