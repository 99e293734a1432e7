import { afterEach, describe, expect, it } from 'vitest';
import { M3810Reader } from './m3-810-driver.ts';
import { attach3m810Simulator } from './m3-810-simulator.ts';
import { frame, START_VERSION, VERSION_PROBE } from './m3-810-protocol.ts';
import { FeigReader } from './feig-driver.ts';
import { attachFeigSimulator } from './feig-simulator.ts';
import { frame as feigFrame, CMD as FEIG_CMD } from './feig-protocol.ts';
import { StxEtxReader } from './stx-etx-driver.ts';
import { attachStxEtxSimulator } from './stx-etx-simulator.ts';
import { frame as stxFrame, CMD as STX_CMD, parseStxEtx } from './stx-etx-protocol.ts';
import { Rrhfoem04Reader } from './rrhfoem04-driver.ts';
import { simulatedRrhfoem04 } from './rrhfoem04-simulator.ts';
import { frame as rrhfFrame, CMD as RRHF_CMD, FLAGS as RRHF_FLAGS } from './rrhfoem04-protocol.ts';
import { hidTransport } from './hid-transport.ts';
import type { ByteTransport } from './transport.ts';
import type { RfidReader } from './rfid-reader.ts';
import { memoryPair } from './transport.ts';
import { blankTag, TagField } from './tag-field.ts';
import type { RfidError } from './rfid-reader.ts';
import { rejection } from '../testing/rejection.ts';

const toHex = (b: Uint8Array) => [...b].map((x) => x.toString(16).padStart(2, '0').toUpperCase()).join(' ');

interface Dialect {
  name: string;
  reader(t: ByteTransport): RfidReader;
  /** The board's side and the app's end of the line to it (a serial pair, or a HID device). */
  line(f: TagField, chunk: number): { host: ByteTransport; board: { close(): Promise<void> } };
  /** The board can set EAS (the STX/ETX manual has no such command). */
  eas: boolean;
}
const serial = (simulate: (t: ByteTransport, f: TagField) => void) => (f: TagField, chunk: number) => {
  const [host, board] = memoryPair(chunk);
  simulate(board, f);
  return { host, board };
};
const hid = (f: TagField) => {
  const device = simulatedRrhfoem04(f);
  return { host: hidTransport(device), board: { close: async () => device.unplug() } };
};
const DIALECTS: Dialect[] = [
  { name: '3M 810', reader: (t) => new M3810Reader(t, { timeoutMs: 200 }), line: serial(attach3m810Simulator), eas: true },
  { name: 'Feig ISO host', reader: (t) => new FeigReader(t, { timeoutMs: 200 }), line: serial(attachFeigSimulator), eas: true },
  { name: 'STX/ETX', reader: (t) => new StxEtxReader(t, { timeoutMs: 200 }), line: serial(attachStxEtxSimulator), eas: false },
  { name: 'RRHFOEM04 (HID)', reader: (t) => new Rrhfoem04Reader(t, { timeoutMs: 200 }), line: hid, eas: true },
];

const failure = (p: Promise<unknown>) => rejection<RfidError>(p);

describe('frames', () => {
  it('3M: builds the version probe byte for byte as a real board was sent it', () => {
    expect(toHex(frame(START_VERSION, VERSION_PROBE))).toBe('D5 00 05 04 00 11 8C 66');
  });
  it('Feig: builds the inventory frame with its MCRF4XX CRC, low byte first', () => {
    expect(toHex(feigFrame(FEIG_CMD.iso, Uint8Array.of(0x01, 0x00)))).toBe('07 FF B0 01 00 1C 56');
  });
  it('STX/ETX: frames the inventory with LEN, the XOR check byte and ETX; a wrong check byte is corrupt', () => {
    const f = stxFrame(STX_CMD.inventory, new Uint8Array(0));
    expect(toHex(f)).toBe('02 02 C0 01 C3 03');
    expect(parseStxEtx(Uint8Array.of(0x13, ...f))).toEqual({ skip: 1 });
    expect(parseStxEtx(f)).toEqual({ frame: f, used: 6 });
    expect(parseStxEtx(Uint8Array.of(0x02, 0x02, 0xc0, 0x01, 0x00, 0x03))).toEqual({ corrupt: 6 });
    expect(() => stxFrame(STX_CMD.writeBlock, new Uint8Array(60))).toThrow(/64 bytes/);
  });
  it('RRHFOEM04: LEN counts what follows it; the CRC (1021, init FFFF, inverted) is sent high byte first', () => {
    const f = rrhfFrame(RRHF_CMD.inventory, Uint8Array.of(RRHF_FLAGS.inventory));
    expect(toHex(f.subarray(0, 4))).toBe('05 10 01 26');
    expect(f).toHaveLength(6);
  });
});

