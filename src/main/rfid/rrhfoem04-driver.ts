import { CMD, FLAGS, commandOf, dataOf, frame, parseRrhf } from './rrhfoem04-protocol.ts';
import { STATUS_WORD, inventoryRecords, statusWordError } from './status-word.ts';
import { FrameChannel, type ByteTransport } from './transport.ts';
import { RfidError, uidBytes, type RfidErrorCode, type RfidReader, type SystemInfo, type TagInfo } from './rfid-reader.ts';

/** An RRHFOEM04 board (rrhfoem04-protocol.ts) over its HID transport (hid-transport.ts). */
export class Rrhfoem04Reader implements RfidReader {
  readonly type = 'rrhfoem04' as const;
  readonly #channel: FrameChannel;
  constructor(transport: ByteTransport, opts: { timeoutMs?: number; retries?: number } = {}) {
    this.#channel = new FrameChannel(transport, parseRrhf, opts);
  }

  #call(cmd: number, data: number[], onError: RfidErrorCode, uid?: string): Promise<Uint8Array> {
    return this.#channel.request(frame(cmd, Uint8Array.from(data)), (reply) => {
      if (commandOf(reply) !== cmd) throw new RfidError('protocol', `reply to 0x${cmd.toString(16)} came for 0x${commandOf(reply).toString(16)}`);
      const d = dataOf(reply);
      const status = (d[0]! << 8) | d[1]!;
      if (status === STATUS_WORD.ok) return d.subarray(2);
      throw statusWordError(status, onError, uid);
    });
  }

  #addressed(uid: string) {
    return [FLAGS.addressed, ...uidBytes(uid)];
  }

  /** No version command is known: an inventory answered at all means the board is there. */
  async open(): Promise<void> {
    await this.inventory();
  }

  close(): Promise<void> {
    return this.#channel.close();
  }

  async inventory(afi?: number): Promise<TagInfo[]> {
    let r: Uint8Array;
    try {
      r = await this.#call(CMD.inventory, afi == null ? [FLAGS.inventory] : [FLAGS.inventoryAfi, afi & 0xff], 'protocol');
    } catch (err) {
      if (err instanceof RfidError && err.code === 'no-tag') return [];
      throw err;
    }
    return inventoryRecords(r).map((t) => (afi == null ? t : { ...t, afi }));
  }

  async systemInfo(uid: string): Promise<SystemInfo> {
    // ISO 15693 Get System Information: info flags, UID, DSFID, AFI, blocks − 1, block size − 1, IC.
    const r = await this.#call(CMD.systemInfo, this.#addressed(uid), 'protocol', uid);
    return { uid, dsfid: r[9]!, afi: r[10]!, blockCount: r[11]! + 1, blockSize: (r[12]! & 0x1f) + 1 };
  }

  async readBlocks(uid: string, first: number, count: number): Promise<Uint8Array> {
    const out = new Uint8Array(count * 4);
    for (let i = 0; i < count; i++) {
      const r = await this.#call(CMD.readBlock, [...this.#addressed(uid), first + i], 'protocol', uid);
      if (r.length < 4) throw new RfidError('protocol', `block ${first + i}: reply too short`);
      out.set(r.subarray(0, 4), i * 4);
    }
    return out;
  }

  async writeBlocks(uid: string, first: number, data: Uint8Array): Promise<void> {
    if (data.length % 4) throw new RfidError('protocol', 'data must be whole 4-byte blocks');
    for (let i = 0; i < data.length / 4; i++) await this.#call(CMD.writeBlock, [...this.#addressed(uid), first + i, ...data.subarray(i * 4, i * 4 + 4)], 'write', uid);
  }

  async writeAfi(uid: string, afi: number): Promise<void> {
    await this.#call(CMD.writeAfi, [...this.#addressed(uid), afi & 0xff], 'afi-write', uid);
  }

  async setEas(uid: string, on: boolean): Promise<void> {
    await this.#call(on ? CMD.setEas : CMD.resetEas, this.#addressed(uid), 'unsupported', uid);
  }
}
