import { describe, expect, it } from 'vitest';
import { labelCalls as C } from '../../shared/api/collection.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

describe('label transfer', () => {
  it('a new barcode and tag for a copy, history kept; a value in use is refused, also in a race', async () => {
    const [a, b] = await t.db.selectFrom('copies').selectAll().where('school_id', '=', 1).orderBy('id').limit(2).execute();
    const moved = await t.data(C.transfer, { Code: a!.barcode, NewBarcode: 'NEW-0001', NewRFID: 'e0040150aabbccdd' }, 'librarian');
    expect(moved).toMatchObject({ ID: a!.id, Barcode: 'NEW-0001', RFID: 'E0040150AABBCCDD' });
    const history = await t.data(C.history, { Page: 1, Rows: 10, SearchKey: 'NEW-0001' }, 'librarian');
    expect(history.List[0]).toMatchObject({ OldBarcode: a!.barcode, NewBarcode: 'NEW-0001', NewRFID: 'E0040150AABBCCDD' });
    expect((await t.fail(C.transfer, { Code: b!.barcode, NewBarcode: 'NEW-0001' }, 'librarian', 'en-US')).message).toBe('Barcode duplicated: NEW-0001');
    expect((await t.fail(C.transfer, { Code: b!.barcode, NewRFID: 'E0040150AABBCCDD' }, 'librarian', 'en-US')).message).toBe('RFID repeated: E0040150AABBCCDD');
    const race = await Promise.all([b!.barcode, 'NEW-0001'].map((code) => t.call(C.transfer, { Code: code, NewBarcode: 'RACE-77' }, 'librarian')));
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await t.fail(C.transfer, { Code: b!.barcode }, 'librarian')).status).toBe(400);
    expect((await t.fail(C.transfer, { Code: 'RACE-77', NewBarcode: 'X-1' }, 'admin2')).status).toBe(404);
  });
});
