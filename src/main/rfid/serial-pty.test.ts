import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPtyPair, type PtyPair } from './pty-pair.ts';
import { listSerialPorts, openSerialTransport, type ByteTransport } from './transport.ts';
import { attach3m810Simulator } from './m3-810-simulator.ts';
import { attachFeigSimulator } from './feig-simulator.ts';
import { attachStxEtxSimulator } from './stx-etx-simulator.ts';
import { blankTag, TagField } from './tag-field.ts';
import { RfidDeviceService } from './device-service.ts';
import { connectBoard } from './connect-board.ts';

/** The real serial stack (serialport's native binding) against the simulator over a socat pty. */
describe('a 3M 810 board on a serial port (socat pty)', () => {
  let pty: PtyPair;
  let boardEnd: ByteTransport;
  const field = new TagField();
  beforeAll(async () => {
    pty = await openPtyPair();
    boardEnd = await openSerialTransport(pty.boardPort, 19200);
    attach3m810Simulator(boardEnd, field);
  });
  afterAll(async () => {
    await boardEnd?.close();
    await pty?.close();
  });

  it('encodes a tag through the real serial driver; listing ports never throws', async () => {
    expect(Array.isArray(await listSerialPorts())).toBe(true);
    const service = new RfidDeviceService({ connect: connectBoard });
    try {
      expect((await service.configure({ type: '3m-810', port: pty.appPort })).state).toBe('ready');
      const tag = field.place(blankTag());
      expect(await service.encode({ data: { primaryItemId: 'T00000042', ownerLibrary: 'CN-110108' }, format: '28560-2', afi: 0x07 })).toEqual({ uid: tag.uid });
      expect(tag.afi).toBe(7);
    } finally {
      await service.dispose();
    }
  });

  it('a Feig reader over a pty (38400 8E1): the same checked encoding', async () => {
    const pty2 = await openPtyPair();
    const end = await openSerialTransport(pty2.boardPort, 38400, { parity: 'even' });
    const feigField = new TagField();
    attachFeigSimulator(end, feigField);
    const service = new RfidDeviceService({ connect: connectBoard });
    try {
      expect((await service.configure({ type: 'feig', port: pty2.appPort })).state).toBe('ready');
      const tag = feigField.place(blankTag());
      expect(await service.encode({ data: { primaryItemId: 'T00000043' }, format: '28560-3', afi: 0x07 })).toEqual({ uid: tag.uid });
      expect((await service.readOne()).data?.primaryItemId).toBe('T00000043');
    } finally {
      await service.dispose();
      await end.close();
      await pty2.close();
    }
  });

  it('an STX/ETX board over a pty (115200 8N1): the same checked encoding, one block a frame', async () => {
    const pty3 = await openPtyPair();
    const end = await openSerialTransport(pty3.boardPort, 115200);
    const stxField = new TagField();
    attachStxEtxSimulator(end, stxField);
    const service = new RfidDeviceService({ connect: connectBoard });
    try {
      expect((await service.configure({ type: 'stx-etx', port: pty3.appPort })).state).toBe('ready');
      const tag = stxField.place(blankTag());
      expect(await service.encode({ data: { primaryItemId: 'T00000044', ownerLibrary: 'CN-110108' }, format: '28560-2', afi: 0x07 })).toEqual({ uid: tag.uid });
      expect((await service.readOne()).data?.primaryItemId).toBe('T00000044');
      expect(tag.afi).toBe(7);
    } finally {
      await service.dispose();
      await end.close();
      await pty3.close();
    }
  });

  it('a port that does not exist is unavailable, with the reason', async () => {
    const service = new RfidDeviceService({ connect: connectBoard });
    try {
      const s = await service.configure({ type: '3m-810', port: '/dev/ttyNOPE9' });
      expect(s.state).toBe('unavailable');
      expect(s.detail).toMatch(/ttyNOPE9/);
    } finally {
      await service.dispose();
    }
  });
});
