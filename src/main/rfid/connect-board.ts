import type { DeviceConfig } from './device-service.ts';
import { FeigReader } from './feig-driver.ts';
import { M3810Reader } from './m3-810-driver.ts';
import { StxEtxReader } from './stx-etx-driver.ts';
import { RfidError, type RfidReader } from './rfid-reader.ts';
import { openSerialTransport, type ByteTransport } from './transport.ts';
import { openHidTransport } from './hid-transport.ts';
import { Rrhfoem04Reader } from './rrhfoem04-driver.ts';
import { PRODUCT_ID, VENDOR_ID } from './rrhfoem04-protocol.ts';

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
  if (config.type === 'rrhfoem04') {
    // USB HID: the port is hidapi's device path, or empty for the first such board plugged in.
    return opened(new Rrhfoem04Reader(await openHidTransport({ vendorId: VENDOR_ID, productId: PRODUCT_ID }, config.port || undefined)));
  }
  const serial = SERIAL[config.type];
  if (!serial) throw new RfidError('unsupported', `no driver for ${config.type} yet`);
  if (!config.port) throw new RfidError('unavailable', 'no serial port is chosen');
  const transport = await openSerialTransport(config.port, config.baudRate ?? serial.baudRate, { parity: serial.parity });
  return opened(serial.driver(transport));
}

/** The reader once it answered; closed again when it does not. */
async function opened(reader: RfidReader): Promise<RfidReader> {
  try {
    await reader.open();
  } catch (err) {
    await reader.close().catch(() => undefined);
    throw err;
  }
  return reader;
}
