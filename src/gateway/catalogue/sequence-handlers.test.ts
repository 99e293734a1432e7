import { describe, expect, it } from 'vitest';
import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';

describe('barcode sequences (/book-editing-rule)', () => {
  const t = useTestGateway();
  const base = { Name: '中文图书', Prefix: 'ZW', Width: 6, NextNumber: 1, IsDefault: false };

  it('adds a sequence, makes it the default, and the preview uses its format', async () => {
    const added = await t.data(C.addBarcodeSequence, { ...base, IsDefault: true }, 'admin');
    expect(added).toMatchObject({ Prefix: 'ZW', Next: 'ZW000001', IsDefault: true });
    const list = await t.data(C.getBarCodeAutoAddList, {}, 'admin');
    expect(list.filter((s) => s.IsDefault).map((s) => s.ID)).toEqual([added.ID]);
    expect((await t.data(C.getBarCodeList, { SequenceID: added.ID, Count: 2 }, 'admin')).List).toEqual(['ZW000001', 'ZW000002']);
  });

  it('refuses a taken prefix, a next number its digits cannot hold, and lowering the next number', async () => {
    const a = await t.data(C.addBarcodeSequence, { ...base, Prefix: 'EN', NextNumber: 500 }, 'admin');
    const dup = await t.fail(C.addBarcodeSequence, { ...base, Prefix: 'EN' }, 'admin', 'en-US');
    expect(dup).toMatchObject({ status: 409, message: 'Another barcode sequence already uses the prefix EN' });
    const narrow = await t.fail(C.addBarcodeSequence, { ...base, Prefix: 'N', Width: 2, NextNumber: 100 }, 'admin', 'zh-CN');
    expect(narrow.status).toBe(400);
    expect(narrow.message).toContain('100');
    const back = await t.fail(C.updateBarcodeSequence, { ...base, ID: a.ID, Prefix: 'EN', NextNumber: 499 }, 'admin', 'en-US');
    expect(back.status).toBe(409);
    expect(back.message).toContain('EN000500');
    expect(await t.data(C.updateBarcodeSequence, { ...base, ID: a.ID, Prefix: 'EN', NextNumber: 900 }, 'admin')).toMatchObject({ Next: 'EN000900' });
  });

  it('refuses a sequence that would issue another one\'s barcodes (OV with 8 digits, OV0 with 7), on add and on edit', async () => {
    const a = await t.data(C.addBarcodeSequence, { ...base, Name: '外文', Prefix: 'OV', Width: 8 }, 'admin');
    const clash = await t.fail(C.addBarcodeSequence, { ...base, Prefix: 'OV0', Width: 7 }, 'admin', 'en-US');
    expect(clash).toMatchObject({ status: 409, message: 'This would issue the same barcodes as the sequence “外文” (prefix OV, 8 digits), e.g. OV00000001; choose another prefix or width' });
    expect((await t.fail(C.addBarcodeSequence, { ...base, Prefix: 'OV00', Width: 6 }, 'admin')).status).toBe(409);
    expect((await t.data(C.addBarcodeSequence, { ...base, Prefix: 'O', Width: 9 }, 'admin')).Next).toBe('O000000001'); // OV… has a letter there
    // Same start, other lengths, or a letter after the shared start: no barcode in common.
    const b = await t.data(C.addBarcodeSequence, { ...base, Prefix: 'OV0', Width: 6 }, 'admin');
    await t.data(C.addBarcodeSequence, { ...base, Prefix: 'OVX', Width: 7 }, 'admin');
    expect((await t.fail(C.updateBarcodeSequence, { ...base, ID: b.ID, Prefix: 'OV0', Width: 7 }, 'admin')).status).toBe(409);
    expect(await t.db.selectFrom('barcode_sequences').select('width').where('id', '=', b.ID).executeTakeFirstOrThrow()).toEqual({ width: 6 });
    // A sequence edited without a change to its own format does not meet itself.
    expect(await t.data(C.updateBarcodeSequence, { ...base, Name: '外文 2', ID: a.ID, Prefix: 'OV', Width: 8 }, 'admin')).toMatchObject({ Name: '外文 2' });
  });

  it('deleting the default sequence of the settings clears it there; other schools and students cannot touch it', async () => {
    const s = await t.data(C.addBarcodeSequence, { ...base, Prefix: 'DEL' }, 'admin');
    const config = await t.data(C.getEditingConfig, {}, 'admin');
    await t.data(C.saveEditingConfig, { ...config, DefaultSequenceID: s.ID }, 'admin');
    expect((await t.fail(C.deleteBarcodeSequence, { ID: s.ID }, 'admin2')).status).toBe(404);
    expect((await t.fail(C.deleteBarcodeSequence, { ID: s.ID }, 'student')).status).toBe(403);
    await t.data(C.deleteBarcodeSequence, { ID: s.ID }, 'admin');
    expect((await t.data(C.getEditingConfig, {}, 'admin')).DefaultSequenceID).toBeNull();
    expect((await t.fail(C.deleteBarcodeSequence, { ID: s.ID }, 'admin')).status).toBe(404);
  });
});
