import fc from 'fast-check';
import iconv from 'iconv-lite';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { DataField, MarcRecord } from '../../shared/domain/marc-rules.ts';
import { readIso2709, readIso2709Stream, type MarcProblem, type MarcReadResult, type MarcRecordRead } from './iso2709-reader.ts';
import { writeIso2709 } from './iso2709-writer.ts';

// ---- building files byte by byte (a messy file is the point, so no writer shortcuts) ----

type RawField = [tag: string, body: Buffer | string];
const FT = '\x1e';
const RT = '\x1d';

/** A data field body: indicators, then $code value pairs; values may be raw bytes. */
function df(ind: string, ...subs: (string | Buffer)[]): Buffer {
  const parts: Buffer[] = [Buffer.from(ind, 'latin1')];
  for (let i = 0; i < subs.length; i += 2) {
    parts.push(Buffer.from(`\x1f${subs[i] as string}`, 'latin1'));
    const v = subs[i + 1]!;
    parts.push(Buffer.isBuffer(v) ? v : Buffer.from(v, 'utf8'));
  }
  return Buffer.concat(parts);
}

interface RawOptions {
  leader9?: string;
  /** Replace leader/00-04 (the record length). */
  length?: string;
  /** Write the directory length field with 5 digits for fields over 9,999 bytes (a 13-byte entry). */
  wideEntries?: boolean;
  /** Write field lengths modulo 10,000, as careless writers do. */
  wrapLengths?: boolean;
  noTerminator?: boolean;
}

function raw(fields: RawField[], o: RawOptions = {}): Buffer {
  const bodies = fields.map(([, b]) => Buffer.concat([Buffer.isBuffer(b) ? b : Buffer.from(b, 'utf8'), Buffer.from(FT)]));
  let dir = '';
  let pos = 0;
  fields.forEach(([tag], i) => {
    const n = bodies[i]!.length;
    const len = n > 9999 && o.wideEntries ? String(n).padStart(5, '0') : String(o.wrapLengths ? n % 10000 : n).padStart(4, '0');
    dir += tag + len + String(pos).padStart(5, '0');
    pos += n;
  });
  const base = 24 + dir.length + 1;
  const total = base + pos + (o.noTerminator ? 0 : 1);
  const leader = `${o.length ?? String(total).padStart(5, '0')}nam ${o.leader9 ?? 'a'}22${String(base).padStart(5, '0')}   4500`;
  return Buffer.concat([Buffer.from(leader + dir + FT, 'latin1'), ...bodies, Buffer.from(o.noTerminator ? '' : RT, 'latin1')]);
}

const sample = (n: number, extra: RawField[] = []): Buffer => raw([
  ['001', `rec${n}`],
  ['245', df('10', 'a', `Title ${n}`, 'c', 'by Somebody')],
  ['650', df(' 0', 'a', 'Mathematics')],
  ...extra,
]);

const all = (bytes: Uint8Array): MarcReadResult[] => [...readIso2709(bytes)];
const records = (rs: MarcReadResult[]) => rs.filter((r): r is MarcRecordRead => r.ok);
const problems = (rs: MarcReadResult[]) => rs.filter((r): r is MarcProblem => !r.ok);
const codes = (r: MarcRecordRead) => r.warnings.map((w) => w.code);
const sub = (rec: MarcRecord, tag: string, code: string) =>
  (rec.fields.find((f) => f.tag === tag) as DataField | undefined)?.subfields.find((s) => s.code === code)?.value;
const control = (rec: MarcRecord, tag: string) => {
  const f = rec.fields.find((x) => x.tag === tag);
  return f && 'value' in f ? f.value : undefined;
};

describe('readIso2709: well-formed input', () => {
  it('reads records with exact offsets and no warnings', () => {
    const a = sample(1);
    const b = sample(2);
    const rs = all(Buffer.concat([a, b]));
    expect(rs.map((r) => [r.ok, r.index, r.offset, r.length])).toEqual([[true, 0, 0, a.length], [true, 1, a.length, b.length]]);
    const r = records(rs)[0]!;
    expect(r.warnings).toEqual([]);
    expect(r.controlNumber).toBe('rec1');
    expect(r.flavour).toBe('marc21');
    expect(r.record.leader).toBe('00000nam a2200000   4500');
    expect(sub(r.record, '245', 'a')).toBe('Title 1');
    expect((r.record.fields[1] as DataField).ind1).toBe('1');
  });

  it('reports an empty file once', () => {
    // Nothing to add to the message for an empty file; one of line breaks says what it holds.
    expect(all(Buffer.alloc(0))).toEqual([{ ok: false, index: 0, offset: 0, length: 0, code: 'file.empty' }]);
    expect(problems(all(Buffer.from('\r\n\r\n')))).toEqual([{ ok: false, index: 0, offset: 0, length: 4, code: 'file.empty', detail: 'file.onlySeparators' }]);
  });
});

