import { describe, expect, it } from 'vitest';
import { connectBoard } from './connect-board.ts';
import { hidTransport } from './hid-transport.ts';
import { RfidDeviceService } from './device-service.ts';
import { Rrhfoem04Reader } from './rrhfoem04-driver.ts';
import { simulatedRrhfoem04 } from './rrhfoem04-simulator.ts';
import { blankTag, TagField } from './tag-field.ts';
import { rejection } from '../testing/rejection.ts';
import type { RfidError } from './rfid-reader.ts';

describe('an RRHFOEM04 board over USB HID', () => {
  it('through the real node-hid: no such board plugged in, or a path that is not there, is unavailable with the reason', async () => {
    const none = await rejection<RfidError>(connectBoard({ type: 'rrhfoem04', port: '' }));
    expect(none).toMatchObject({ code: 'unavailable', message: 'no board with USB id 1781:c10 is plugged in' });
    const missing = await rejection<RfidError>(connectBoard({ type: 'rrhfoem04', port: '/dev/hidraw-nope' }));
    expect(missing.code).toBe('unavailable');
    expect(missing.message).toContain('/dev/hidraw-nope');
  });

  it('the device service encodes a tag through 64-byte reports; unplugged, the next use says unavailable, and the board comes back when plugged in again', async () => {
    const field = new TagField();
    let device = simulatedRrhfoem04(field);
    const service = new RfidDeviceService({ connect: async () => {
      const r = new Rrhfoem04Reader(hidTransport(device), { timeoutMs: 200 });
      await r.open();
      return r;
    }, reconnectMs: 50 });
    try {
      expect((await service.configure({ type: 'rrhfoem04', port: '' })).state).toBe('ready');
      const tag = field.place(blankTag());
      expect(await service.encode({ data: { primaryItemId: 'T00000045' }, format: '28560-2', afi: 0x07 })).toEqual({ uid: tag.uid });
      expect(tag.afi).toBe(7);
      device.unplug();
      expect((await rejection<RfidError>(service.readOne())).code).toBe('unavailable');
      expect(service.status().state).toBe('unavailable');
      device = simulatedRrhfoem04(field);
      await expect.poll(() => service.status().state, { timeout: 2000 }).toBe('ready');
      expect((await service.readOne()).data?.primaryItemId).toBe('T00000045');
    } finally {
      await service.dispose();
    }
  });
});
