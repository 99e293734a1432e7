import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_MARC_RULES, type MarcRecord } from '../../shared/domain/marc-rules.ts';
import { readIso2709, type MarcRecordRead } from './iso2709-reader.ts';
import { fitForIso2709, MarcWriteError, writeIso2709, writeIso2709File } from './iso2709-writer.ts';
import { decodeMarc8 } from './marc8.ts';
import { syntheticTitle } from './marc-fixture.ts';
import { mapCatalogueToMarc, mapMarcToCatalogue, parsePrice, splitCallNumber } from './marc-mapping.ts';
import { readMarcXml, writeMarcXml } from './marcxml.ts';

// yaz-marcdump (Debian's yaz) is the independent reader: what it reads from our bytes must be
// what we meant, and what it writes from our MARCXML must be the bytes we write.

const dir = mkdtempSync(join(tmpdir(), 'marc-rt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DATE = new Date('2026-03-01T00:00:00Z');

function yaz(args: string[], input: Buffer | string): Buffer {
  const file = join(dir, `in-${Math.random().toString(36).slice(2)}`);
  writeFileSync(file, input);
  return execFileSync('yaz-marcdump', [...args, file], { maxBuffer: 1 << 28 });
}

const sampleRecords = (n: number): MarcRecord[] => Array.from({ length: n }, (_, i) => {
  const t = syntheticTitle(i);
  return mapCatalogueToMarc(t.item, t.copies, t.flavour, { controlNumber: `R${i}`, date: DATE });
});
const readAll = (bytes: Buffer) => [...readIso2709(bytes)].map((r) => {
  if (!r.ok) throw new Error(`${r.code}: ${r.detail ?? ''} ${JSON.stringify(r.params ?? {})}`);
  return r;
});

describe('ISO 2709 and MARCXML against yaz-marcdump', () => {
  const records = sampleRecords(40);
  const iso = writeIso2709File(records);

  it('yaz reads our ISO 2709 as the records we wrote', () => {
    const viaYaz = [...readMarcXml(yaz(['-i', 'marc', '-o', 'marcxml'], iso))].map((r) => {
      if (!r.ok) throw new Error(`${r.code}: ${r.detail ?? ''} ${JSON.stringify(r.params ?? {})}`);
      return r.record;
    });
    expect(viaYaz).toEqual(records);
  });

  it('yaz writes from our MARCXML exactly the bytes we write', () => {
    const fromYaz = yaz(['-i', 'marcxml', '-o', 'marc'], writeMarcXml(records));
    expect(fromYaz.equals(iso)).toBe(true);
  });

  it('yaz line format shows our fields and subfields', () => {
    const lines = yaz(['-i', 'marc', '-o', 'line'], writeIso2709(records[0]!)).toString('utf8').split('\n');
    expect(lines).toContain('200 1  $a 数学的故事（第1册） $d Volume 1 $f 王小明著');
    expect(lines).toContain('905    $b T00000000 $c A01 $d O1-49 $e 1 $s 12.00');
  });

  it('MARCXML and ISO 2709 carry the same records both ways', () => {
    const fromXml = [...readMarcXml(writeMarcXml(records))].map((r) => (r as MarcRecordRead).record);
    expect(fromXml).toEqual(records);
    expect(writeIso2709File(fromXml).equals(iso)).toBe(true);
    expect(readAll(iso).map((r) => r.record)).toEqual(records);
  });

  it('round-trips arbitrary Unicode values through both formats', () => {
    const value = fc.string({ unit: 'grapheme', maxLength: 40 }).map((s) => s.normalize('NFC').replace(/[\u0000-\u001f\ufffe\uffff]/g, ''));
    const record = fc.record({
      title: value,
      subjects: fc.array(value, { maxLength: 3 }),
    }).map(({ title, subjects }): MarcRecord => ({
      leader: '00000nam a2200000   4500',
      fields: [
        { tag: '001', value: 'x' },
        { tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: title }] },
        ...subjects.map((s) => ({ tag: '650', ind1: ' ', ind2: '4', subfields: [{ code: 'a', value: s }] })),
      ],
    }));
    fc.assert(fc.property(fc.array(record, { minLength: 1, maxLength: 5 }), (recs) => {
      const bytes = writeIso2709File(recs);
      expect(readAll(bytes).map((r) => r.record)).toEqual(recs);
      expect([...readMarcXml(writeMarcXml(recs))].map((r) => (r as MarcRecordRead).record)).toEqual(recs);
    }), { numRuns: 200 });
  });

  it('reads MARCXML wrapped in an SRU response', () => {
    const inner = writeMarcXml(records.slice(0, 2)).replace(/^<\?xml[^>]*>\n/, '').replace('<collection xmlns="http://www.loc.gov/MARC21/slim">', '').replace('</collection>', '');
    const sru = `<?xml version="1.0"?><zs:searchRetrieveResponse xmlns:zs="http://www.loc.gov/zing/srw/"><zs:numberOfRecords>2</zs:numberOfRecords><zs:records>${
      inner.split('</record>').filter((s) => s.includes('<record>')).map((r, i) => `<zs:record><zs:recordSchema>marcxml</zs:recordSchema><zs:recordData>${r.replace('<record>', '<record xmlns="http://www.loc.gov/MARC21/slim">')}</record></zs:recordData><zs:recordPosition>${i + 1}</zs:recordPosition></zs:record>`).join('')
    }</zs:records></zs:searchRetrieveResponse>`;
    const got = [...readMarcXml(sru)];
    expect(got.map((r) => r.ok && r.record)).toEqual(records.slice(0, 2));
  });

  it('reads prefixed MARCXML inside OAI-PMH, in a declared legacy encoding', () => {
    const xml = `<?xml version="1.0" encoding="GBK"?>
<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/"><ListRecords><record><header><identifier>oai:x:1</identifier></header><metadata>
<marc:record xmlns:marc="http://www.loc.gov/MARC21/slim"><marc:leader>00000cam a2200000   4500</marc:leader>
<marc:controlfield tag="001">oai1</marc:controlfield>
<marc:datafield tag="245" ind1="1" ind2="0"><marc:subfield code="a">西游记 &amp; 其他</marc:subfield><marc:subfield code="c"><![CDATA[吴承恩 <著>]]></marc:subfield></marc:datafield>
</marc:record></metadata></record></ListRecords></OAI-PMH>`;
    const got = [...readMarcXml(iconv.encode(xml, 'gbk'))];
    expect(got).toHaveLength(1);
    const r = got[0] as MarcRecordRead;
    expect([r.controlNumber, r.flavour]).toEqual(['oai1', 'marc21']);
    expect(r.record.fields[1]).toEqual({ tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: '西游记 & 其他' }, { code: 'c', value: '吴承恩 <著>' }] });
  });

  it('reports malformed MARCXML with its position, after the records before it', () => {
    const xml = writeMarcXml(records.slice(0, 2));
    const broken = xml.replace(/<\/record>\s*<\/collection>/, '</recor></collection>');
    const got = [...readMarcXml(broken)];
    expect(got.map((r) => r.ok)).toEqual([true, false]);
    expect(got[1]).toMatchObject({ code: 'xml.malformed', controlNumber: 'R1' });
    expect([...readMarcXml('<collection xmlns="http://www.loc.gov/MARC21/slim"/>')].map((r) => !r.ok && r.code)).toEqual(['xml.noRecords']);
    expect([...readMarcXml('<!DOCTYPE x [<!ENTITY a "aaaa">]><record><leader>&a;</leader></record>')].map((r) => !r.ok && r.code)).toEqual(['xml.malformed']);
  });
});