describe('readIso2709: messy files', () => {
  it('uses the record terminator when the leader length is blank', () => {
    const bad = Buffer.from(sample(1));
    bad.write('     ', 0, 'latin1');
    const rs = all(Buffer.concat([bad, sample(2)]));
    expect(records(rs)).toHaveLength(2);
    expect(records(rs)[0]!.warnings).toEqual([{ code: 'leader.badLength', detail: 'leader.badLengthBlank' }]);
    expect(records(rs)[1]!.warnings).toEqual([]);
  });

  it('uses the record terminator when the leader length is wrong either way', () => {
    const short = raw([['001', 'a'], ['245', df('10', 'a', 'Short')]], { length: '00030' });
    const long = raw([['001', 'b'], ['245', df('10', 'a', 'Long')]], { length: '09999' });
    const rs = all(Buffer.concat([short, long, sample(3)]));
    expect(records(rs).map((r) => sub(r.record, '245', 'a'))).toEqual(['Short', 'Long', 'Title 3']);
    expect(records(rs).map((r) => codes(r))).toEqual([['leader.badLength'], ['leader.badLength'], []]);
    expect(records(rs)[0]!.warnings[0]).toEqual({ code: 'leader.badLength', detail: 'leader.badLength', params: { declared: 30, actual: short.length } });
  });

  it('skips line breaks between records and says so once', () => {
    const file = Buffer.concat([sample(1), Buffer.from('\r\n'), sample(2), Buffer.from('\n'), sample(3), Buffer.from('\r\n')]);
    const rs = all(file);
    expect(records(rs)).toHaveLength(3);
    expect(problems(rs)).toEqual([]);
    expect(records(rs).map(codes)).toEqual([[], ['file.separators'], []]);
    expect(records(rs)[1]!.offset).toBe(sample(1).length + 2);
  });

  it('keeps every repair of one record, and the line-break note for a record when a problem comes first', () => {
    const a = raw([['001', 'a'], ['245', df('10', 'a', 'First')]], { noTerminator: true });
    const rs = all(Buffer.concat([Buffer.from('\r\n12345\x1d\r\n'), a, sample(2)]));
    expect(rs.map((r) => (r.ok ? codes(r) : r.code))).toEqual(['record.tooShort', ['record.noTerminator', 'file.separators'], []]);
  });

  it('recomputes field positions when a directory length is not a number', () => {
    const bad = Buffer.from(sample(1));
    bad.write('X', 24 + 12 + 3, 'latin1'); // 245's length
    const r = records(all(bad))[0]!;
    expect(codes(r)).toContain('directory.repaired');
    // The field that lied, with what the directory and the data say.
    expect(r.warnings).toContainEqual({ code: 'directory.repaired', detail: 'directory.fieldLengthBlank', params: { actual: df('10', 'a', 'Title 1', 'c', 'by Somebody').length + 1 }, tag: '245' });
    expect(sub(r.record, '245', 'a')).toBe('Title 1');
    expect(sub(r.record, '650', 'a')).toBe('Mathematics');
  });

  it('recomputes field positions when a directory start is wrong', () => {
    const bad = Buffer.from(sample(1));
    bad.write('00003', 24 + 24 + 7, 'latin1'); // 650 points into 001
    const r = records(all(bad))[0]!;
    expect(codes(r)).toContain('directory.repaired');
    expect(r.record.fields.map((f) => f.tag)).toEqual(['001', '245', '650']);
    expect(sub(r.record, '650', 'a')).toBe('Mathematics');
  });

  it('reports a directory it cannot match, with position and control number', () => {
    const a = sample(1);
    const bad = Buffer.from(sample(2));
    bad.write('!!!', 24 + 12, 'latin1'); // an unreadable tag
    bad.write('099', 24 + 24 + 7, 'latin1'); // and a position that points nowhere
    const rs = all(Buffer.concat([a, bad, sample(3)]));
    expect(rs.map((r) => r.ok)).toEqual([true, false, true]);
    const p = problems(rs)[0]!;
    expect(p).toMatchObject({ index: 1, offset: a.length, length: bad.length, code: 'directory.bad', controlNumber: 'rec2', detail: 'directory.unreadableTags', params: { entries: 3, fields: 3 } });
  });

  it('keeps a field over 9,999 bytes written with a 5-digit length', () => {
    const long = 'x'.repeat(12000);
    const r = records(all(Buffer.concat([sample(0, [['520', df('  ', 'a', long)]]).subarray(0, 0), raw([['001', 'big'], ['520', df('  ', 'a', long)], ['650', df(' 0', 'a', 'After')]], { wideEntries: true })])))[0]!;
    expect(codes(r)).toEqual(['field.tooLong']);
    expect(sub(r.record, '520', 'a')).toBe(long);
    expect(sub(r.record, '650', 'a')).toBe('After');
  });

  it('keeps a field over 9,999 bytes whose length wrapped past 9999', () => {
    const long = '长'.repeat(4000); // 12,000 bytes of UTF-8
    const file = Buffer.concat([raw([['001', 'wrap'], ['330', df('  ', 'a', long)], ['200', df('1 ', 'a', '书名')]], { wrapLengths: true }), sample(9)]);
    const rs = all(file);
    const r = records(rs)[0]!;
    expect(codes(r)).toContain('field.tooLong');
    expect(sub(r.record, '330', 'a')).toBe(long);
    expect(sub(r.record, '200', 'a')).toBe('书名');
    expect(records(rs)[1]!.controlNumber).toBe('rec9');
  });

  it('reports a truncated last record with its offset and control number', () => {
    const a = sample(1);
    const b = sample(2);
    const rs = all(Buffer.concat([a, b.subarray(0, 70)]));
    expect(rs.map((r) => r.ok)).toEqual([true, false]);
    expect(problems(rs)[0]).toMatchObject({ index: 1, offset: a.length, length: 70, code: 'record.truncated', controlNumber: 'rec2' });
  });

  it('splits two records when the first lost its terminator but its length holds', () => {
    const a = raw([['001', 'a'], ['245', df('10', 'a', 'First')]], { noTerminator: true });
    const rs = all(Buffer.concat([a, sample(2)]));
    expect(records(rs).map((r) => sub(r.record, '245', 'a'))).toEqual(['First', 'Title 2']);
    expect(codes(records(rs)[0]!)).toEqual(['record.noTerminator']);
  });

  it('reads a file whose records end in line breaks instead of terminators', () => {
    // Written as text: every 0x1D became CR LF (the leader lengths still count one byte for it).
    const crlf = Buffer.concat([sample(1), sample(2), sample(3)].map((b) => Buffer.concat([b.subarray(0, b.length - 1), Buffer.from('\r\n')])));
    const rs = all(crlf);
    expect(rs.map((r) => r.ok && r.controlNumber)).toEqual(['rec1', 'rec2', 'rec3']);
    expect(records(rs).map(codes)).toEqual([
      ['record.noTerminator', 'leader.badLength'],
      ['record.noTerminator', 'file.separators', 'leader.badLength'],
      ['record.noTerminator', 'leader.badLength'],
    ]);
    expect(records(rs).map((r) => sub(r.record, '245', 'a'))).toEqual(['Title 1', 'Title 2', 'Title 3']);
  });

  it('reads back-to-back records that have no terminators at all', () => {
    const bare = [1, 2, 3].map((n) => raw([['001', `n${n}`], ['245', df('10', 'a', `Bare ${n}`)]], { noTerminator: true }));
    const rs = all(Buffer.concat(bare));
    expect(records(rs).map((r) => [sub(r.record, '245', 'a'), codes(r)])).toEqual([1, 2, 3].map((n) => [`Bare ${n}`, ['record.noTerminator']]));
    // Terminators cut off but still counted in the leader lengths.
    const cut = [1, 2, 3].map((n) => sample(n).subarray(0, -1));
    expect(records(all(Buffer.concat(cut))).map((r) => [r.controlNumber, codes(r)])).toEqual([1, 2, 3].map((n) => [`rec${n}`, ['record.noTerminator', 'leader.badLength']]));
  });

  it('reads a last record without its terminator', () => {
    const rs = all(Buffer.concat([sample(1), raw([['001', 'z'], ['245', df('10', 'a', 'Last')]], { noTerminator: true })]));
    expect(records(rs).map((r) => codes(r))).toEqual([[], ['record.noTerminator']]);
  });

  it('reports bytes after the last record, and a fragment too short to be a record', () => {
    const rs = all(Buffer.concat([Buffer.from('12345\x1d'), sample(1), Buffer.from('garbage at the end')]));
    expect(rs.map((r) => (r.ok ? 'record' : r.code))).toEqual(['record.tooShort', 'record', 'file.trailingBytes']);
    expect(problems(rs)[1]!.offset).toBe(6 + sample(1).length);
  });

  it('reports stray bytes before a record and keeps the record; skips a byte order mark', () => {
    const header = Buffer.from('EXPORT FROM LIBSYS 2019-03-01\r\n');
    const rs = all(Buffer.concat([header, sample(1), sample(2)]));
    expect(rs.map((r) => (r.ok ? r.controlNumber : r.code))).toEqual(['file.strayBytes', 'rec1', 'rec2']);
    expect(problems(rs)[0]).toMatchObject({ offset: 0, length: header.length });
    const bom = records(all(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), sample(1)])));
    expect(bom.map((r) => [r.offset, codes(r)])).toEqual([[3, ['file.separators']]]);
  });

  it('reports a record without a directory terminator', () => {
    const rs = all(Buffer.from(`00050nam a2200049   4500001000300000${'x'.repeat(13)}\x1d`, 'latin1'));
    expect(problems(rs)[0]?.code).toBe('directory.bad');
  });

  it('warns about a data field without indicators and data before the first subfield', () => {
    const r = records(all(raw([['001', 'i'], ['245', '\x1faNo indicators'], ['650', ' 0stray\x1faTopic']])))[0]!;
    expect(codes(r)).toEqual(['field.noIndicators', 'field.dataBeforeSubfield']);
    expect(sub(r.record, '245', 'a')).toBe('No indicators');
    expect(sub(r.record, '650', 'a')).toBe('Topic');
  });
});

