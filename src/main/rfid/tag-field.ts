/**
 * The simulator's world: the tags lying on a board's pad, and the faults a test or a developer
 * asks for. Every board dialect's simulator works on one of these, so a fault means the same on
 * every dialect. Plain data and rules, no I/O.
 */
export interface SimTag {
  uid: string;
  dsfid: number;
  afi: number;
  eas: boolean;
  blockSize: number;
  blocks: Uint8Array;
  locked: Set<number>;
}

export interface Faults {
  /** The board answers nothing (unplugged, driver missing). */
  silent: boolean;
  /** The next N inventories find no tag, whatever lies on the pad. */
  readFailures: number;
  /** The next N AFI writes are refused by the tag (ISO error 0x13). */
  afiWriteFailures: number;
  /** The next N block writes are refused (0x13). */
  blockWriteFailures: number;
  /** The tag is lifted off the pad after this many more blocks are written. */
  liftAfterBlocks: number | null;
  /** The next N replies are sent with a wrong checksum. */
  corruptReplies: number;
  /** Line noise before each reply. */
  noise: boolean;
}

const NO_FAULTS: Faults = { silent: false, readFailures: 0, afiWriteFailures: 0, blockWriteFailures: 0, liftAfterBlocks: null, corruptReplies: 0, noise: false };

export type TagResult<T> = { ok: true; value: T } | { ok: false; status: number };

const ISO_NOT_PROGRAMMED = 0x13;
const ISO_LOCKED = 0x12;
const ISO_BLOCK_UNAVAILABLE = 0x10;
export const NO_TAG = 0x80;

let serial = 1;
/** A fresh NXP ICODE SLIX-like tag: 28 blocks of 4 bytes, blank, AFI 0. */
export function blankTag(uid?: string): SimTag {
  const id = uid ?? `E00401${(0x10000000 + serial++).toString(16).toUpperCase().padStart(10, '0')}`;
  return { uid: id.toUpperCase(), dsfid: 0, afi: 0, eas: false, blockSize: 4, blocks: new Uint8Array(28 * 4), locked: new Set() };
}

export class TagField {
  readonly tags = new Map<string, SimTag>();
  faults: Faults = { ...NO_FAULTS };
  /** Every command the board received, for tests that check what was sent. */
  readonly log: string[] = [];

  place(tag: SimTag): SimTag {
    this.tags.set(tag.uid, tag);
    return tag;
  }
  lift(uid: string): SimTag | undefined {
    const t = this.tags.get(uid);
    this.tags.delete(uid);
    return t;
  }
  clear() {
    this.tags.clear();
  }
  fault(f: Partial<Faults>) {
    this.faults = { ...this.faults, ...f };
  }
  resetFaults() {
    this.faults = { ...NO_FAULTS };
  }

  inventory(): string[] {
    this.log.push('inventory');
    if (this.faults.readFailures > 0) {
      this.faults.readFailures -= 1;
      return [];
    }
    return [...this.tags.keys()];
  }

  info(uid: string): TagResult<SimTag> {
    const t = this.tags.get(uid);
    return t ? { ok: true, value: t } : { ok: false, status: NO_TAG };
  }

  read(uid: string, first: number, count: number): TagResult<Uint8Array> {
    this.log.push(`read ${uid} ${first}+${count}`);
    const t = this.tags.get(uid);
    if (!t) return { ok: false, status: NO_TAG };
    if (first + count > t.blocks.length / t.blockSize) return { ok: false, status: ISO_BLOCK_UNAVAILABLE };
    return { ok: true, value: t.blocks.slice(first * t.blockSize, (first + count) * t.blockSize) };
  }

  write(uid: string, first: number, data: Uint8Array): TagResult<number> {
    this.log.push(`write ${uid} ${first}+${data.length / 4}`);
    const t = this.tags.get(uid);
    if (!t) return { ok: false, status: NO_TAG };
    if (this.faults.blockWriteFailures > 0) {
      this.faults.blockWriteFailures -= 1;
      return { ok: false, status: ISO_NOT_PROGRAMMED };
    }
    const count = data.length / t.blockSize;
    if (first + count > t.blocks.length / t.blockSize) return { ok: false, status: ISO_BLOCK_UNAVAILABLE };
    for (let b = 0; b < count; b++) {
      if (this.faults.liftAfterBlocks != null) {
        if (this.faults.liftAfterBlocks <= 0) {
          this.faults.liftAfterBlocks = null;
          this.lift(uid);
          return { ok: false, status: NO_TAG };
        }
        this.faults.liftAfterBlocks -= 1;
      }
      if (t.locked.has(first + b)) return { ok: false, status: ISO_LOCKED };
      t.blocks.set(data.subarray(b * t.blockSize, (b + 1) * t.blockSize), (first + b) * t.blockSize);
    }
    return { ok: true, value: count };
  }

  writeAfi(uid: string, afi: number): TagResult<null> {
    this.log.push(`afi ${uid} ${afi.toString(16)}`);
    const t = this.tags.get(uid);
    if (!t) return { ok: false, status: NO_TAG };
    if (this.faults.afiWriteFailures > 0) {
      this.faults.afiWriteFailures -= 1;
      return { ok: false, status: ISO_NOT_PROGRAMMED };
    }
    t.afi = afi;
    return { ok: true, value: null };
  }

  setEas(uid: string, on: boolean): TagResult<null> {
    const t = this.tags.get(uid);
    if (!t) return { ok: false, status: NO_TAG };
    t.eas = on;
    return { ok: true, value: null };
  }

  /** Whether the next reply goes out garbled (and counts it). */
  takeCorruption(): boolean {
    if (this.faults.corruptReplies <= 0) return false;
    this.faults.corruptReplies -= 1;
    return true;
  }
}
