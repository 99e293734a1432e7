import { encodeLibraryTag, decodeLibraryTag, type LibraryTagData } from '../../shared/domain/rfid/iso28560-2.ts';
import { decodeBasicBlock, encodeBasicBlock } from '../../shared/domain/rfid/iso28560-3.ts';
import { RfidError, type DeviceType, type RfidReader, type TagInfo } from './rfid-reader.ts';

export type TagFormat = '28560-2' | '28560-3';

export interface DeviceConfig {
  type: DeviceType;
  /** Serial port path (COM3, /dev/ttyUSB0) or, for HID boards, the device path; '' = the first found. */
  port: string;
  baudRate?: number;
}

export type DeviceState = 'off' | 'connecting' | 'ready' | 'unavailable';

export interface DeviceStatus {
  state: DeviceState;
  config: DeviceConfig | null;
  /** Why the board is unavailable, for the settings screen (not translated: a technical detail). */
  detail: string | null;
}

export interface TagReading extends TagInfo {
  /** The library data on the tag, or null for a blank or foreign tag. */
  data: LibraryTagData | null;
  format: TagFormat | null;
}

export interface EncodeRequest {
  data: LibraryTagData;
  format: TagFormat;
  /** The in-stock AFI; null when the school has not set one (refused before touching the tag). */
  afi: number | null;
  /** When given, only this tag may be written (a retry after a failure). */
  uid?: string;
}

export interface ServiceDeps {
  /** Opens and checks a board (transport + driver + version probe). */
  connect(config: DeviceConfig): Promise<RfidReader>;
  /** How often a lost board is looked for again. */
  reconnectMs?: number;
  /** The longest one operation may take before the board counts as gone. */
  opTimeoutMs?: number;
}

/** Blocks read to decode a tag: 64 bytes hold a basic block or any Part 2 data we write. */
const BLOCKS_READ = 16;

/**
 * The one owner of the RFID board in the app. One operation at a time (a second caller waits its
 * turn), each with a deadline; a board that stops answering or goes away is closed, reported as
 * unavailable and looked for again every few seconds, so unplugging and plugging it back in needs
 * no restart. Writing a tag is one checked step: write the data, set the AFI, read both back and
 * compare; anything else is an error naming what failed, and nothing is reported written that
 * was not read back.
 */
export class RfidDeviceService {
  #reader: RfidReader | null = null;
  #config: DeviceConfig | null = null;
  #state: DeviceState = 'off';
  #detail: string | null = null;
  #chain: Promise<unknown> = Promise.resolve();
  #timer: NodeJS.Timeout | null = null;
  /**
   * What readPad last read of each tag still on the pad: the desk asks twice a second, and a tag's
   * data only changes by our own writes (encode, setAfi keep this up to date), so a book lying on
   * the pad costs one inventory per poll instead of two reads more.
   */
  #padCache = new Map<string, TagReading>();
  readonly #listeners = new Set<(s: DeviceStatus) => void>();

  readonly #deps: ServiceDeps;
  constructor(deps: ServiceDeps) {
    this.#deps = deps;
  }

  status(): DeviceStatus {
    return { state: this.#state, config: this.#config, detail: this.#detail };
  }

  onStatus(l: (s: DeviceStatus) => void): () => void {
    this.#listeners.add(l);
    return () => this.#listeners.delete(l);
  }

  #set(state: DeviceState, detail: string | null = null) {
    this.#state = state;
    this.#detail = detail;
    const s = this.status();
    this.#listeners.forEach((l) => l(s));
  }