describe('readIso2709: encodings', () => {
  const cnmarc = (charsets: string, title: Buffer, leader9 = ' ') => raw([
    ['001', 'cn1'],
    ['100', df('  ', 'a', `20240101d2024    em y0chiy${charsets}    ea`)],
    ['200', df('1 ', 'a', title, 'f', title)],
    ['690', df('  ', 'a', 'O1-49')],
  ], { leader9 });

  it('reads GBK CNMARC declared in 100$a', () => {
    const r = records(all(cnmarc('0120', iconv.encode('数学的故事', 'gbk'))))[0]!;
    expect(r.flavour).toBe('unimarc');
    expect(r.encoding).toBe('gb18030');
    expect(r.warnings).toEqual([]);
    expect(sub(r.record, '200', 'a')).toBe('数学的故事');
    expect(r.record.leader[9]).toBe('a');
    expect(r.record.leader.slice(20)).toBe('450 ');
  });

  it('reads CNMARC declared UTF-8 in 100$a', () => {
    const r = records(all(cnmarc('50  ', Buffer.from('数学的故事'))))[0]!;
    expect([r.encoding, r.warnings.length, sub(r.record, '200', 'a')]).toEqual(['utf-8', 0, '数学的故事']);
  });

  it('follows the bytes when UTF-8 is declared but they are GBK', () => {
    const r = records(all(cnmarc('50  ', iconv.encode('中国古代神话', 'gbk'), 'a')))[0]!;
    expect(r.encoding).toBe('gb18030');
    expect(codes(r)).toEqual(['encoding.mismatch']);
    expect(sub(r.record, '200', 'a')).toBe('中国古代神话');
  });

  it('follows the bytes when GBK is declared but they are UTF-8', () => {
    const r = records(all(cnmarc('0120', Buffer.from('昆虫记'))))[0]!;
    expect([r.encoding, codes(r), sub(r.record, '200', 'a')]).toEqual(['utf-8', ['encoding.mismatch'], '昆虫记']);
  });

  it('reads MARC-8 with ANSEL diacritics as NFC', () => {
    // MARC-8 puts the combining mark before its letter: 0xE2 acute, 0xE8 umlaut, 0xF0 cedilla.
    const title = Buffer.from([0x52, 0xe2, 0x65, 0x73, 0x75, 0x6d, 0xe2, 0x65, 0x20, 0xe8, 0x75, 0x62, 0x65, 0x72, 0x20, 0x46, 0x72, 0x61, 0x6e, 0xf0, 0x63, 0x6f, 0x69, 0x73]);
    const r = records(all(raw([['001', 'm8'], ['245', df('10', 'a', title)], ['100', df('1 ', 'a', Buffer.from([0x4d, 0xe8, 0x75, 0x6c, 0x6c, 0x65, 0x72]))]], { leader9: ' ' })))[0]!;
    expect(r.encoding).toBe('marc-8');
    expect(r.warnings).toEqual([]);
    expect(sub(r.record, '245', 'a')).toBe('Résumé über François');
    expect(sub(r.record, '245', 'a')).toBe(sub(r.record, '245', 'a')!.normalize('NFC'));
    expect(sub(r.record, '100', 'a')).toBe('Müller');
  });

  it('reads MARC-8 EACC (CJK) after an escape', () => {
    const title = Buffer.concat([Buffer.from('\x1b$1', 'latin1'), Buffer.from([0x21, 0x30, 0x21, 0x21, 0x30, 0x22]), Buffer.from('\x1b(B abc', 'latin1')]);
    const r = records(all(raw([['001', 'eacc'], ['245', df('10', 'a', title)]], { leader9: ' ' })))[0]!;
    expect([r.encoding, sub(r.record, '245', 'a')]).toEqual(['marc-8', '一丁 abc']);
  });

  it('follows the bytes when MARC-8 is declared but they are UTF-8', () => {
    const r = records(all(raw([['001', 'u'], ['245', df('10', 'a', 'Résumé')]], { leader9: ' ' })))[0]!;
    expect([r.encoding, codes(r), sub(r.record, '245', 'a')]).toEqual(['utf-8', ['encoding.mismatch'], 'Résumé']);
  });

  it('follows the bytes when MARC-8 is declared but they are GBK (a MARC 21 record from a Chinese system)', () => {
    const r = records(all(raw([['001', 'g'], ['245', df('10', 'a', iconv.encode('西游记', 'gbk'))]], { leader9: ' ' })))[0]!;
    expect([r.encoding, codes(r), sub(r.record, '245', 'a')]).toEqual(['gb18030', ['encoding.mismatch'], '西游记']);
  });

  it('says so when UNIMARC names a character set we cannot decode (ISO 5426)', () => {
    // ISO 5426 writes "é" as 0xC2 'e'; read as GB18030 it would become a Chinese character.
    const r = records(all(cnmarc('0103', Buffer.from([0x43, 0x61, 0x66, 0xc2, 0x65]))))[0]!;
    expect(codes(r)).toEqual(['encoding.unsupported', 'encoding.mismatch']);
    expect(r.warnings[0]).toEqual({ code: 'encoding.unsupported', detail: 'encoding.unsupportedIso', params: { sets: '0103', set: '03' } });
  });

  it('says so when undeclared UNIMARC bytes are not shaped like GBK', () => {
    const r = records(all(cnmarc('    ', Buffer.from([0x43, 0x61, 0x66, 0xc2, 0x65]))))[0]!;
    expect(codes(r)).toEqual(['encoding.mismatch']);
  });

  it('replaces invalid bytes and says where', () => {
    const r = records(all(raw([['001', 'bad'], ['245', df('10', 'a', Buffer.from([0x41, 0xff, 0x42]))]])))[0]!;
    expect(r.encoding).toBe('utf-8');
    expect(r.warnings).toEqual([{ code: 'encoding.invalidBytes', tag: '245', detail: 'encoding.invalidBytes', params: { count: 1 } }]);
    expect(sub(r.record, '245', 'a')).toBe('A\uFFFDB');
  });

  it('lets the caller force an encoding', () => {
    const bytes = raw([['001', 'f'], ['245', df('10', 'a', iconv.encode('海底两万里', 'gb18030'))]], { leader9: 'a' });
    const r = [...readIso2709(bytes, { encoding: 'gb18030' })][0] as MarcRecordRead;
    expect([r.encoding, r.warnings.length, sub(r.record, '245', 'a')]).toEqual(['gb18030', 0, '海底两万里']);
  });
});

