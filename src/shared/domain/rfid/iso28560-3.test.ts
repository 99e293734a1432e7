import { describe, expect, it } from 'vitest';
import { crc16, CRC16_CCITT_FALSE } from './crc16.ts';
import { BASIC_BLOCK_BYTES, decodeBasicBlock, encodeBasicBlock } from './iso28560-3.ts';

describe('ISO 28560-3 basic block', () => {
  it('lays out version, usage, set, ID, CRC (low byte first) and owner at their bytes', () => {
    const b = encodeBasicBlock({ primaryItemId: 'T00012345', ownerLibrary: 'CN-110108', setInformation: { part: 1, total: 2 }, typeOfUsage: 0x10 });
    expect(b.length).toBe(BASIC_BLOCK_BYTES);
    expect([b[0], b[1], b[2]]).toEqual([0x11, 2, 1]);
    expect(String.fromCharCode(...b.subarray(3, 12))).toBe('T00012345');
    expect(b.subarray(12, 19).every((x) => x === 0)).toBe(true);
    expect(String.fromCharCode(...b.subarray(21, 23))).toBe('CN');
    expect(String.fromCharCode(...b.subarray(23, 29))).toBe('110108');
    // The CRC, computed independently: the block without bytes 19-20, zero-padded to 32.
    const data = Uint8Array.from([...b.subarray(0, 19), ...b.subarray(21), 0, 0]);
    const crc = crc16(data, CRC16_CCITT_FALSE);
    expect([b[19], b[20]]).toEqual([crc & 0xff, crc >> 8]);
    expect(decodeBasicBlock(b)).toEqual({ primaryItemId: 'T00012345', ownerLibrary: 'CN-110108', setInformation: { part: 1, total: 2 }, typeOfUsage: 0x10 });
  });

  it('refuses a blank tag, a damaged block and data that does not fit', () => {
    expect(() => decodeBasicBlock(new Uint8Array(32))).toThrow(/no library data/);
    const b = encodeBasicBlock({ primaryItemId: 'T1' });
    b[5] = b[5]! ^ 0x01;
    expect(() => decodeBasicBlock(b)).toThrow(/CRC/);
    expect(() => encodeBasicBlock({ primaryItemId: 'X'.repeat(17) })).toThrow(/at most 16/);
    expect(() => encodeBasicBlock({ primaryItemId: '图书' })).toThrow(/ASCII/);
  });
});
