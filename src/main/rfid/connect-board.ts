import type { DeviceConfig } from './device-service.ts';
import { FeigReader } from './feig-driver.ts';
import { M3810Reader } from './m3-810-driver.ts';
import { StxEtxReader } from './stx-etx-driver.ts';
import { RfidError, type RfidReader } from './rfid-reader.ts';
import { openSerialTransport, type ByteTransport } from './transport.ts';

/** Serial settings and driver per board family (the manufacturers' defaults). */
const SERIAL: Partial<Record<DeviceConfig['type'], { baudRate: number; parity: 'none' | 'even'; driver: (t: ByteTransport) => RfidReader }>> = {
  '3m-810': { baudRate: 19200, parity: 'none', driver: (t) => new M3810Reader(t) },
  feig: { baudRate: 38400, parity: 'even', driver: (t) => new FeigReader(t) },
  // The vendor manual names no speed; 115200 8N1 is the common default of these boards (the
  // settings take another).
  'stx-etx': { baudRate: 115200, parity: 'none', driver: (t) => new StxEtxReader(t) },
};

/** Opens the configured board and checks it answers: the device service's `connect`. */
export async function connectBoard(config: DeviceConfig): Promise<RfidReader> {
  const serial = SERIAL[config.type];
  if (!serial) throw new RfidError('unsupported', `no driver for ${config.type} yet`);
  if (!config.port) throw new RfidError('unavailable', 'no serial port is chosen');
  const transport = await openSerialTransport(config.port, config.baudRate ?? serial.baudRate, { parity: serial.parity });
  const reader = serial.driver(transport);
  try {
    await reader.open();
  } catch (err) {
    await reader.close().catch(() => undefined);
    throw err;
  }
  return reader;
}
