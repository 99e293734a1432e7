/**
 * One interface over every RFID read/write board (ISO 15693 HF tags): the drivers speak their
 * board's protocol, the device service (device-service.ts) does the rest. UIDs are normalised in
 * one place: upper-case hex, most significant byte first (E0 04 … for NXP), whatever order the
 * board sends them in.
 */
export const DEVICE_TYPES = ['3m-810', 'feig', 'stx-etx', 'rrhfoem04'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

export interface TagInfo {
  uid: string;
  dsfid?: number;
  afi?: number;
}

export interface SystemInfo {
  uid: string;
  dsfid: number;
  afi: number;
  blockSize: number;
  blockCount: number;
}

export interface RfidReader {
  readonly type: DeviceType;
  /** Opens the port and checks the board answers (its version). */
  open(): Promise<void>;
  close(): Promise<void>;
  /** The tags in the field now (optionally only those with this AFI). */
  inventory(afi?: number): Promise<TagInfo[]>;
  systemInfo(uid: string): Promise<SystemInfo>;
  readBlocks(uid: string, first: number, count: number): Promise<Uint8Array>;
  /** Writes whole blocks from `first`; `data.length` is a multiple of the block size. */
  writeBlocks(uid: string, first: number, data: Uint8Array): Promise<void>;
  writeAfi(uid: string, afi: number): Promise<void>;
  /** EAS on NXP ICODE SLIX; boards without it throw `unsupported`. */
  setEas(uid: string, on: boolean): Promise<void>;
}

/**
 * What can go wrong, by what the user is told (the spec's device messages):
 * - unavailable: no port, port closed, board silent → "the read-write board is not available";
 * - no-tag / several-tags / tag-lost: → "reading failed, check the books are properly placed";
 * - afi-write: the tag refused the AFI → "AFI write failed, please try again";
 * - write: the tag refused a block (locked, not programmed);
 * - verify: the read-back differs from what was written;
 * - protocol: a reply the driver cannot read (after retries);
 * - tag-taken: the tag already holds another item's ID (the last book is still on the pad);
 * - afi-not-set: the school has no in-stock AFI → "please set the initial value of AFI first";
 * - unsupported: the board or tag cannot do it.
 */
export type RfidErrorCode = 'unavailable' | 'no-tag' | 'several-tags' | 'tag-lost' | 'afi-write' | 'afi-not-set' | 'tag-taken' | 'write' | 'verify' | 'protocol' | 'unsupported';

export class RfidError extends Error {
  readonly code: RfidErrorCode;
  readonly detail?: { status?: number; uid?: string; barcode?: string };
  constructor(code: RfidErrorCode, message: string, detail?: { status?: number; uid?: string; barcode?: string }) {
    super(message);
    this.name = 'RfidError';
    this.code = code;
    this.detail = detail;
  }
}

export function normaliseUid(bytesMsbFirst: Uint8Array): string {
  return [...bytesMsbFirst].map((b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
}

export function uidBytes(uid: string): Uint8Array {
  if (!/^[0-9A-Fa-f]{16}$/.test(uid)) throw new RfidError('protocol', `not an 8-byte UID: ${uid}`);
  return Uint8Array.from(uid.match(/../g)!.map((h) => parseInt(h, 16)));
}

/** ISO 15693 error codes a tag answers with. */
export const ISO_ERRORS: Record<number, string> = {
  0x01: 'command not supported',
  0x02: 'command not recognised',
  0x03: 'option not supported',
  0x0f: 'unknown error',
  0x10: 'block not available',
  0x11: 'block already locked',
  0x12: 'block locked, cannot change',
  0x13: 'not successfully programmed',
  0x14: 'not successfully locked',
};
