import { CMD, STATUS_NO_TAG, STATUS_OK, START, START_VERSION, VERSION_PROBE, bodyOf, frame, parse3m, wireUid } from './m3-810-protocol.ts';
import { FrameChannel, type ByteTransport } from './transport.ts';
import { ISO_ERRORS, RfidError, normaliseUid, uidBytes, type RfidErrorCode, type RfidReader, type SystemInfo, type TagInfo } from './rfid-reader.ts';

const BLOCKS_PER_WRITE = 4;

/** A 3M / Bibliotheca 810 board (m3-810-protocol.ts) over any byte transport. */
export class M3810Reader implements RfidReader {
  readonly type = '3m-810' as const;
  readonly #channel: FrameChannel;
  constructor(transport: ByteTransport, opts: { timeoutMs?: number; retries?: number } = {}) {
    this.#channel = new FrameChannel(transport, parse3m, opts);
  }

  /** One command; its reply must answer it (m3-810-protocol.ts). */
  #call(start: number, body: Uint8Array): Promise<Uint8Array> {
    return this.#channel.request(frame(start, body), (reply) => {
      const b = bodyOf(reply);
      if (b[0] !== body[0]) throw new RfidError('protocol', `reply to 0x${body[0]!.toString(16)} came for 0x${b[0]!.toString(16)}`);
      return b;
    });
  }

  /** Command with a status byte: the payload after it, or the error the status names. */
  async #command(cmd: number, payload: Uint8Array, onError: RfidErrorCode, uid?: string): Promise<Uint8Array> {
    const body = new Uint8Array(1 + payload.length);
    body[0] = cmd;
    body.set(payload, 1);
    const r = await this.#call(START, body);
    const status = r[1]!;
    if (status === STATUS_OK) return r.subarray(2);
    if (status === STATUS_NO_TAG) throw new RfidError('tag-lost', uid ? `tag ${uid} did not answer` : 'no tag answered', { status, uid });
    throw new RfidError(onError, `the tag refused: ${ISO_ERRORS[status] ?? `status 0x${status.toString(16)}`}`, { status, uid });
  }

  async open(): Promise<void> {
    const r = await this.#call(START_VERSION, VERSION_PROBE);
    if (r.length < VERSION_PROBE.length) throw new RfidError('protocol', 'the board did not say its version');
  }

  close(): Promise<void> {
    return this.#channel.close();
  }

  async inventory(afi?: number): Promise<TagInfo[]> {
    const r = await this.#command(CMD.inventory, Uint8Array.of(0x00, 0x05), 'protocol');
    const n = r[2] ?? 0;
    if (r.length < 3 + n * 8) throw new RfidError('protocol', 'inventory reply too short');
    const tags: TagInfo[] = [];
    for (let i = 0; i < n; i++) tags.push({ uid: normaliseUid(wireUid(r.subarray(3 + i * 8, 11 + i * 8))) });
    if (afi == null) return tags;
    const withAfi = await Promise.all(tags.map(async (t) => ({ ...t, afi: (await this.systemInfo(t.uid)).afi })));
    return withAfi.filter((t) => t.afi === afi);
  }

  async systemInfo(uid: string): Promise<SystemInfo> {
    const r = await this.#command(CMD.tagInfo, wireUid(uidBytes(uid)), 'protocol', uid);
    return { uid, dsfid: r[8]!, afi: r[9]!, blockSize: r[10]!, blockCount: r[11]! };
  }

  async readBlocks(uid: string, first: number, count: number): Promise<Uint8Array> {
    const r = await this.#command(CMD.readBlocks, Uint8Array.of(...wireUid(uidBytes(uid)), first, count), 'protocol', uid);
    const n = r[8]!;
    if (n !== count || r.length < 9 + n * 6) throw new RfidError('protocol', `asked for ${count} blocks, got ${n}`);
    const out = new Uint8Array(n * 4);
    for (let i = 0; i < n; i++) out.set(r.subarray(9 + i * 6 + 2, 9 + i * 6 + 6), i * 4);
    return out;
  }

  async writeBlocks(uid: string, first: number, data: Uint8Array): Promise<void> {
    if (data.length % 4) throw new RfidError('protocol', 'data must be whole 4-byte blocks');
    const wire = wireUid(uidBytes(uid));
    for (let b = 0; b < data.length / 4; b += BLOCKS_PER_WRITE) {
      const part = data.subarray(b * 4, Math.min(data.length, (b + BLOCKS_PER_WRITE) * 4));
      await this.#command(CMD.writeBlocks, Uint8Array.of(...wire, first + b, part.length / 4, ...part), 'write', uid);
    }
  }

  async writeAfi(uid: string, afi: number): Promise<void> {
    await this.#command(CMD.writeAfi, Uint8Array.of(...wireUid(uidBytes(uid)), afi & 0xff), 'afi-write', uid);
  }

  async setEas(uid: string, on: boolean): Promise<void> {
    await this.#command(CMD.eas, Uint8Array.of(...wireUid(uidBytes(uid)), on ? 1 : 0), 'unsupported', uid);
  }
}
