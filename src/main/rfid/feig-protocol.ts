import { crc16, CRC16_MCRF4XX } from '../../shared/domain/rfid/crc16.ts';
import type { FrameParse } from './transport.ts';

/**
 * The Feig OBID "ISO host" protocol (ID ISC readers and the compatible CPR-M02; 38400 8E1), as
 * the open sources describe it (research/devices-rfid-sip2-labels.md §2.2):
 *
 *   LEN (whole frame) | COM-ADR (FF: any reader) | CMD | data | CRC-16/MCRF4XX, low byte first
 *
 * A reply carries a status byte after CMD. Command B0 wraps the ISO 15693 commands: 01 inventory,
 * 23 read blocks, 24 write blocks, 27 write AFI, 2B system information (02 after B0 means
 * addressed mode, followed by the UID, most significant byte first). B1 carries NXP's custom
 * commands (EAS). Feig readers hand each block's bytes over in reverse order; both the driver
 * and the simulator keep that quirk so the driver is right for real readers. The frame layout and
 * CRC are checked against a computed inventory frame; the reply layouts are our reading.
 */
export const ADDRESS_ANY = 0xff;
export const CMD = { version: 0x65, iso: 0xb0, custom: 0xb1 } as const;
export const ISO = { inventory: 0x01, read: 0x23, write: 0x24, writeAfi: 0x27, systemInfo: 0x2b } as const;
export const NXP = { setEas: 0xa2, resetEas: 0xa3 } as const;
export const MODE_ADDRESSED = 0x01;

/** Status bytes: 00 done, 01 no transponder, 95 an ISO 15693 error whose code follows. */
export const STATUS = { ok: 0x00, noTag: 0x01, isoError: 0x95 } as const;

/** LEN, COM-ADR, CMD and the CRC: a frame without data. */
const MIN = 5;

export function frame(cmd: number, data: Uint8Array, address = ADDRESS_ANY): Uint8Array {
  const len = 3 + data.length + 2;
  if (len > 255) throw new Error('Feig frame too long');
  const out = new Uint8Array(len);
  out[0] = len;
  out[1] = address;
  out[2] = cmd;
  out.set(data, 3);
  const crc = crc16(out.subarray(0, len - 2), CRC16_MCRF4XX);
  out[len - 2] = crc & 0xff;
  out[len - 1] = crc >> 8;
  return out;
}

/** CMD onward, without the CRC. */
export const bodyOf = (f: Uint8Array) => f.subarray(2, f.length - 2);

function validAt(buf: Uint8Array, at: number): boolean {
  const len = buf[at]!;
  if (len < MIN || at + len > buf.length) return false;
  const crc = crc16(buf.subarray(at, at + len - 2), CRC16_MCRF4XX);
  return crc === (buf[at + len - 2]! | (buf[at + len - 1]! << 8));
}

/**
 * Feig frames have no start byte: the first offset where a whole frame passes its CRC is the
 * frame (bytes before it were noise). Until one does, wait for more; a garbled reply never
 * passes, and the exchange's deadline and retry deal with it.
 */
export const parseFeig: FrameParse = (buf) => {
  for (let at = 0; at < buf.length; at++) {
    if (validAt(buf, at)) return at ? { skip: at } : { frame: buf.slice(0, buf[0]!), used: buf[0]! };
  }
  return 'need-more';
};

/** Feig order ↔ memory order of one block. */
export function reverseBlocks(data: Uint8Array, blockSize: number): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let b = 0; b < data.length; b += blockSize) for (let i = 0; i < blockSize; i++) out[b + i] = data[b + blockSize - 1 - i]!;
  return out;
}
