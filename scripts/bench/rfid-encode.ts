import { openPtyPair } from '../../src/main/rfid/pty-pair.ts';
import { openSerialTransport } from '../../src/main/rfid/transport.ts';
import { attach3m810Simulator } from '../../src/main/rfid/m3-810-simulator.ts';
import { attachFeigSimulator } from '../../src/main/rfid/feig-simulator.ts';
import { blankTag, TagField } from '../../src/main/rfid/tag-field.ts';
import { RfidDeviceService } from '../../src/main/rfid/device-service.ts';
import { connectBoard } from '../../src/main/rfid/connect-board.ts';
import { pct } from './percentile.ts';


/**
 * Issue 8's device figure: one tag encoded and verified (inventory, system information, data
 * write, AFI write, read-back of both) through the real device service and serial driver, to the
 * simulator over a socat pty, as the desk does it. The simulator answers at once, so this is the
 * app's own cost plus the serial round trips; a real board adds its radio time.
 */
export async function measureRfidEncode(type: '3m-810' | 'feig', runs = 60): Promise<{ p50: number; p95: number }> {
  const pty = await openPtyPair();
  const feig = type === 'feig';
  const board = await openSerialTransport(pty.boardPort, feig ? 38400 : 19200, { parity: feig ? 'even' : 'none' });
  const field = new TagField();
  (feig ? attachFeigSimulator : attach3m810Simulator)(board, field);
  const service = new RfidDeviceService({ connect: connectBoard });
  try {
    await service.configure({ type, port: pty.appPort });
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      field.clear();
      field.place(blankTag());
      const a = performance.now();
      await service.encode({ data: { primaryItemId: `T${String(i).padStart(8, '0')}`, ownerLibrary: 'CN-110108' }, format: '28560-2', afi: 0x07 });
      times.push(performance.now() - a);
    }
    return { p50: pct(times, 0.5), p95: pct(times, 0.95) };
  } finally {
    await service.dispose();
    await board.close();
    await pty.close();
  }
}

if (import.meta.main) console.log(await measureRfidEncode('3m-810'), await measureRfidEncode('feig'));
