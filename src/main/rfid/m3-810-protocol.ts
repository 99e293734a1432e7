import { crc16, CRC16_GENIBUS } from '../../shared/domain/rfid/crc16.ts';
import type { FrameParse } from './transport.ts';

/**
 * The 3M / Bibliotheca 210/810 serial dialect (19200 8N1), as reverse-engineered in the open
 * (research/devices-rfid-sip2-labels.md §2.1):
 *
 *   D6 | LEN (2, big-endian) | CMD | payload | CRC (2, big-endian)
 *
 * LEN counts the bytes after it (command, payload, CRC); the CRC is CRC-16/GENIBUS over LEN to the
 * end of the payload. A reply has the same layout with a status byte after CMD (00 = done). The
 * version probe and its reply start with D5. UIDs travel least significant byte first. The frame
 * layout and CRC are checked against captured frames; the payloads of the commands beyond the
 * inventory are our reading of the open sources, and the simulator (rfid-simulator.ts) speaks
 * exactly what this driver sends.
 */
export const START = 0xd6;
export const START_VERSION = 0xd5;
export const VERSION_PROBE = Uint8Array.of(0x04, 0x00, 0x11);

export const CMD = {
  readBlocks: 0x02,
  writeBlocks: 0x04,
  writeAfi: 0x09,
  getAfi: 0x0a,
  eas: 0x0c,
  tagInfo: 0x0d,
  inventory: 0xfe,
} as const;

/** Status bytes beyond the ISO 15693 error codes (01-14): the tag stopped answering. */
export const STATUS_OK = 0x00;
export const STATUS_NO_TAG = 0x80;

const MAX_LEN = 1024;

export function frame(start: number, body: Uint8Array): Uint8Array {
  const len = body.length + 2;
  const out = new Uint8Array(3 + len);
  out[0] = start;
  out[1] = len >> 8;
  out[2] = len & 0xff;
  out.set(body, 3);
  const crc = crc16(out.subarray(1, 3 + body.length), CRC16_GENIBUS);
  out[3 + body.length] = crc >> 8;
  out[4 + body.length] = crc & 0xff;
  return out;
}

/** Body of a checked frame (CMD onward, without the CRC). */
export const bodyOf = (f: Uint8Array) => f.subarray(3, f.length - 2);

/**
 * Cuts frames out of a byte stream: bytes before a start byte are skipped (line noise, a half
 * frame from before), a frame with a wrong CRC is reported as corrupt.
 */
export const parse3m: FrameParse = (buf) => {
  const at = buf.findIndex((b) => b === START || b === START_VERSION);
  if (at < 0) return buf.length ? { skip: buf.length } : 'need-more';
  if (at > 0) return { skip: at };
  if (buf.length < 3) return 'need-more';
  const len = (buf[1]! << 8) | buf[2]!;
  if (len < 3 || len > MAX_LEN) return { skip: 1 };
  if (buf.length < 3 + len) return 'need-more';
  const f = buf.slice(0, 3 + len);
  const crc = crc16(f.subarray(1, f.length - 2), CRC16_GENIBUS);
  if (crc !== ((f[f.length - 2]! << 8) | f[f.length - 1]!)) return { corrupt: f.length };
  return { frame: f, used: f.length };
};

/** UID on the wire (LSB first) ↔ MSB-first bytes. */
export const wireUid = (msbFirst: Uint8Array) => Uint8Array.from(msbFirst).reverse();
