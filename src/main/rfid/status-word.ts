import { ISO_ERRORS, RfidError, normaliseUid, type RfidErrorCode, type TagInfo } from './rfid-reader.ts';

/**
 * The status word the STX/ETX and RRHFOEM04 boards put before a reply's data: 0000 done, FFFF
 * failed (the documents name only these two); 0001 "no tag answered" and FFxx "the tag's ISO
 * 15693 error xx" are our reading, and our simulators answer that way.
 */
export const STATUS_WORD = { ok: 0x0000, noTag: 0x0001, failed: 0xffff } as const;
export const isoStatusWord = (code: number) => 0xff00 | (code & 0xff);

/** The error a status word other than 0000 means. */
export function statusWordError(status: number, onError: RfidErrorCode, uid?: string): RfidError {
  if (status === STATUS_WORD.noTag) return new RfidError(uid ? 'tag-lost' : 'no-tag', uid ? `tag ${uid} did not answer` : 'no tag answered', { status, uid });
  const iso = status !== STATUS_WORD.failed && status >> 8 === 0xff ? status & 0xff : undefined;
  return new RfidError(onError, `the board refused: ${iso != null ? ISO_ERRORS[iso] ?? `ISO error 0x${iso.toString(16)}` : 'failed'}`, { status: iso ?? status, uid });
}

/** An inventory reply of both boards: a count, then per tag its DSFID and UID (most significant byte first). */
export function inventoryRecords(r: Uint8Array): TagInfo[] {
  const n = r[0] ?? 0;
  if (r.length < 1 + n * 9) throw new RfidError('protocol', 'inventory reply too short');
  return Array.from({ length: n }, (_, i) => ({ dsfid: r[1 + i * 9]!, uid: normaliseUid(r.subarray(2 + i * 9, 10 + i * 9)) }));
}
