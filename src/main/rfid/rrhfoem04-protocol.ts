import { crc16, CRC16_GENIBUS } from '../../shared/domain/rfid/crc16.ts';
import type { FrameParse } from './transport.ts';

/**
 * RRHFOEM04, a USB HID desktop HF board (VID 1781, PID 0C10; research/devices-rfid-sip2-labels.md
 * §2.3, from an open library's protocol notes; not checked against hardware). Frames travel in
 * 64-byte HID reports, zero-padded:
 *
 *   LEN | CMD (2 bytes) | data | CRC (2 bytes, CRC-16 polynomial 1021, init FFFF, inverted)
 *
 * LEN counts the bytes after it; the CRC covers LEN through the data. A reply repeats CMD and puts
 * a status word before its data (status-word.ts). Commands: 1001 one-slot
 * inventory (ISO flags 26, or 36 and an AFI), 1006/1007 read/write one block, 100A write AFI,
 * 100E system information, 1101/1102 set/reset EAS; addressed commands carry flags 22 and the UID
 * (most significant byte first).
 */
export const VENDOR_ID = 0x1781;
export const PRODUCT_ID = 0x0c10;
export const REPORT = 64;
export const CMD = { inventory: 0x1001, readBlock: 0x1006, writeBlock: 0x1007, writeAfi: 0x100a, systemInfo: 0x100e, setEas: 0x1101, resetEas: 0x1102 } as const;
export const FLAGS = { inventory: 0x26, inventoryAfi: 0x36, addressed: 0x22 } as const;

export function frame(cmd: number, data: Uint8Array): Uint8Array {
  const len = 2 + data.length + 2;
  if (len + 1 > REPORT) throw new Error('RRHFOEM04 frame longer than one report');
  const out = new Uint8Array(len + 1);
  out[0] = len;
  out[1] = cmd >> 8;
  out[2] = cmd & 0xff;
  out.set(data, 3);
  const crc = crc16(out.subarray(0, len - 1), CRC16_GENIBUS);
  out[len - 1] = crc >> 8;
  out[len] = crc & 0xff;
  return out;
}

export const commandOf = (f: Uint8Array) => (f[1]! << 8) | f[2]!;
/** What follows CMD, without the CRC. */
export const dataOf = (f: Uint8Array) => f.subarray(3, f.length - 2);

/**
 * A frame starts at its length byte; the zero padding of a report is skipped (LEN is never 0).
 * A frame failing its CRC is corrupt.
 */
export const parseRrhf: FrameParse = (buf) => {
  let at = 0;
  while (at < buf.length && buf[at] === 0) at++;
  if (at) return { skip: at };
  if (!buf.length) return 'need-more';
  const len = buf[0]!;
  if (len < 4 || len + 1 > REPORT) return { skip: 1 };
  if (buf.length < len + 1) return 'need-more';
  const f = buf.slice(0, len + 1);
  const crc = crc16(f.subarray(0, len - 1), CRC16_GENIBUS);
  if (crc !== ((f[len - 1]! << 8) | f[len]!)) return { corrupt: len + 1 };
  return { frame: f, used: len + 1 };
};
