import { CMD, bodyOf, commandOf, frame, parseStxEtx } from './stx-etx-protocol.ts';
import { STATUS_WORD, inventoryRecords, statusWordError } from './status-word.ts';
import { FrameChannel, type ByteTransport } from './transport.ts';
import { RfidError, uidBytes, type RfidErrorCode, type RfidReader, type SystemInfo, type TagInfo } from './rfid-reader.ts';

/** A board of the STX/ETX family (stx-etx-protocol.ts) over any byte transport. */
export class StxEtxReader implements RfidReader {
  readonly type = 'stx-etx' as const;
  readonly #channel: FrameChannel;
  constructor(transport: ByteTransport, opts: { timeoutMs?: number; retries?: number } = {}) {
    this.#channel = new FrameChannel(transport, parseStxEtx, opts);
  }

  /** One command: the data after the status word, or the error the status names. */
  #call(cmd: number, data: number[], onError: RfidErrorCode, uid?: string): Promise<Uint8Array> {
    return this.#channel.request(frame(cmd, Uint8Array.from(data)), (reply) => {
      if (commandOf(reply) !== cmd) throw new RfidError('protocol', `reply to 0x${cmd.toString(16)} came for 0x${commandOf(reply).toString(16)}`);
      const b = bodyOf(reply);
      const status = (b[2]! << 8) | b[3]!;
      if (status === STATUS_WORD.ok) return b.subarray(4);
      throw statusWordError(status, onError, uid);
    });
  }

  /** The manual lists no version command: an inventory answered at all means the board is there. */
  async open(): Promise<void> {
    await this.inventory();
  }

  close(): Promise<void> {
    return this.#channel.close();
  }

  async inventory(afi?: number): Promise<TagInfo[]> {
    let r: Uint8Array;
    try {
      r = await this.#call(CMD.inventory, [], 'protocol');
    } catch (err) {
      if (err instanceof RfidError && err.code === 'no-tag') return [];
      throw err;
    }
    const tags = inventoryRecords(r);
    if (afi == null) return tags;
    const withAfi = await Promise.all(tags.map(async (t) => ({ ...t, afi: (await this.systemInfo(t.uid)).afi })));
    return withAfi.filter((t) => t.afi === afi);
  }

  async systemInfo(uid: string): Promise<SystemInfo> {
    const r = await this.#call(CMD.systemInfo, [...uidBytes(uid)], 'protocol', uid);
    return { uid, dsfid: r[0]!, afi: r[1]!, blockCount: r[2]! + 1, blockSize: r[3]! + 1 };
  }

  async readBlocks(uid: string, first: number, count: number): Promise<Uint8Array> {
    const out = new Uint8Array(count * 4);
    for (let i = 0; i < count; i++) {
      const r = await this.#call(CMD.readBlock, [...uidBytes(uid), first + i], 'protocol', uid);
      if (r.length < 4) throw new RfidError('protocol', `block ${first + i}: reply too short`);
      out.set(r.subarray(0, 4), i * 4);
    }
    return out;
  }

  async writeBlocks(uid: string, first: number, data: Uint8Array): Promise<void> {
    if (data.length % 4) throw new RfidError('protocol', 'data must be whole 4-byte blocks');
    for (let i = 0; i < data.length / 4; i++) await this.#call(CMD.writeBlock, [...uidBytes(uid), first + i, ...data.subarray(i * 4, i * 4 + 4)], 'write', uid);
  }

  async writeAfi(uid: string, afi: number): Promise<void> {
    await this.#call(CMD.writeAfi, [...uidBytes(uid), afi & 0xff], 'afi-write', uid);
  }

  setEas(): Promise<void> {
    return Promise.reject(new RfidError('unsupported', 'STX/ETX boards have no EAS command'));
  }
}