describe.each(DIALECTS)('$name driver against its simulator', (dialect) => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  async function rig(chunk = 64) {
    const field = new TagField();
    const { host, board } = dialect.line(field, chunk);
    const reader = dialect.reader(host);
    await reader.open();
    return { reader, field, host, board };
  }

  it('finds the tags on the pad, reads and writes blocks and the AFI, across replies split into 3-byte pieces', async () => {
    const { reader, field } = await rig(3);
    close = () => reader.close();
    const a = field.place(blankTag('E004010012345678'));
    field.place(blankTag('E0040100AABBCCDD'));
    expect((await reader.inventory()).map((t) => t.uid).sort()).toEqual(['E004010012345678', 'E0040100AABBCCDD']);
    const data = Uint8Array.from({ length: 24 }, (_, i) => i + 1);
    await reader.writeBlocks(a.uid, 0, data);
    expect(await reader.readBlocks(a.uid, 0, 6)).toEqual(data);
    expect(a.blocks.subarray(0, 24)).toEqual(data);
    await reader.writeAfi(a.uid, 0x07);
    expect(await reader.systemInfo(a.uid)).toEqual({ uid: a.uid, dsfid: 0, afi: 0x07, blockSize: 4, blockCount: 28 });
    expect((await reader.inventory(0x07)).map((t) => [t.uid, t.afi])).toEqual([[a.uid, 0x07]]);
    if (dialect.eas) {
      await reader.setEas(a.uid, true);
      expect(a.eas).toBe(true);
    } else {
      expect((await failure(reader.setEas(a.uid, true))).code).toBe('unsupported');
    }
  });

  it('survives line noise and one garbled reply; a silent board is unavailable', async () => {
    const { reader, field } = await rig();
    close = () => reader.close();
    field.place(blankTag());
    field.fault({ noise: true, corruptReplies: 1 });
    expect(await reader.inventory()).toHaveLength(1);
    field.fault({ silent: true });
    expect((await failure(reader.inventory())).code).toBe('unavailable');
  });

  it('names what the tag refused: an AFI write, a locked block, a tag lifted mid-write', async () => {
    const { reader, field } = await rig();
    close = () => reader.close();
    const t = field.place(blankTag());
    field.fault({ afiWriteFailures: 1 });
    expect((await failure(reader.writeAfi(t.uid, 0xc2))).code).toBe('afi-write');
    await reader.writeAfi(t.uid, 0xc2);
    t.locked.add(1);
    expect(await failure(reader.writeBlocks(t.uid, 0, new Uint8Array(8)))).toMatchObject({ code: 'write', detail: { status: 0x12 } });
    t.locked.clear();
    field.fault({ liftAfterBlocks: 5 });
    expect((await failure(reader.writeBlocks(t.uid, 0, new Uint8Array(32)))).code).toBe('tag-lost');
    expect(await reader.inventory()).toEqual([]);
  });

  it('a board unplugged mid-exchange is unavailable at once, not after the deadline', async () => {
    const { reader, field, board } = await rig();
    field.place(blankTag());
    field.fault({ silent: true });
    const started = Date.now();
    const p = failure(reader.inventory());
    await board.close();
    expect((await p).code).toBe('unavailable');
    expect(Date.now() - started).toBeLessThan(150);
  });
});
