import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { crc16, CRC16_CCITT_FALSE, CRC16_GENIBUS, CRC16_MCRF4XX } from './crc16.ts';
import { chooseCompaction, compact, compactIsil, COMPACTION, decodeElements, decodeLibraryTag, encodeElements, encodeLibraryTag, expand, expandIsil, type Compaction } from './iso28560-2.ts';

const hex = (s: string) => Uint8Array.from(s.replace(/\s|\|/g, '').match(/../g)!.map((h) => parseInt(h, 16)));
const toHex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0').toUpperCase()).join(' ');

/** ISO 28560-2:2023 Annex D, with the two pad bytes of its last element. */
const ANNEX_D = hex('91 00 05 1C BE 99 1A 14 | 02 01 D0 | 14 02 04 B3 | 46 07 44 1C B6 E2 E3 35 D6 | 83 02 07 AC C0 9E BA A0 6F 6B | 00 00');

describe('CRC-16 variants', () => {
  it('give the catalogue check values over "123456789"', () => {
    const nine = Uint8Array.from([...'123456789'].map((c) => c.charCodeAt(0)));
    expect(crc16(nine, CRC16_CCITT_FALSE)).toBe(0x29b1);
    expect(crc16(nine, CRC16_GENIBUS)).toBe(0xd64e);
    expect(crc16(nine, CRC16_MCRF4XX)).toBe(0x6f91);
  });

  it('match frames captured from a 3M 810 board (CRC over length to payload)', () => {
    for (const frame of ['D5 00 05 04 00 11 8C 66', 'D5 00 09 04 00 11 0A 05 00 02 72 50', 'D5 00 09 04 00 11 0A 05 02 1B 97 2A', 'D5 00 09 04 00 11 0A 05 01 19 E2 3B']) {
      const b = hex(frame);
      expect(crc16(b.subarray(1, -2), CRC16_GENIBUS), frame).toBe((b.at(-2)! << 8) | b.at(-1)!);
    }
  });
});

describe('ISO 28560-2', () => {
  it('decodes the Annex D vector exactly', () => {
    const tag = decodeLibraryTag(ANNEX_D);
    expect(tag).toMatchObject({ primaryItemId: '123456789012', ownerLibrary: 'US-InU-Mu', setInformation: { total: 12, part: 3 }, shelfLocation: 'QA268.L55' });
    expect(tag.elements.map((e) => [e.oid, e.compaction, e.offset])).toEqual([[1, 1, 0], [2, 0, undefined], [4, 1, undefined], [6, 4, undefined], [3, 0, 2]]);
    expect(tag.elements[1]!.bytes).toEqual(Uint8Array.of(0xd0));
  });

  it('re-encodes the Annex D elements to the same bytes, and compacts each value to the same bytes', () => {
    expect(toHex(encodeElements(decodeElements(ANNEX_D)))).toBe(toHex(ANNEX_D));
    expect(toHex(compact('123456789012', COMPACTION.integer))).toBe('1C BE 99 1A 14');
    expect(toHex(compact('QA268.L55', COMPACTION.bit6))).toBe('44 1C B6 E2 E3 35 D6');
    expect(toHex(compactIsil('US-InU-Mu'))).toBe('AC C0 9E BA A0 6F 6B');
  });

  it('writes our tags in OID order with the content parameter, whole blocks, and reads them back', () => {
    const data = { primaryItemId: 'T00012345', ownerLibrary: 'CN-110108-Lib2', setInformation: { part: 1, total: 2 }, typeOfUsage: 0x10, shelfLocation: 'I247.5/12' };
    const bytes = encodeLibraryTag(data);
    expect(bytes.length % 4).toBe(0);
    expect(bytes.at(-1)).toBe(0);
    expect(decodeLibraryTag(bytes)).toMatchObject(data);
    // Content parameter: OIDs 3, 4, 5, 6 → 1111 0000.
    expect(decodeLibraryTag(bytes).elements[1]).toMatchObject({ oid: 2, bytes: Uint8Array.of(0xf0) });
  });

  it('picks the smallest compaction and every compaction round-trips', () => {
    expect(chooseCompaction('123')).toBe(COMPACTION.integer);
    expect(chooseCompaction('00123')).toBe(COMPACTION.numeric);
    expect(chooseCompaction('ABC')).toBe(COMPACTION.bit5);
    expect(chooseCompaction('T0012')).toBe(COMPACTION.bit6);
    expect(chooseCompaction('t0012')).toBe(COMPACTION.bit7);
    expect(chooseCompaction('Café')).toBe(COMPACTION.octets);
    expect(chooseCompaction('西游记')).toBe(COMPACTION.utf8);
    fc.assert(fc.property(fc.string({ minLength: 1, maxLength: 30 }), (s) => {
      const c: Compaction = chooseCompaction(s);
      expect(expand(compact(s, c), c)).toBe(s);
    }), { numRuns: 2000 });
    fc.assert(fc.property(fc.stringMatching(/^[A-Za-z0-9\-:]{1,16}$/), (isil) => {
      expect(expandIsil(compactIsil(isil))).toBe(isil);
    }), { numRuns: 2000 });
  });

  it('refuses data it cannot read, naming where', () => {
    expect(() => decodeLibraryTag(hex('11 05 01 02'))).toThrow(/runs past the end/);
    expect(() => decodeLibraryTag(hex('02 01 D0 00'))).toThrow(/primary item ID/);
    expect(() => decodeLibraryTag(new Uint8Array(8))).toThrow(/primary item ID/);
  });
});
