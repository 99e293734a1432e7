import { ADDRESS_ANY, CMD, ISO, MODE_ADDRESSED, NXP, STATUS, bodyOf, frame, parseFeig, reverseBlocks } from './feig-protocol.ts';
import { FrameChannel, type ByteTransport } from './transport.ts';
import { ISO_ERRORS, RfidError, normaliseUid, uidBytes, type RfidErrorCode, type RfidReader, type SystemInfo, type TagInfo } from './rfid-reader.ts';

const BLOCKS_PER_WRITE = 4;

/** A Feig ISO host reader (feig-protocol.ts) over any byte transport. */
export class FeigReader implements RfidReader {
  readonly type = 'feig' as const;
  readonly #channel: FrameChannel;
  constructor(transport: ByteTransport, opts: { timeoutMs?: number; retries?: number } = {}) {
    this.#channel = new FrameChannel(transport, parseFeig, opts);
  }

  /** One command with its status byte: the data after it, or the error the status names. */
  #call(cmd: number, data: Uint8Array, onError: RfidErrorCode, uid?: string): Promise<Uint8Array> {
    return this.#channel.request(frame(cmd, data, ADDRESS_ANY), (reply) => {
      const b = bodyOf(reply);
      if (b[0] !== cmd) throw new RfidError('protocol', `reply to 0x${cmd.toString(16)} came for 0x${b[0]!.toString(16)}`);
      const status = b[1]!;
      if (status === STATUS.ok) return b.subarray(2);
      if (status === STATUS.noTag) throw new RfidError(uid ? 'tag-lost' : 'no-tag', uid ? `tag ${uid} did not answer` : 'no tag answered', { status, uid });
      const iso = status === STATUS.isoError ? b[2]! : status;
      throw new RfidError(onError, `the tag refused: ${ISO_ERRORS[iso] ?? `status 0x${status.toString(16)}`}`, { status: iso, uid });
    });
  }

  #iso(sub: number, payload: number[], onError: RfidErrorCode, uid?: string) {
    return this.#call(CMD.iso, Uint8Array.of(sub, ...payload), onError, uid);
  }

  async open(): Promise<void> {
    await this.#call(CMD.version, new Uint8Array(0), 'protocol');
  }

  close(): Promise<void> {
    return this.#channel.close();
  }

  async inventory(afi?: number): Promise<TagInfo[]> {
    let r: Uint8Array;
    try {
      r = await this.#iso(ISO.inventory, [0x00], 'protocol');
    } catch (err) {
      if (err instanceof RfidError && err.code === 'no-tag') return [];
      throw err;
    }
    const n = r[0] ?? 0;
    const tags: TagInfo[] = [];
    for (let i = 0; i < n; i++) {
      const rec = r.subarray(1 + i * 10, 11 + i * 10);
      tags.push({ uid: normaliseUid(rec.subarray(2, 10)), dsfid: rec[1]! });
    }
    if (afi == null) return tags;
    const withAfi = await Promise.all(tags.map(async (t) => ({ ...t, afi: (await this.systemInfo(t.uid)).afi })));
    return withAfi.filter((t) => t.afi === afi);
  }

  async systemInfo(uid: string): Promise<SystemInfo> {
    const r = await this.#iso(ISO.systemInfo, [MODE_ADDRESSED, ...uidBytes(uid)], 'protocol', uid);
    return { uid, dsfid: r[0]!, afi: r[9]!, blockCount: r[10]! + 1, blockSize: r[11]! + 1 };
  }

  async readBlocks(uid: string, first: number, count: number): Promise<Uint8Array> {
    const r = await this.#iso(ISO.read, [MODE_ADDRESSED, ...uidBytes(uid), first, count], 'protocol', uid);
    const n = r[0]!;
    const size = r[1]!;
    if (n !== count || r.length < 2 + n * (1 + size)) throw new RfidError('protocol', `asked for ${count} blocks, got ${n}`);
    const out = new Uint8Array(n * size);
    // Each record: security status, then the block in Feig's (reversed) order.
    for (let i = 0; i < n; i++) out.set(reverseBlocks(r.subarray(2 + i * (1 + size) + 1, 2 + (i + 1) * (1 + size)), size), i * size);
    return out;
  }

  async writeBlocks(uid: string, first: number, data: Uint8Array): Promise<void> {
    const size = 4;
    if (data.length % size) throw new RfidError('protocol', 'data must be whole 4-byte blocks');
    for (let b = 0; b < data.length / size; b += BLOCKS_PER_WRITE) {
      const part = data.subarray(b * size, Math.min(data.length, (b + BLOCKS_PER_WRITE) * size));
      await this.#iso(ISO.write, [MODE_ADDRESSED, ...uidBytes(uid), first + b, part.length / size, size, ...reverseBlocks(part, size)], 'write', uid);
    }
  }

  async writeAfi(uid: string, afi: number): Promise<void> {
    await this.#iso(ISO.writeAfi, [MODE_ADDRESSED, ...uidBytes(uid), afi & 0xff], 'afi-write', uid);
  }

  async setEas(uid: string, on: boolean): Promise<void> {
    await this.#call(CMD.custom, Uint8Array.of(on ? NXP.setEas : NXP.resetEas, 0x04, MODE_ADDRESSED, ...uidBytes(uid)), 'unsupported', uid);
  }
}