describe('readIso2709: never hangs, never throws', () => {
  it('terminates quickly on random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 4000 }), (bytes) => {
      const started = performance.now();
      const rs = all(bytes);
      expect(performance.now() - started).toBeLessThan(500);
      expect(rs.length).toBeGreaterThan(0);
      for (const r of rs) {
        expect(r.offset).toBeGreaterThanOrEqual(0);
        expect(r.offset + r.length).toBeLessThanOrEqual(Math.max(bytes.length, 0));
      }
    }), { numRuns: 300 });
  });

  it('terminates on random bytes rich in delimiters and digits', () => {
    const alphabet = fc.constantFrom(0x1d, 0x1e, 0x1f, 0x30, 0x32, 0x34, 0x35, 0x20, 0x0a, 0x61, 0xe2, 0xb0, 0x1b);
    fc.assert(fc.property(fc.array(alphabet, { maxLength: 3000 }), (list) => {
      const started = performance.now();
      all(Uint8Array.from(list));
      expect(performance.now() - started).toBeLessThan(500);
    }), { numRuns: 300 });
  });

  it('reads every record that random corruption did not touch, in order, without overlaps', () => {
    const parts = Array.from({ length: 6 }, (_, i) => sample(i));
    const starts = parts.map((_, i) => parts.slice(0, i).reduce((n, b) => n + b.length, 0));
    const good = Buffer.concat(parts);
    const originals = records(all(good)).map((r) => r.record);
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(good.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }), (edits) => {
      const bytes = Buffer.from(good);
      for (const [at, v] of edits) bytes[at] = v;
      const rs = all(bytes);
      for (let i = 1; i < rs.length; i++) expect(rs[i]!.offset).toBeGreaterThanOrEqual(rs[i - 1]!.offset + rs[i - 1]!.length);
      const touched = (j: number) => j >= 0 && edits.some(([at]) => at >= starts[j]! && at < starts[j]! + parts[j]!.length);
      for (let j = 0; j < parts.length; j++) {
        // A record is safe when neither it nor the record before it (whose terminator and length frame it) was edited.
        if (touched(j) || touched(j - 1)) continue;
        const got = rs.find((r) => r.offset === starts[j]);
        expect(got?.ok).toBe(true);
        expect((got as MarcRecordRead).record).toEqual(originals[j]);
      }
    }), { numRuns: 400 });
  });

  it('reads a 50 MB file of MARC-8 and of UTF-8 records in linear time', () => {
    // MARC-8 with diacritics takes the slowest path (encoding evidence, per-field decoding).
    const marc8 = raw([['001', 'm'], ['245', df('10', 'a', Buffer.from([0x43, 0x61, 0x66, 0xe2, 0x65]))], ['520', df('  ', 'a', 'A summary long enough to make records realistic. '.repeat(20))]], { leader9: ' ' });
    const utf8 = sample(1, [['520', df('  ', 'a', 'A summary long enough to make records realistic. '.repeat(20))]]);
    for (const one of [marc8, utf8]) check(one);
  });
  function check(one: Buffer) {
    const count = Math.ceil(50_000_000 / one.length);
    const file = Buffer.concat(Array.from({ length: count }, () => one));
    const started = performance.now();
    let n = 0;
    for (const r of readIso2709(file)) if (r.ok) n++;
    expect(n).toBe(count);
    // Linear is about 0.5 s here; a scan to the end of the file per record took 25 s.
    expect(performance.now() - started).toBeLessThan(6_000);
  }
});

