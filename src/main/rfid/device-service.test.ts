import { afterEach, describe, expect, it } from 'vitest';
import { RfidDeviceService, type DeviceConfig } from './device-service.ts';
import { M3810Reader } from './m3-810-driver.ts';
import { attach3m810Simulator } from './m3-810-simulator.ts';
import { memoryPair } from './transport.ts';
import { blankTag, TagField } from './tag-field.ts';
import { RfidError } from './rfid-reader.ts';
import { rejection } from '../testing/rejection.ts';
import { decodeLibraryTag } from '../../shared/domain/rfid/iso28560-2.ts';
import { decodeBasicBlock } from '../../shared/domain/rfid/iso28560-3.ts';

/** A board that can be unplugged: `plugged` false makes connecting fail like a missing port. */
function board() {
  const field = new TagField();
  const state = { plugged: true, connects: 0, unplug: () => undefined as void };
  const connect = async (_c: DeviceConfig) => {
    state.connects += 1;
    if (!state.plugged) throw new RfidError('unavailable', 'cannot open /dev/ttyUSB0: No such file or directory');
    const [host, dev] = memoryPair(7);
    attach3m810Simulator(dev, field);
    state.unplug = () => void dev.close();
    const r = new M3810Reader(host, { timeoutMs: 150 });
    await r.open();
    return r;
  };
  return { field, state, connect };
}

const failure = (p: Promise<unknown>) => rejection<RfidError>(p);
const config: DeviceConfig = { type: '3m-810', port: '/dev/ttyUSB0' };

describe('RFID device service', () => {
  let service: RfidDeviceService | undefined;
  afterEach(async () => service?.dispose());

  it('encodes a copy in one checked step (data, AFI, read-back), in either ISO 28560 format', async () => {
    const b = board();
    service = new RfidDeviceService({ connect: b.connect });
    expect((await service.configure(config)).state).toBe('ready');
    const tag = b.field.place(blankTag());
    const { uid } = await service.encode({ data: { primaryItemId: 'T00012345', ownerLibrary: 'CN-110108' }, format: '28560-2', afi: 0x07 });
    expect(uid).toBe(tag.uid);
    expect(tag.afi).toBe(0x07);
    expect(decodeLibraryTag(tag.blocks)).toMatchObject({ primaryItemId: 'T00012345', ownerLibrary: 'CN-110108' });
    expect(await service.readOne()).toMatchObject({ uid, afi: 0x07, format: '28560-2', data: { primaryItemId: 'T00012345' } });

    // The same copy's tag again, in the other format.
    await service.encode({ data: { primaryItemId: 'T00012345' }, format: '28560-3', afi: 0x07 });
    expect(decodeBasicBlock(tag.blocks).primaryItemId).toBe('T00012345');
    expect((await service.readOne()).format).toBe('28560-3');
  });

  it('reads every tag on the pad at once (a pile of books and a reader card)', async () => {
    const b = board();
    service = new RfidDeviceService({ connect: b.connect });
    await service.configure(config);
    expect(await service.readPad()).toEqual({ tags: [], unreadable: [] });
    const uids: string[] = [];
    for (const id of ['T00000001', 'T00000002', 'R2026000001']) {
      const tag = b.field.place(blankTag());
      await service.encode({ data: { primaryItemId: id }, format: '28560-2', afi: 0x07, uid: tag.uid });
      uids.push(tag.uid);
    }
    const pad = await service.readPad();
    expect(pad.unreadable).toEqual([]);
    expect(pad.tags.map((t) => [t.uid, t.data?.primaryItemId, t.afi])).toEqual([[uids[0], 'T00000001', 7], [uids[1], 'T00000002', 7], [uids[2], 'R2026000001', 7]]);
    // A blank tag reads as no data: the desk says reading failed for it.
    const blank = b.field.place(blankTag());
    expect((await service.readPad()).tags.find((t) => t.uid === blank.uid)?.data).toBeNull();
  });

  it('refuses with the reason the user needs: no AFI set, no tag, two tags, an AFI write failure (then a retry works)', async () => {
    const b = board();
    service = new RfidDeviceService({ connect: b.connect });
    await service.configure(config);
    const req = { data: { primaryItemId: 'T1' }, format: '28560-2' as const, afi: 0x07 };
    expect((await failure(service.encode({ ...req, afi: null }))).code).toBe('afi-not-set');
    expect((await failure(service.encode(req))).code).toBe('no-tag');
    const t = b.field.place(blankTag());
    b.field.place(blankTag());
    expect((await failure(service.encode(req))).code).toBe('several-tags');
    b.field.lift([...b.field.tags.keys()][1]!);
    b.field.fault({ afiWriteFailures: 1 });
    expect(await failure(service.encode(req))).toMatchObject({ code: 'afi-write', detail: { uid: t.uid } });
    expect(await service.encode({ ...req, uid: t.uid })).toEqual({ uid: t.uid });
    expect(t.afi).toBe(0x07);
  });

  it('never writes over another item\'s tag (the last book left on the pad); its own tag may be written again', async () => {
    const b = board();
    service = new RfidDeviceService({ connect: b.connect });
    await service.configure(config);
    const tag = b.field.place(blankTag());
    await service.encode({ data: { primaryItemId: 'T00000001' }, format: '28560-2', afi: 7 });
    expect(await failure(service.encode({ data: { primaryItemId: 'T00000002' }, format: '28560-2', afi: 7 }))).toMatchObject({ code: 'tag-taken', detail: { uid: tag.uid, barcode: 'T00000001' } });
    expect(decodeLibraryTag(tag.blocks).primaryItemId).toBe('T00000001');
    expect(await service.encode({ data: { primaryItemId: 'T00000001' }, format: '28560-3', afi: 7 })).toEqual({ uid: tag.uid });
  });

  it('a tag lifted mid-write is reported and never counted as written', async () => {
    const b = board();
    service = new RfidDeviceService({ connect: b.connect });
    await service.configure(config);
    b.field.place(blankTag());
    b.field.fault({ liftAfterBlocks: 2 });
    expect((await failure(service.encode({ data: { primaryItemId: 'T00099999', ownerLibrary: 'CN-110108' }, format: '28560-2', afi: 7 }))).code).toBe('tag-lost');
  });

  it('an unplugged board is unavailable, looked for again, and works once plugged back in', async () => {
    const b = board();
    service = new RfidDeviceService({ connect: b.connect, reconnectMs: 30 });
    await service.configure(config);
    b.field.place(blankTag());
    b.state.unplug();
    b.state.plugged = false;
    expect((await failure(service.inventory())).code).toBe('unavailable');
    expect(service.status()).toMatchObject({ state: 'unavailable' });
    b.state.plugged = true;
    await new Promise((r) => setTimeout(r, 120));
    expect(service.status().state).toBe('ready');
    expect(await service.inventory()).toHaveLength(1);
  });

  it('runs one operation at a time', async () => {
    const b = board();
    service = new RfidDeviceService({ connect: b.connect });
    await service.configure(config);
    b.field.place(blankTag());
    const uid = [...b.field.tags.keys()][0]!;
    b.field.log.length = 0;
    const all = await Promise.all([service.inventory(), service.readOne(), service.inventory()]);
    expect(all[0]).toHaveLength(1);
    // The read belongs to the second operation and comes before the third one's inventory.
    expect(b.field.log).toEqual(['inventory', 'inventory', `read ${uid} 0+16`, 'inventory']);
  });
});
