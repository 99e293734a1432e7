import { describe, expect, it } from 'vitest';
import { catalogueCalls as C } from '../../shared/api/catalogue.ts';
import { acquisitionCalls } from '../../shared/api/acquisition.ts';
import { toIsbn10 } from '../../shared/domain/catalogue/isbn.ts';
import { basicSetsCalls as B } from '../../shared/api/basic-sets.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';

const t = useTestGateway();

/** A valid ISBN-13 not in the seed (979 group: the seed uses 978-7). */
function freshIsbn(n: number): string {
  const first12 = `979${String(100000000 + n).slice(-9)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return first12 + String((10 - (sum % 10)) % 10);
}
const areaOf = async (school = 1) => (await t.db.selectFrom('collection_areas').select('id').where('school_id', '=', school).orderBy('id').executeTakeFirstOrThrow()).id;
const item = (isbn: string, extra: Record<string, unknown> = {}) => ({ Title: '测试编目书', Author: '鲁迅 著', Publisher: '人民文学出版社', ISBN: isbn, Price: 29.8, ClassNo: 'I210.6', ...extra });

describe('cataloguing (book editing)', () => {
  it('settings: defaults, save, AFI refused until set', async () => {
    expect(await t.data(C.getEditingConfig, {}, 'admin')).toMatchObject({ BookNumberScheme: 'sequence', AFI: '' });
    expect(await t.fail(C.getAfi, {}, 'admin')).toMatchObject({ status: 409, message: '请先在编目设置中设置 AFI 初始值' });
    const cfg = { ...(await t.data(C.getEditingConfig, {}, 'admin')), AFI: '07' };
    await t.data(C.saveEditingConfig, cfg, 'admin');
    expect(await t.data(C.getAfi, {}, 'admin')).toEqual({ AFI: '07', LoanAFI: 'C2' });
    expect(await t.fail(C.saveEditingConfig, { ...cfg, AFI: 'zz' }, 'admin', 'en-US')).toMatchObject({ status: 400 });
    expect(await t.fail(C.saveEditingConfig, cfg, 'student')).toMatchObject({ status: 403 });
    expect(await t.fail(C.saveEditingConfig, { ...cfg, DefaultAreaID: await areaOf(2) }, 'admin')).toMatchObject({ status: 404 });
  });

  it('barcode sequences preview the next barcodes without taking them', async () => {
    const [seq] = await t.data(C.getBarCodeAutoAddList, {}, 'admin');
    const a = await t.data(C.getBarCodeList, { SequenceID: seq!.ID, Count: 3 }, 'admin');
    const b = await t.data(C.getBarCodeList, { SequenceID: seq!.ID, Count: 3 }, 'admin');
    expect(a.List).toHaveLength(3);
    expect(a).toEqual(b);
    expect(a.List[0]).toBe(seq!.Next);
  });

  it('call numbers: 种次号 follows the class, author numbers by pinyin', async () => {
    const r = await t.data(C.getItemListNumCalculate, { ClassNo: 'I210.6', Author: '鲁迅' }, 'admin');
    expect(r).toMatchObject({ ClassNo: 'I210.6', BookNo: '1', CallNo: 'I210.6/1', Scheme: 'sequence' });
    expect(await t.data(C.getChiIndexNum, { Author: '鲁迅 著' }, 'admin')).toEqual({ AuthorNumber: 'L89', Pinyin: 'lu xun' });
    expect(await t.data(C.getDwIndexNum, { Author: 'Smith' }, 'admin')).toEqual({ AuthorNumber: 'S65' });
    const tree = await t.data(C.getCustomClassify, {}, 'admin');
    expect(tree).toHaveLength(22);
  });

  it('scan → save a new title with 3 copies; the ISBN-10 form finds it; adding copies to it', async () => {
    const isbn = freshIsbn(1).replace(/^979/, '978');
    const isbn13 = (() => { const f = isbn.slice(0, 12); let s = 0; for (let i = 0; i < 12; i++) s += (i % 2 === 0 ? 1 : 3) * Number(f[i]); return f + String((10 - (s % 10)) % 10); })();
    expect(await t.data(C.ourLibrary, { ISBN: isbn13 }, 'admin')).toEqual({ Found: false, Source: 'our-library', Item: null });
    const area = await areaOf();
    const saved = await t.data(C.addItemsCatalogueInfo, { Item: item(isbn13), Copies: { Count: 3, AreaID: area } }, 'librarian');
    expect(saved).toMatchObject({ Created: true, CallNo: 'I210.6/1' });
    expect(saved.Copies).toHaveLength(3);
    expect(new Set(saved.Copies.map((c) => c.Barcode)).size).toBe(3);
    const found = await t.data(C.ourLibrary, { ISBN: toIsbn10(isbn13)! }, 'admin');
    expect(found).toMatchObject({ Found: true, Item: { ItemID: saved.ItemID, CopyCount: 3, BookNo: '1' } });
    // The next title in the class gets the next 种次号; the sequence moved on.
    const second = await t.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(2), { Title: '另一本' }), Copies: { Count: 1, AreaID: area } }, 'admin');
    expect(second.CallNo).toBe('I210.6/2');
    // The same ISBN again without ItemID is refused, naming the title; with ItemID copies are added.
    expect(await t.fail(C.addItemsCatalogueInfo, { Item: item(isbn13), Copies: { Count: 1, AreaID: area } }, 'admin')).toMatchObject({ status: 409, message: '该 ISBN 已编目为《测试编目书》，请为它追加复本', data: { ItemID: saved.ItemID } });
    const more = await t.data(C.addItemsCatalogueInfo, { ItemID: saved.ItemID, Item: item(isbn13), Copies: { Count: 2, AreaID: area } }, 'admin');
    expect(more).toMatchObject({ Created: false, ItemID: saved.ItemID });
    const events = await t.db.selectFrom('copy_events').select('event').where('copy_id', 'in', more.Copies.map((c) => c.ID)).execute();
    expect(events.map((e) => e.event)).toEqual(['catalogue', 'catalogue']);
  });

  it('a title bought in a typed batch takes the batch\'s resource type; another type\'s batch is refused', async () => {
    const area = await areaOf();
    const branch = (await t.db.selectFrom('collection_areas').select('branch_id').where('id', '=', area).executeTakeFirstOrThrow()).branch_id;
    const [pic, ref] = (await t.db.selectFrom('resource_types').select('id').where('school_id', '=', 1).orderBy('id').offset(2).limit(2).execute()).map((r) => r.id) as [number, number];
    const batch = (typeId: number, no: string) => t.data(acquisitionCalls.addBatch, {
      BatchNo: no, BranchID: branch, ResourceTypeID: typeId, Bookseller: '新华书店', Currency: 'CNY', DiscountRate: 85, RegisteredOn: '2026-03-01',
    }, 'admin');
    const picBatch = await batch(pic, 'TYPE-PIC');
    const refBatch = await batch(ref, 'TYPE-REF');
    const saved = await t.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(61), { Title: '小熊的绘本' }), Copies: { Count: 2, AreaID: area, BatchID: picBatch.ID } }, 'admin');
    const title = await t.db.selectFrom('titles').select('resource_type_id').where('id', '=', saved.ItemID).executeTakeFirstOrThrow();
    expect(title.resource_type_id).toBe(pic);
    // More copies in the same type's batch: fine; in another type's: refused, nothing added.
    await t.data(C.addItemsCatalogueInfo, { ItemID: saved.ItemID, Item: item(freshIsbn(61), { Title: '小熊的绘本' }), Copies: { Count: 1, AreaID: area, BatchID: picBatch.ID } }, 'admin');
    const refused = await t.fail(C.addItemsCatalogueInfo, { ItemID: saved.ItemID, Item: item(freshIsbn(61), { Title: '小熊的绘本' }), Copies: { Count: 1, AreaID: area, BatchID: refBatch.ID } }, 'admin');
    expect(refused.status).toBe(409);
    const copies = await t.db.selectFrom('copies').select((e) => e.fn.countAll().as('n')).where('title_id', '=', saved.ItemID).executeTakeFirstOrThrow();
    expect(Number(copies.n)).toBe(3);
  });

  it('refuses bad input and changes nothing', async () => {
    const area = await areaOf();
    const count = async () => Number((await t.db.selectFrom('copies').select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    expect((await t.fail(C.addItemsCatalogueInfo, { Item: item('9787020002208'), Copies: { Count: 1, AreaID: area } }, 'admin', 'en-US')).message).toBe('ISBN: the check digit is wrong; check it and scan or type it again');
    expect((await t.fail(C.addItemsCatalogueInfo, { Item: item(freshIsbn(3)), Copies: { Count: 0, AreaID: area } }, 'admin')).status).toBe(400);
    expect(await t.fail(C.addItemsCatalogueInfo, { Item: item(freshIsbn(3)), Copies: { Count: 1, AreaID: await areaOf(2) } }, 'admin')).toMatchObject({ status: 404 });
    const existing = (await t.db.selectFrom('copies').select('barcode').where('school_id', '=', 1).executeTakeFirstOrThrow()).barcode;
    expect(await t.fail(C.addItemsCatalogueInfo, { Item: item(freshIsbn(4)), Copies: { Count: 1, AreaID: area, Barcodes: [existing] } }, 'admin')).toMatchObject({ status: 409, message: `条码重复：${existing}` });
    expect(await t.fail(C.addItemsCatalogueInfo, { Item: item(freshIsbn(5)), Copies: { Count: 2, AreaID: area, Barcodes: ['X1', 'X1'] } }, 'admin')).toMatchObject({ status: 409, message: '条码重复：X1' });
    expect(await t.fail(C.addItemsCatalogueInfo, { Item: item(freshIsbn(6)), Copies: { Count: 1, AreaID: area } }, 'student')).toMatchObject({ status: 403 });
    expect(await count()).toBe(before);
    expect(await t.db.selectFrom('titles').select('id').where('isbn13', 'in', [freshIsbn(4), freshIsbn(5)]).execute()).toEqual([]);
  });

  it('two saves racing with the same typed barcode: one wins, the other is told', async () => {
    const area = await areaOf();
    const [a, b] = await Promise.all([
      t.call(C.addItemsCatalogueInfo, { Item: item(freshIsbn(7)), Copies: { Count: 1, AreaID: area, Barcodes: ['RACE-1'] } }, 'admin'),
      t.call(C.addItemsCatalogueInfo, { Item: item(freshIsbn(8)), Copies: { Count: 1, AreaID: area, Barcodes: ['RACE-1'] } }, 'admin'),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await t.db.selectFrom('copies').select('id').where('barcode', '=', 'RACE-1').execute())).toHaveLength(1);
  });

  it('English books take their Dewey number in the call number when the school says so', async () => {
    const config = await t.data(C.getEditingConfig, {}, 'admin');
    const area = await areaOf();
    const before = await t.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(40), { Title: 'Charlotte\'s Web', Author: 'White, E. B.', Language: 'en', DeweyNo: '813.54' }), Copies: { Count: 1, AreaID: area } }, 'admin');
    expect(before.CallNo.startsWith('I210.6/')).toBe(true);
    await t.data(C.saveEditingConfig, { ...config, DeweyForEnglish: true }, 'admin');
    const after = await t.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(41), { Title: 'Stuart Little', Author: 'White, E. B.', Language: 'en', DeweyNo: '813.54' }), Copies: { Count: 1, AreaID: area } }, 'admin');
    expect(after.CallNo).toBe('813.54/1');
    // A Chinese book keeps its CLC number.
    const zh = await t.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(42), { DeweyNo: '895.1' }), Copies: { Count: 1, AreaID: area } }, 'admin');
    expect(zh.CallNo.startsWith('I210.6/')).toBe(true);
  });

  it('config data: storage areas, states and events named in both languages', async () => {
    const d = await t.data(C.getConfigData, {}, 'librarian');
    expect(d.StorageAreas.map((a) => a.Code)).toEqual([1, 2, 3, 4, 5, 6, 8, 9]);
    expect(d.StorageAreas.find((a) => a.Code === 2)).toMatchObject({ Name: '流通', EnName: 'circulation', Placeable: true, Lending: true });
    expect(d.StorageAreas.find((a) => a.Code === 3)).toMatchObject({ Placeable: false, Lending: false });
    expect(d.CirculationStates.find((c) => c.Code === 'borrowed')).toMatchObject({ Name: '已借出', EnName: 'borrowed' });
    expect(d.CopyEvents.every((e) => e.Name && e.EnName && !e.Name.includes(':'))).toBe(true);
    expect((await t.fail(C.getConfigData, {}, null)).status).toBe(401);
  });
});

describe('cataloguing refuses what it cannot do in full', () => {
  it('a sequence whose next numbers were all typed by hand jumps past them', async () => {
    const area = await areaOf();
    const seq = await t.data(C.addBarcodeSequence, { Name: 'Z', Prefix: 'Z', Width: 3, NextNumber: 1, IsDefault: false }, 'admin');
    const typed = Array.from({ length: 50 }, (_, i) => `Z${String(i + 1).padStart(3, '0')}`);
    await t.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(901)), Copies: { Count: 50, AreaID: area, Barcodes: typed } }, 'admin');
    expect((await t.data(C.getBarCodeList, { SequenceID: seq.ID, Count: 2 }, 'admin')).List).toEqual(['Z051', 'Z052']);
    const r = await t.call(C.addItemsCatalogueInfo, { Item: item(freshIsbn(902)), Copies: { Count: 1, AreaID: area, SequenceID: seq.ID } }, 'admin');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.Copies.map((c: { Barcode: string }) => c.Barcode)).toEqual(['Z051']);
  });

  it('a sequence that cannot give as many barcodes as copies asked refuses the save and takes nothing', async () => {
    const area = await areaOf();
    const seq = await t.data(C.addBarcodeSequence, { Name: 'Y', Prefix: 'Y', Width: 2, NextNumber: 1, IsDefault: false }, 'admin');
    const typed = Array.from({ length: 98 }, (_, i) => `Y${String(i + 1).padStart(2, '0')}`);
    await t.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(903)), Copies: { Count: 98, AreaID: area, Barcodes: typed } }, 'admin');
    const r = await t.fail(C.addItemsCatalogueInfo, { Item: item(freshIsbn(904)), Copies: { Count: 2, AreaID: area, SequenceID: seq.ID } }, 'admin');
    expect(r).toMatchObject({ status: 409, message: '条码规则“Y”已给不出这么多条码，请加大位数或改用其他规则' });
    expect(await t.db.selectFrom('titles').select('id').where('isbn13', '=', freshIsbn(904)).execute()).toEqual([]);
    // The one number left is still there for a single copy.
    const one = await t.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(904)), Copies: { Count: 1, AreaID: area, SequenceID: seq.ID } }, 'admin');
    expect(one.Copies.map((c) => c.Barcode)).toEqual(['Y99']);
  });

  it('a sequence never issues a barcode wider than its width', async () => {
    const area = await areaOf();
    const seq = await t.data(C.addBarcodeSequence, { Name: 'W', Prefix: 'W', Width: 1, NextNumber: 9, IsDefault: false }, 'admin');
    expect((await t.data(C.getBarCodeList, { SequenceID: seq.ID, Count: 2 }, 'admin')).List).toEqual(['W9']);
    const r = await t.fail(C.addItemsCatalogueInfo, { Item: item(freshIsbn(905)), Copies: { Count: 2, AreaID: area, SequenceID: seq.ID } }, 'admin', 'en-US');
    expect(r).toMatchObject({ status: 409, message: 'The sequence “W” cannot give that many barcodes; raise its width or choose another sequence' });
    expect((await t.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(905)), Copies: { Count: 1, AreaID: area, SequenceID: seq.ID } }, 'admin')).Copies.map((c) => c.Barcode)).toEqual(['W9']);
    expect((await t.fail(C.addItemsCatalogueInfo, { Item: item(freshIsbn(906)), Copies: { Count: 1, AreaID: area, SequenceID: seq.ID } }, 'admin')).status).toBe(409);
  });

  it('refuses new copies in a collection area whose storage type cannot hold them (weeded, lost), naming the area', async () => {
    const { branch_id } = await t.db.selectFrom('collection_areas').select(['id', 'branch_id']).where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const lostArea = await t.data(B.locationAdd, { BranchID: branch_id, Code: 'LOST-1', Name: '丢失区', EnName: 'Lost', StorageArea: 6, Circulating: false, Sort: 99 }, 'admin');
    const r = await t.fail(C.addItemsCatalogueInfo, { Item: item(freshIsbn(701)), Copies: { Count: 1, AreaID: lostArea.ID } }, 'admin');
    expect(r).toMatchObject({ status: 409, message: '馆藏地“丢失区”的存放类型为「丢失」，新编目的复本不能放入，请另选馆藏地' });
    const weeded = await t.data(B.locationAdd, { BranchID: branch_id, Code: 'WEED-1', Name: '剔旧区', EnName: 'Weeded', StorageArea: 3, Circulating: false, Sort: 99 }, 'admin');
    expect((await t.fail(C.addItemsCatalogueInfo, { Item: item(freshIsbn(702)), Copies: { Count: 1, AreaID: weeded.ID } }, 'admin', 'en-US')).message).toContain('“Weeded”');
    expect(await t.db.selectFrom('titles').select('id').where('isbn13', 'in', [freshIsbn(701), freshIsbn(702)]).execute()).toEqual([]);
  });

  it('the call-number preview shelves an English book by Dewey like the save does', async () => {
    const config = await t.data(C.getEditingConfig, {}, 'admin');
    await t.data(C.saveEditingConfig, { ...config, DeweyForEnglish: true }, 'admin');
    try {
      const en = { Title: 'Matilda', Author: 'Dahl, Roald', Language: 'en', DeweyNo: '823.914', ClassNo: 'I561.84' };
      const preview = await t.data(C.getItemListNumCalculate, { ClassNo: en.ClassNo, Author: en.Author, Language: en.Language, DeweyNo: en.DeweyNo }, 'admin');
      const saved = await t.data(C.addItemsCatalogueInfo, { Item: { ...en, ISBN: freshIsbn(801), Price: 20 }, Copies: { Count: 1, AreaID: await areaOf() } }, 'admin');
      expect(preview.CallNo).toBe(saved.CallNo);
      expect(preview.ClassNo).toBe('823.914');
    } finally {
      await t.data(C.saveEditingConfig, config, 'admin');
    }
  });

  it('students cannot read the barcode sequences', async () => {
    expect((await t.fail(C.getBarCodeAutoAddList, {}, 'student')).status).toBe(403);
    expect((await t.data(C.getBarCodeAutoAddList, {}, 'librarian')).length).toBeGreaterThan(0);
  });
});

describe.skipIf(!PG_TEST_URL)('cataloguing on PostgreSQL', () => {
  const pg = useTestGateway({ postgres: true });

  it('a hand-typed book number past the sequence range does not break the class\'s next saves', async () => {
    const area = (await pg.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    await pg.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(950), { ClassNo: 'K825.6', BookNo: '20240000001' }), Copies: { Count: 1, AreaID: area } }, 'admin');
    const next = await pg.call(C.addItemsCatalogueInfo, { Item: item(freshIsbn(951), { ClassNo: 'K825.6' }), Copies: { Count: 1, AreaID: area } }, 'admin');
    expect(next.statusCode, next.body).toBe(200);
    const preview = await pg.call(C.getItemListNumCalculate, { ClassNo: 'K825.6' }, 'admin');
    expect(preview.statusCode, preview.body).toBe(200);
    expect(Number(preview.json().data.BookNo)).toBeLessThan(2 ** 31);
  });

  it('a sequence jumps past a long run of hand-typed barcodes', async () => {
    const area = (await pg.db.selectFrom('collection_areas').select('id').where('school_id', '=', 1).orderBy('id').executeTakeFirstOrThrow()).id;
    const seq = await pg.data(C.addBarcodeSequence, { Name: 'P', Prefix: 'P-', Width: 3, NextNumber: 1, IsDefault: false }, 'admin');
    const typed = Array.from({ length: 150 }, (_, i) => `P-${String(i + 1).padStart(3, '0')}`);
    await pg.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(960)), Copies: { Count: 150, AreaID: area, Barcodes: typed } }, 'admin');
    const one = await pg.data(C.addItemsCatalogueInfo, { Item: item(freshIsbn(961)), Copies: { Count: 1, AreaID: area, SequenceID: seq.ID } }, 'admin');
    expect(one.Copies.map((c) => c.Barcode)).toEqual(['P-151']);
  });
});