describe('readIso2709Stream', () => {
  it('gives the same results as the in-memory reader for any chunking', async () => {
    const file = Buffer.concat([
      sample(1), Buffer.from('\r\n'), sample(2),
      raw([['001', 'gbk'], ['200', df('1 ', 'a', iconv.encode('小王子', 'gbk'))]], { leader9: ' ' }),
      Buffer.from('12345\x1d'), sample(3), sample(4).subarray(0, 50),
    ]);
    const expected = all(file);
    for (const size of [1, 7, 64, 1000, 1 << 16]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < file.length; i += size) chunks.push(file.subarray(i, i + size));
      const got: MarcReadResult[] = [];
      for await (const r of readIso2709Stream(Readable.from(chunks))) got.push(r);
      expect(got).toEqual(expected);
    }
  });

  it('reads what the writer wrote, record for record', async () => {
    const recs: MarcRecord[] = Array.from({ length: 50 }, (_, i) => ({
      leader: '00000nam a2200000   4500',
      fields: [{ tag: '001', value: `w${i}` }, { tag: '245', ind1: '1', ind2: '0', subfields: [{ code: 'a', value: `標題 ${i} Ünïcödé` }] }],
    }));
    const file = Buffer.concat(recs.map((r) => writeIso2709(r)));
    const got: MarcRecord[] = [];
    for await (const r of readIso2709Stream(Readable.from([file.subarray(0, 100), file.subarray(100)]))) if (r.ok) got.push(r.record);
    expect(got).toEqual(recs);
    expect(control(got[3]!, '001')).toBe('w3');
  });
});
