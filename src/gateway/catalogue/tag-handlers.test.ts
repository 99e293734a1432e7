import { describe, expect, it } from 'vitest';
import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

const t = useTestGateway();

describe('linking a written tag to its copy', () => {
  it('links once, repeats harmlessly, refuses another copy\'s UID and a second tag, records it; another school sees nothing', async () => {
    const [a, b] = await t.db.selectFrom('copies').select(['id', 'barcode']).where('school_id', '=', 1).where('rfid', 'is', null).orderBy('id').limit(2).execute();
    expect(await t.data(C.linkTag, { Barcode: a!.barcode, RFID: 'e004015012345678' }, 'librarian')).toEqual({ ID: a!.id, Barcode: a!.barcode, RFID: 'E004015012345678' });
    expect((await t.data(C.linkTag, { Barcode: a!.barcode, RFID: 'E004015012345678' }, 'librarian')).RFID).toBe('E004015012345678');
    expect((await t.fail(C.linkTag, { Barcode: b!.barcode, RFID: 'E004015012345678' }, 'librarian', 'en-US')).message).toBe('RFID repeated: E004015012345678');
    expect((await t.fail(C.linkTag, { Barcode: a!.barcode, RFID: 'E0040150AAAAAAAA' }, 'librarian', 'en-US')).message)
      .toBe(`Copy ${a!.barcode} already has tag E004015012345678; replace a tag with label transfer`);
    const events = await t.db.selectFrom('copy_events').select('event').where('copy_id', '=', a!.id).where('event', '=', 'tag').execute();
    expect(events).toHaveLength(1);
    expect((await t.fail(C.linkTag, { Barcode: b!.barcode, RFID: 'E0040150BBBBBBBB' }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.linkTag, { Barcode: b!.barcode, RFID: 'not-hex' }, 'librarian')).status).toBe(400);
  });

  it('two desks linking the same UID at once: exactly one wins', async () => {
    const [a, b] = await t.db.selectFrom('copies').select(['barcode']).where('school_id', '=', 1).where('rfid', 'is', null).orderBy('id', 'desc').limit(2).execute();
    const results = await Promise.all([a, b].map((c) => t.call(C.linkTag, { Barcode: c!.barcode, RFID: 'E0040150CCCCCCCC' }, { as: 'librarian' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
