import { describe, expect, it } from 'vitest';
import { useTestGateway, type TestGateway } from '../testing/gateway-fixture.ts';
import { PG_TEST_URL } from '../testing/pg-test-db.ts';
import { forgetParsed, importParsed, parseMarcFile, recallParsed, rememberParsed, type DuplicatePolicy, type ParsedFile, type ParsedRecord } from './marc-import.ts';
import { writeIso2709 } from './iso2709-writer.ts';
import { mapCatalogueToMarc } from './marc-mapping.ts';
import { syntheticTitle } from './marc-fixture.ts';
import { DEFAULT_MARC_RULES, type CatalogueDraft, type CopyDraft } from '../../shared/domain/marc-rules.ts';
import { searchTitles } from '../collection/title-handlers.ts';

let n = 0;
function record(item: Partial<CatalogueDraft> & { title: string }, copies: CopyDraft[] = []): ParsedRecord {
  n += 1;
  return { index: n - 1, offset: n * 100, controlNumber: `C${n}`, item: { authors: [], subjects: [], ...item }, copies, problems: [], broken: false };
}
const file = (records: ParsedRecord[]): ParsedFile => ({ records: records.map((r, index) => ({ ...r, index })), flavours: ['unimarc'], encodings: ['utf-8'], at: Date.now() });

async function run(t: TestGateway, records: ParsedRecord[], policy: DuplicatePolicy, chunk = 2) {
  return importParsed({ app: t.app, schoolId: 2, userId: 1, fileId: `00000000-0000-0000-0000-${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`, file: file(records), policy, withCopies: true, areaId: null, lang: 'en-US', chunk }, async () => undefined, new AbortController().signal);
}

function importTests(t: TestGateway) {
  it('lands repeated ISBNs on one title across chunks, refuses barcodes used before in the catalogue or the file, numbers a class in file order, and indexes the words', async () => {
    const area = await t.db.selectFrom('collection_areas').select('code').where('school_id', '=', 2).orderBy('id').executeTakeFirstOrThrow();
    const taken = await t.db.selectFrom('copies').select('barcode').where('school_id', '=', 2).executeTakeFirstOrThrow();
    const records: ParsedRecord[] = [
      record({ title: '量子花园', isbn: '9787020024803', classNumber: 'O413' }, [{ barcode: 'MI-1', location: area.code }]),
      record({ title: '量子花园', isbn: '9787020024803', classNumber: 'O413' }, [{ barcode: 'MI-2' }]),
      record({ title: '云上的图书馆', isbn: '9787020024810', classNumber: 'O413', subjects: ['图书馆学普及'] }, [{ barcode: 'MI-1' }, { barcode: taken.barcode }, {}]),
      record({ title: '无号之书', classNumber: 'O413', bookNumber: '77' }, [{}]),
      { ...record({ title: '' }), item: null, broken: true, problems: [{ code: 'map.noTitle', detail: 'map.noTitle' }] },
    ];
    const { counts, report } = await run(t, records, 'merge');
    expect(counts).toMatchObject({ imported: 3, merged: 1, refused: 1, copies: 4, copiesRefused: 2, committed: 5 });
    expect(report.filter((l) => l.includes('MI-1') || l.includes(taken.barcode))).toHaveLength(2);
    const titles = await t.db.selectFrom('titles').select(['id', 'title', 'book_no']).where('school_id', '=', 2).where('class_no', '=', 'O413').orderBy('id').execute();
    expect(titles.map((x) => [x.title, x.book_no])).toEqual([['量子花园', '1'], ['云上的图书馆', '2'], ['无号之书', '77']]);
    const copies = await t.db.selectFrom('copies').select(['title_id', 'barcode', 'call_no']).where('school_id', '=', 2).where('title_id', 'in', titles.map((x) => x.id)).orderBy('id').execute();
    expect(copies.filter((c) => c.title_id === titles[0]!.id).map((c) => c.barcode)).toEqual(['MI-1', 'MI-2']);
    expect(copies.filter((c) => c.title_id === titles[1]!.id)).toHaveLength(1);
    expect(copies.find((c) => c.title_id === titles[2]!.id)?.call_no).toBe('O413/77');
    expect(new Set(copies.map((c) => c.barcode)).size).toBe(copies.length);
    expect((await searchTitles(t.db, 2, { SearchKey: '图书馆学', Page: 1, Rows: 10 })).List.map((x) => x.Title)).toEqual(['云上的图书馆']);

    // Again with replace: the same ISBNs change their titles in place, the index follows.
    const again = await run(t, [record({ title: '量子花园（修订版）', isbn: '9787020024803', classNumber: 'O413' })], 'replace');
    expect(again.counts).toMatchObject({ imported: 0, replaced: 1 });
    expect((await searchTitles(t.db, 2, { SearchKey: '修订版', Page: 1, Rows: 10 })).List.map((x) => x.ID)).toEqual([titles[0]!.id]);
    const skipped = await run(t, [record({ title: 'x', isbn: '9787020024810' })], 'skip');
    expect(skipped.counts).toMatchObject({ skipped: 1, imported: 0 });
    expect(skipped.report[0]).toContain('云上的图书馆');
  });
}

describe('MARC import, a chunk at a time (SQLite)', () => importTests(useTestGateway()));
describe.skipIf(!PG_TEST_URL)('MARC import, a chunk at a time (PostgreSQL)', () => importTests(useTestGateway({ postgres: true })));

describe('reading a large file', () => {
  it('gives the event loop a turn every thousand records (the desks share the gateway), every record read in order', async () => {
    const records = Array.from({ length: 2500 }, (_, i) => {
      const x = syntheticTitle(i);
      return writeIso2709(mapCatalogueToMarc(x.item, x.copies, x.flavour, { controlNumber: `T${i}` }));
    });
    let turns = 0;
    let on = true;
    const tick = () => {
      if (!on) return;
      turns += 1;
      setImmediate(tick);
    };
    setImmediate(tick);
    const file = await parseMarcFile(Buffer.concat(records), DEFAULT_MARC_RULES);
    on = false;
    expect(file.records).toHaveLength(2500);
    expect(file.records.every((r, i) => r.index === i && !r.broken && r.controlNumber === `T${i}`)).toBe(true);
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});

describe('parsed files kept in memory', () => {
  it('keeps at most 60,000 records of earlier files, the oldest going first, and always the file just read', () => {
    const sized = (count: number): ParsedFile => ({ records: Array.from({ length: count }, (_, i) => ({ index: i }) as ParsedRecord), flavours: [], encodings: [], at: Date.now() });
    const ids = ['a', 'b', 'c', 'd'].map((x) => `${x.repeat(8)}-0000-0000-0000-000000000000`);
    rememberParsed(9, ids[0]!, sized(25_000));
    rememberParsed(9, ids[1]!, sized(25_000));
    expect([recallParsed(9, ids[0]!), recallParsed(9, ids[1]!)].every(Boolean)).toBe(true);
    rememberParsed(9, ids[2]!, sized(25_000));
    expect(recallParsed(9, ids[0]!)).toBeUndefined();
    expect(recallParsed(9, ids[1]!)?.records.length).toBe(25_000);
    // A file larger than the limit is kept on its own; what came before it goes.
    rememberParsed(9, ids[3]!, sized(90_000));
    expect([ids[1], ids[2]].map((id) => recallParsed(9, id!))).toEqual([undefined, undefined]);
    expect(recallParsed(9, ids[3]!)?.records.length).toBe(90_000);
    forgetParsed(9, ids[3]!);
    expect(recallParsed(9, ids[3]!)).toBeUndefined();
  });
});
