import type { FrameParse } from './transport.ts';

/**
 * The STX/ETX framing common to Chinese desktop HF boards (research/devices-rfid-sip2-labels.md
 * §2.3, from a vendor manual; not checked against hardware):
 *
 *   STX 02 | LEN | CMD (2 bytes) | data | BCC | ETX 03,  at most 64 bytes
 *
 * LEN counts CMD and data; BCC is the XOR of LEN through the data. A reply repeats CMD and puts
 * a status word before its data (status-word.ts). Commands copy ISO 15693, one block at a time:
 * C001 inventory, C005 read a block, C006 write a block, C008 write AFI, C00C system information
 * (UIDs most significant byte first). The manual lists no EAS command.
 */
export const STX = 0x02;
export const ETX = 0x03;
export const MAX_FRAME = 64;
export const CMD = { inventory: 0xc001, readBlock: 0xc005, writeBlock: 0xc006, writeAfi: 0xc008, systemInfo: 0xc00c } as const;

const bcc = (bytes: Uint8Array) => bytes.reduce((x, b) => x ^ b, 0);

export function frame(cmd: number, data: Uint8Array): Uint8Array {
  const len = 2 + data.length;
  if (len + 4 > MAX_FRAME) throw new Error('STX/ETX frame longer than 64 bytes');
  const out = new Uint8Array(len + 4);
  out[0] = STX;
  out[1] = len;
  out[2] = cmd >> 8;
  out[3] = cmd & 0xff;
  out.set(data, 4);
  out[len + 2] = bcc(out.subarray(1, len + 2));
  out[len + 3] = ETX;
  return out;
}

/** CMD and data of a frame (without STX, LEN, BCC, ETX). */
export const bodyOf = (f: Uint8Array) => f.subarray(2, f.length - 2);
export const commandOf = (f: Uint8Array) => (f[2]! << 8) | f[3]!;

/**
 * A frame starts at STX and its length byte says where ETX must be; a frame whose BCC does not
 * match is corrupt (the exchange retries), anything before STX is noise.
 */
export const parseStxEtx: FrameParse = (buf) => {
  const at = buf.indexOf(STX);
  if (at < 0) return buf.length ? { skip: buf.length } : 'need-more';
  if (at > 0) return { skip: at };
  if (buf.length < 2) return 'need-more';
  const len = buf[1]!;
  if (len < 2 || len + 4 > MAX_FRAME) return { skip: 1 };
  if (buf.length < len + 4) return 'need-more';
  if (buf[len + 3] !== ETX) return { skip: 1 };
  const f = buf.slice(0, len + 4);
  if (bcc(f.subarray(1, len + 2)) !== f[len + 2]) return { corrupt: len + 4 };
  return { frame: f, used: len + 4 };
};