  /** Uses this board from now on (null: none); connects at once and says how that went. */
  async configure(config: DeviceConfig | null): Promise<DeviceStatus> {
    await this.#exclusive(async () => {
      await this.#drop();
      this.#padCache.clear();
      this.#config = config;
      if (!config) return this.#set('off');
      await this.#connect();
    }).catch(() => undefined);
    return this.status();
  }

  async #connect(): Promise<RfidReader> {
    if (!this.#config) throw new RfidError('unavailable', 'no board is configured');
    this.#set('connecting');
    try {
      this.#reader = await this.#withDeadline(this.#deps.connect(this.#config));
      this.#stopWatchdog();
      this.#set('ready');
      return this.#reader;
    } catch (err) {
      this.#lost(err);
      throw err instanceof RfidError ? err : new RfidError('unavailable', (err as Error).message);
    }
  }

  #lost(err: unknown) {
    this.#set('unavailable', (err as Error)?.message ?? String(err));
    void this.#drop();
    this.#startWatchdog();
  }

  async #drop() {
    const r = this.#reader;
    this.#reader = null;
    await r?.close().catch(() => undefined);
  }

  #startWatchdog() {
    if (this.#timer || !this.#config) return;
    this.#timer = setInterval(() => {
      if (this.#state === 'ready' || this.#state === 'connecting') return;
      void this.#exclusive(() => this.#connect()).catch(() => undefined);
    }, this.#deps.reconnectMs ?? 3000);
    this.#timer.unref?.();
  }

  #stopWatchdog() {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  #withDeadline<T>(p: Promise<T>): Promise<T> {
    const ms = this.#deps.opTimeoutMs ?? 5000;
    return new Promise<T>((resolve, reject) => {
      const t = setTimeout(() => reject(new RfidError('unavailable', `the board did not finish within ${ms} ms`)), ms);
      p.then((v) => { clearTimeout(t); resolve(v); }, (e) => { clearTimeout(t); reject(e); });
    });
  }

  #exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const p = this.#chain.then(fn, fn);
    this.#chain = p.catch(() => undefined);
    return p;
  }

  /** Runs `fn` on the board, alone; a board that fails to answer is dropped and looked for again. */
  run<T>(fn: (r: RfidReader) => Promise<T>): Promise<T> {
    return this.#exclusive(async () => {
      const reader = this.#reader ?? (await this.#connect());
      try {
        return await this.#withDeadline(fn(reader));
      } catch (err) {
        if (err instanceof RfidError && err.code === 'unavailable') this.#lost(err);
        throw err;
      }
    });
  }

  inventory(): Promise<TagInfo[]> {
    return this.run((r) => r.inventory());
  }

  /** The one tag on the pad, and what it holds. */
  readOne(): Promise<TagReading> {
    return this.run(async (r) => {
      const uid = await onlyTag(r);
      const info = await r.systemInfo(uid);
      const bytes = await r.readBlocks(uid, 0, Math.min(info.blockCount, BLOCKS_READ));
      return { uid, afi: info.afi, dsfid: info.dsfid, ...decodeAny(bytes) };
    });
  }

  /**
   * Every tag on the pad and what it holds (a pile of books at the desk). A tag that cannot be
   * read now (lifted, out of range) is listed apart, so the desk can say which failed.
   */
  readPad(): Promise<{ tags: TagReading[]; unreadable: string[] }> {
    return this.run(async (r) => {
      const tags: TagReading[] = [];
      const unreadable: string[] = [];
      const cache = new Map<string, TagReading>();
      try {
        for (const { uid } of await r.inventory()) {
          let reading = this.#padCache.get(uid);
          if (!reading) {
            try {
              const info = await r.systemInfo(uid);
              const bytes = await r.readBlocks(uid, 0, Math.min(info.blockCount, BLOCKS_READ));
              reading = { uid, afi: info.afi, dsfid: info.dsfid, ...decodeAny(bytes) };
            } catch (err) {
              if (err instanceof RfidError && err.code === 'unavailable') throw err;
              unreadable.push(uid);
              continue;
            }
          }
          cache.set(uid, reading);
          tags.push(reading);
        }
      } finally {
        // Only tags still on the pad are remembered: one lifted and laid down again is read afresh.
        this.#padCache = cache;
      }
      return { tags, unreadable };
    });
  }

  /**
   * Writes a copy's tag in one checked step. The tag must lie alone on the pad (or be the one
   * named); the data and the AFI are written, then read back: only a matching read-back resolves.
   */
  encode(req: EncodeRequest): Promise<{ uid: string }> {
    if (req.afi == null) return Promise.reject(new RfidError('afi-not-set', 'the in-stock AFI is not set'));
    const afi = req.afi;
    return this.run(async (r) => {
      const uid = await onlyTag(r, req.uid);
      this.#padCache.delete(uid);
      const info = await r.systemInfo(uid);
      // Never write over another item's tag: at a busy desk that is the last book, still on the pad.
      const held = decodeAny(await r.readBlocks(uid, 0, Math.min(info.blockCount, BLOCKS_READ))).data;
      if (held && held.primaryItemId !== req.data.primaryItemId) {
        throw new RfidError('tag-taken', `tag ${uid} already holds ${held.primaryItemId}`, { uid, barcode: held.primaryItemId });
      }
      const raw = req.format === '28560-3' ? encodeBasicBlock(req.data) : encodeLibraryTag(req.data, info.blockSize);
      if (raw.length > info.blockSize * info.blockCount) throw new RfidError('write', `the data needs ${raw.length} bytes, the tag holds ${info.blockSize * info.blockCount}`, { uid });
      await r.writeBlocks(uid, 0, raw);
      await r.writeAfi(uid, afi);
      const back = await r.readBlocks(uid, 0, raw.length / info.blockSize);
      const after = await r.systemInfo(uid);
      if (!sameBytes(back, raw)) throw new RfidError('verify', 'the tag does not hold what was written', { uid });
      if (after.afi !== afi) throw new RfidError('afi-write', `the tag's AFI reads 0x${after.afi.toString(16)}, not 0x${afi.toString(16)}`, { uid });
      return { uid };
    });
  }

  /** Sets a tag's AFI (borrow, return) and checks it. */
  setAfi(uid: string, afi: number): Promise<void> {
    return this.run(async (r) => {
      this.#padCache.delete(uid);
      await r.writeAfi(uid, afi);
      if ((await r.systemInfo(uid)).afi !== afi) throw new RfidError('afi-write', 'the AFI did not change', { uid });
    });
  }

  async dispose(): Promise<void> {
    this.#stopWatchdog();
    await this.#exclusive(() => this.#drop());
  }
}

async function onlyTag(r: RfidReader, uid?: string): Promise<string> {
  const tags = await r.inventory();
  if (uid) {
    if (!tags.some((t) => t.uid === uid)) throw new RfidError('no-tag', `tag ${uid} is not on the pad`, { uid });
    return uid;
  }
  if (!tags.length) throw new RfidError('no-tag', 'no tag on the pad');
  if (tags.length > 1) throw new RfidError('several-tags', `${tags.length} tags on the pad, one is needed`);
  return tags[0]!.uid;
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Part 3 when its version nibble and CRC hold, else Part 2, else nothing we know. */
export function decodeAny(bytes: Uint8Array): { data: LibraryTagData | null; format: TagFormat | null } {
  try {
    return { data: decodeBasicBlock(bytes), format: '28560-3' };
  } catch {
    try {
      const { elements: _e, ...data } = decodeLibraryTag(bytes);
      return { data, format: '28560-2' };
    } catch {
      return { data: null, format: null };
    }
  }
}