describe('MARC-8 against yaz', () => {
  it('decodes MARC-8 records as yaz-marcdump does', () => {
    // One MARC 21 record in MARC-8: Latin diacritics, a spacing character, Cyrillic and EACC.
    const bytes = (...parts: (string | number[] | Buffer)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
    const title = bytes('Caf', [0xe2], 'e ', [0xa5], 'sop ', '\x1b(N', [0x6b, 0x6e, 0x69, 0x67, 0x61], '\x1b(B ', '\x1b$1', [0x21, 0x30, 0x21, 0x21, 0x30, 0x22], '\x1b(B', ' ', [0xe8], 'u');
    const fields: [string, Buffer][] = [['001', bytes('m8')], ['245', bytes('10\x1fa', title, '\x1fcby ', [0xf0], 'cole')]];
    const bodies = fields.map(([, b]) => Buffer.concat([b, Buffer.from([0x1e])]));
    let dirs = '';
    let pos = 0;
    fields.forEach(([tag], i) => { dirs += `${tag}${String(bodies[i]!.length).padStart(4, '0')}${String(pos).padStart(5, '0')}`; pos += bodies[i]!.length; });
    const base = 24 + dirs.length + 1;
    const rec = Buffer.concat([Buffer.from(`${String(base + pos + 1).padStart(5, '0')}nam  22${String(base).padStart(5, '0')}   4500${dirs}\x1e`, 'latin1'), ...bodies, Buffer.from([0x1d])]);
    const ours = readAll(rec)[0]!;
    expect(ours.encoding).toBe('marc-8');
    const theirs = [...readMarcXml(yaz(['-f', 'marc8', '-t', 'utf8', '-i', 'marc', '-o', 'marcxml'], rec))][0] as MarcRecordRead;
    const nfc = (r: MarcRecord) => JSON.parse(JSON.stringify(r.fields).normalize('NFC')) as unknown;
    expect(ours.record.fields).toEqual(nfc(theirs.record));
    expect(JSON.stringify(ours.record.fields)).toContain('Café Æsop КНИГА 一丁 ü');
  });

  it('decodes random MARC-8 text as yaz-marcdump does (after NFC)', () => {
    const ansel = [0xa1, 0xa2, 0xa5, 0xa6, 0xb0, 0xb2, 0xb5, 0xb9, 0xc3, 0xc5];
    const combining = [0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe8, 0xea, 0xf0, 0xf1, 0xf2];
    const token = fc.oneof(
      fc.constantFrom(...'abcdeAEIOU xyz12'.split('')).map((c) => [c.charCodeAt(0)]),
      fc.constantFrom(...ansel).map((b) => [b]),
      fc.tuple(fc.constantFrom(...combining), fc.constantFrom(0x61, 0x65, 0x6f, 0x75, 0x43)).map(([m, c]) => [m, c]),
      fc.constantFrom([0x21, 0x30, 0x21], [0x21, 0x30, 0x64], [0x21, 0x4f, 0x6d], [0x69, 0x25, 0x22]).map((t) => [0x1b, 0x24, 0x31, ...t, 0x1b, 0x28, 0x42]),
      fc.constantFrom(0x41, 0x61, 0x6b, 0x70).map((b) => [0x1b, 0x28, 0x4e, b, 0x1b, 0x28, 0x42]),
    );
    const samples = fc.sample(fc.array(token, { minLength: 1, maxLength: 12 }).map((ts) => ts.flat()), { numRuns: 500, seed: 7 });
    // One record per sample, 245$a in MARC-8; yaz-marcdump converts them all in one run. (Not
    // yaz-iconv: its command line drops characters around escape sequences in long inputs.)
    const file = Buffer.concat(samples.map((s) => {
      const body = Buffer.concat([Buffer.from('10\x1fa', 'latin1'), Buffer.from(s), Buffer.from([0x1e])]);
      const base = 24 + 12 + 1;
      return Buffer.concat([Buffer.from(`${String(base + body.length + 1).padStart(5, '0')}nam  22${String(base).padStart(5, '0')}   4500245${String(body.length).padStart(4, '0')}00000\x1e`, 'latin1'), body, Buffer.from([0x1d])]);
    }));
    const theirs = [...readMarcXml(yaz(['-f', 'marc8', '-t', 'utf8', '-i', 'marc', '-o', 'marcxml'], file))]
      .map((r) => ((r as MarcRecordRead).record.fields[0] as { subfields: { value: string }[] }).subfields[0]!.value.normalize('NFC'));
    expect(theirs).toHaveLength(samples.length);
    samples.forEach((s, i) => {
      const r = decodeMarc8(Uint8Array.from(s));
      expect(r.invalid).toBe(0);
      expect(r.text).toBe(theirs[i]);
    });
  });
});

describe('mapping', () => {
  it('gives back the same title and copies after export and import, both flavours', () => {
    for (let i = 0; i < 200; i++) {
      const t = syntheticTitle(i);
      const bytes = writeIso2709(mapCatalogueToMarc(t.item, t.copies, t.flavour, { controlNumber: `R${i}`, date: DATE }));
      const read = readAll(bytes)[0]!;
      expect(read.flavour).toBe(t.flavour);
      const back = mapMarcToCatalogue(read.record, DEFAULT_MARC_RULES[read.flavour]);
      expect(back.warnings).toEqual([]);
      expect(back.item).toEqual(t.item);
      expect(back.copies).toEqual(t.copies);
    }
  });

  it('reads a CNMARC record as Chinese systems write it', () => {
    const record: MarcRecord = {
      leader: '00000nam0 2200000   450 ',
      fields: [
        { tag: '001', value: '012004002367' },
        { tag: '010', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '7-5053-9013-9' }, { code: 'd', value: 'CNY79.00 (含光盘)' }] },
        { tag: '100', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '20040223d2004    em y0chiy0120    ea' }] },
        { tag: '101', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: 'chi' }, { code: 'c', value: 'eng' }] },
        { tag: '200', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: '计算机网络' }, { code: 'd', value: 'Computer networks' }, { code: 'f', value: '(美)塔嫩鲍姆著' }, { code: 'g', value: '潘爱民译' }] },
        { tag: '210', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '北京' }, { code: 'c', value: '清华大学出版社' }, { code: 'd', value: '2004' }] },
        { tag: '606', ind1: '0', ind2: ' ', subfields: [{ code: 'a', value: '计算机网络' }, { code: 'x', value: '高等学校' }, { code: 'j', value: '教材' }] },
        { tag: '690', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'TP393' }, { code: 'v', value: '4' }] },
        { tag: '701', ind1: ' ', ind2: '1', subfields: [{ code: 'a', value: '塔嫩鲍姆' }, { code: 'g', value: '(Tanenbaum, Andrew S.)' }] },
        { tag: '702', ind1: ' ', ind2: '0', subfields: [{ code: 'a', value: '潘爱民' }, { code: '4', value: '译' }] },
        { tag: '905', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'BJSY01' }, { code: 'b', value: '00012345' }, { code: 'c', value: 'TS' }, { code: 'd', value: 'TP393' }, { code: 'e', value: '28' }] },
        { tag: '905', ind1: ' ', ind2: ' ', subfields: [{ code: 'b', value: '00012346' }, { code: 'd', value: 'TP393' }, { code: 'e', value: '28' }, { code: 'f', value: '2' }] },
      ],
    };
    const { item, copies, warnings } = mapMarcToCatalogue(record, DEFAULT_MARC_RULES.unimarc);
    expect(item).toEqual({
      title: '计算机网络', parallelTitle: 'Computer networks', statement: '(美)塔嫩鲍姆著; 潘爱民译', authors: ['塔嫩鲍姆', '潘爱民'],
      publisher: '清华大学出版社', place: '北京', year: '2004', isbn: '7505390139', price: 79, currency: 'CNY', classNumber: 'TP393',
      bookNumber: '28', language: 'chi', subjects: ['计算机网络--高等学校'],
    });
    expect(copies).toEqual([
      { barcode: '00012345', location: 'TS', callNumber: 'TP393/28' },
      { barcode: '00012346', callNumber: 'TP393/28:2' },
    ]);
    expect(warnings).toEqual([]);
  });

  it('reads a MARC 21 record with ISBD punctuation and says what is wrong', () => {
    const record: MarcRecord = {
      leader: '00000cam a2200000 i 4500',
      fields: [
        { tag: '008', value: '190523s2019    nyu           000 1 eng d' },
        { tag: '020', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '9780140449137 (pbk.)' }, { code: 'c', value: '$12.99' }] },
        { tag: '100', ind1: '1', ind2: ' ', subfields: [{ code: 'a', value: 'White, E. B.,' }, { code: 'e', value: 'author.' }] },
        { tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: "Charlotte's web /" }, { code: 'c', value: 'by E.B. White ; pictures by Garth Williams.' }] },
        { tag: '264', ind1: ' ', ind2: '1', subfields: [{ code: 'a', value: 'New York :' }, { code: 'b', value: 'Harper,' }, { code: 'c', value: '[2019]' }] },
        { tag: '300', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '184 pages :' }, { code: 'b', value: 'illustrations ;' }] },
        { tag: '650', ind1: ' ', ind2: '0', subfields: [{ code: 'a', value: 'Pigs' }, { code: 'v', value: 'Juvenile fiction.' }] },
        { tag: '650', ind1: ' ', ind2: '0', subfields: [{ code: 'a', value: 'Friendship' }, { code: 'x', value: 'Fiction.' }] },
        { tag: '082', ind1: '0', ind2: '4', subfields: [{ code: 'a', value: '[Fic]' }, { code: '2', value: '23' }] },
        { tag: '084', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: 'I712.85' }, { code: '2', value: 'clc' }] },
        { tag: '952', ind1: ' ', ind2: ' ', subfields: [{ code: 'p', value: '39000000123' }, { code: 'o', value: 'I712.85/W58' }, { code: 'g', value: '12.99' }] },
      ],
    };
    const { item, copies, warnings } = mapMarcToCatalogue(record, DEFAULT_MARC_RULES.marc21);
    expect(item).toMatchObject({
      title: "Charlotte's web", statement: 'by E.B. White ; pictures by Garth Williams', authors: ['White, E. B.'], place: 'New York', publisher: 'Harper',
      year: '2019', isbn: '9780140449137', price: 12.99, currency: 'USD', classNumber: 'I712.85', deweyNumber: '[Fic]', language: 'eng',
      extent: '184 pages', subjects: ['Pigs', 'Friendship--Fiction'],
    });
    expect(copies).toEqual([{ barcode: '39000000123', callNumber: 'I712.85/W58', price: 12.99 }]);
    expect(warnings.map((w) => w.code)).toEqual(['map.badIsbn']); // 9780140449137 has a wrong check digit
  });

  it('parses prices and call numbers the way Chinese and English records write them', () => {
    expect(parsePrice('CNY29.80')).toEqual({ price: 29.8, currency: 'CNY' });
    expect(parsePrice('￥25.00元')).toEqual({ price: 25, currency: 'CNY' });
    expect(parsePrice('$1,299.50 (hbk.)')).toEqual({ price: 1299.5, currency: 'USD' });
    expect(parsePrice('GBP7.99')).toEqual({ price: 7.99, currency: 'GBP' });
    expect(parsePrice('free')).toBeUndefined();
    expect(splitCallNumber('I247.5/123:2')).toEqual({ classNo: 'I247.5', bookNo: '123', extra: '2' });
    expect(splitCallNumber('TP393')).toEqual({ classNo: 'TP393' });
  });
});

describe('writer limits', () => {
  it('refuses a field it cannot represent, and fitForIso2709 shortens it on a character boundary', () => {
    const long: MarcRecord = { leader: '00000nam a2200000   4500', fields: [{ tag: '001', value: 'L' }, { tag: '520', ind1: ' ', ind2: ' ', subfields: [{ code: 'a', value: '长'.repeat(5000) }] }] };
    expect(() => writeIso2709(long)).toThrow(MarcWriteError);
    const { record, warnings } = fitForIso2709(long);
    expect(warnings.map((w) => [w.code, w.tag])).toEqual([['field.tooLong', '520']]);
    const back = readAll(writeIso2709(record))[0]!;
    expect(back.warnings).toEqual([]);
    const value = (back.record.fields[1] as { subfields: { value: string }[] }).subfields[0]!.value;
    expect(value).toMatch(/^长+$/);
    expect(Buffer.byteLength(value) + 5).toBeLessThanOrEqual(9999);
  });
});
