/**
 * The CRC-16 variants RFID boards and tag layouts use, as one parameterised function (the
 * "Rocksoft" model: width 16, polynomial, initial value, reflection, final XOR). Check values
 * over the ASCII bytes of "123456789" are in the tests.
 */
export interface Crc16Params {
  poly: number;
  init: number;
  /** Reflect input bytes and the result (LSB-first algorithms). */
  reflected: boolean;
  xorOut: number;
}

/** ISO 28560-3 basic block (CCITT-FALSE): check 0x29B1. */
export const CRC16_CCITT_FALSE: Crc16Params = { poly: 0x1021, init: 0xffff, reflected: false, xorOut: 0 };
/** 3M / Bibliotheca 810 frames (GENIBUS): check 0xD64E. */
export const CRC16_GENIBUS: Crc16Params = { poly: 0x1021, init: 0xffff, reflected: false, xorOut: 0xffff };
/** Feig ISO host protocol (MCRF4XX): check 0x6F91. */
export const CRC16_MCRF4XX: Crc16Params = { poly: 0x1021, init: 0xffff, reflected: true, xorOut: 0 };

function reflect16(v: number): number {
  let r = 0;
  for (let i = 0; i < 16; i++) if (v & (1 << i)) r |= 1 << (15 - i);
  return r;
}

export function crc16(bytes: Uint8Array, p: Crc16Params): number {
  if (p.reflected) {
    const poly = reflect16(p.poly);
    let crc = reflect16(p.init);
    for (const b of bytes) {
      crc ^= b;
      for (let i = 0; i < 8; i++) crc = crc & 1 ? (crc >>> 1) ^ poly : crc >>> 1;
    }
    return (crc ^ p.xorOut) & 0xffff;
  }
  let crc = p.init;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ p.poly) & 0xffff : (crc << 1) & 0xffff;
  }
  return (crc ^ p.xorOut) & 0xffff;
}
