import { RfidError } from './rfid-reader.ts';
import type { ByteTransport } from './transport.ts';

/** What the transport needs of an open HID device: node-hid's HIDAsync, or a test's fake. */
export interface HidDevice {
  write(values: number[]): Promise<number>;
  on(event: 'data', listener: (report: Buffer | Uint8Array) => void): unknown;
  on(event: 'error', listener: (err: Error) => void): unknown;
  off(event: 'data', listener: (report: Buffer | Uint8Array) => void): unknown;
  off(event: 'error', listener: (err: Error) => void): unknown;
  close(): Promise<void>;
}

/**
 * A HID board as a byte stream: each frame goes out as one report of `reportSize` bytes,
 * zero-padded, after report id 0 (the board has no numbered reports; hidapi wants the id byte on
 * every platform); each report that comes in is handed on whole (the protocol's parser skips
 * the padding). A read error means the board was unplugged.
 */
export function hidTransport(device: HidDevice, reportSize = 64): ByteTransport {
  let open = true;
  const closeListeners = new Set<(err?: Error) => void>();
  const gone = (err?: Error) => {
    if (!open) return;
    open = false;
    for (const l of closeListeners) l(err);
  };
  device.on('error', gone);
  return {
    get isOpen() {
      return open;
    },
    async write(bytes) {
      if (!open) throw new RfidError('unavailable', 'the HID board is closed');
      if (bytes.length > reportSize) throw new RfidError('protocol', `a frame of ${bytes.length} bytes does not fit one ${reportSize}-byte report`);
      const report = new Array<number>(reportSize + 1).fill(0);
      report.splice(1, bytes.length, ...bytes);
      try {
        await device.write(report);
      } catch (err) {
        gone(err as Error);
        throw new RfidError('unavailable', `write to the HID board failed: ${(err as Error).message}`);
      }
    },
    onData(listener) {
      const f = (r: Buffer | Uint8Array) => listener(new Uint8Array(r));
      device.on('data', f);
      return () => device.off('data', f);
    },
    onClose(listener) {
      closeListeners.add(listener);
      return () => closeListeners.delete(listener);
    },
    async close() {
      if (!open) return;
      open = false;
      device.off('error', gone);
      await device.close().catch(() => undefined);
      for (const l of closeListeners) l();
    },
  };
}

/**
 * Opens a HID board: the device at `path` when one is given (hidapi's path, as the settings show
 * it), else the first one with this vendor and product id. node-hid is loaded only here.
 */
export async function openHidTransport(ids: { vendorId: number; productId: number }, path?: string): Promise<ByteTransport> {
  let HID: typeof import('node-hid');
  try {
    HID = await import('node-hid');
  } catch (err) {
    throw new RfidError('unavailable', `USB HID support is not available on this computer: ${(err as Error).message}`);
  }
  const found = path ? path : (await HID.devicesAsync(ids.vendorId, ids.productId).catch(() => []))[0]?.path;
  if (!found) throw new RfidError('unavailable', `no board with USB id ${ids.vendorId.toString(16)}:${ids.productId.toString(16)} is plugged in`);
  try {
    return hidTransport(await HID.HIDAsync.open(found) as unknown as HidDevice);
  } catch (err) {
    throw new RfidError('unavailable', `cannot open ${found}: ${(err as Error).message}`);
  }
}
