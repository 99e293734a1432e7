import { CMD, FLAGS, REPORT, commandOf, dataOf, frame, parseRrhf } from './rrhfoem04-protocol.ts';
import { STATUS_WORD as STATUS, isoStatusWord as isoStatus } from './status-word.ts';
import { frameSplitter } from './transport.ts';
import { normaliseUid } from './rfid-reader.ts';
import { NO_TAG, type TagField, type TagResult } from './tag-field.ts';
import type { HidDevice } from './hid-transport.ts';

const hexBytes = (uid: string) => uid.match(/../g)!.map((h) => parseInt(h, 16));

type Listener = (x: never) => void;

/**
 * A simulated RRHFOEM04 as a HID device (no virtual HID can be made here: Debian has no
 * /dev/uhid tooling), for hidTransport: reports written to it are answered on the tag field with
 * 64-byte reports, faults included; `unplug()` fails it as a yanked cable does.
 */
export function simulatedRrhfoem04(field: TagField): HidDevice & { unplug(): void } {
  const listeners = { data: new Set<Listener>(), error: new Set<Listener>() };
  let plugged = true;
  const emit = (report: Uint8Array) => setTimeout(() => {
    if (plugged) for (const l of listeners.data) (l as (r: Uint8Array) => void)(report);
  }, 1);
  const send = (cmd: number, status: number, data: number[] = []) => {
    if (field.faults.silent) return;
    const f = frame(cmd, Uint8Array.of(status >> 8, status & 0xff, ...data));
    if (field.takeCorruption()) f[f.length - 1] = f[f.length - 1]! ^ 0xff;
    const report = new Uint8Array(REPORT);
    const bytes = field.faults.noise ? Uint8Array.of(0x00, 0x00, ...f) : f;
    report.set(bytes.subarray(0, REPORT));
    emit(report);
  };
  const answer = <T>(cmd: number, r: TagResult<T>, data: (v: T) => number[]) => {
    if (r.ok) return send(cmd, STATUS.ok, data(r.value));
    return send(cmd, r.status === NO_TAG ? STATUS.noTag : isoStatus(r.status));
  };
  const handle = (f: Uint8Array) => {
    const cmd = commandOf(f);
    const d = dataOf(f);
    const uid = () => normaliseUid(d.subarray(1, 9));
    switch (cmd) {
      case CMD.inventory: {
        const all = field.inventory();
        const uids = d[0] === FLAGS.inventoryAfi ? all.filter((u) => field.tags.get(u)!.afi === d[1]) : all;
        if (!uids.length) return send(cmd, STATUS.noTag);
        return send(cmd, STATUS.ok, [Math.min(5, uids.length), ...uids.slice(0, 5).flatMap((u) => [field.tags.get(u)!.dsfid, ...hexBytes(u)])]);
      }
      case CMD.systemInfo:
        return answer(cmd, field.info(uid()), (t) => [0x0f, ...hexBytes(t.uid), t.dsfid, t.afi, t.blocks.length / t.blockSize - 1, t.blockSize - 1, 0x01]);
      case CMD.readBlock:
        return answer(cmd, field.read(uid(), d[9]!, 1), (data) => [...data]);
      case CMD.writeBlock:
        return answer(cmd, field.write(uid(), d[9]!, d.subarray(10, 14)), () => []);
      case CMD.writeAfi:
        return answer(cmd, field.writeAfi(uid(), d[9]!), () => []);
      case CMD.setEas:
      case CMD.resetEas:
        return answer(cmd, field.setEas(uid(), cmd === CMD.setEas), () => []);
      default:
        return send(cmd, STATUS.failed);
    }
  };
  const splitter = frameSplitter(parseRrhf, handle);
  return {
    async write(values) {
      if (!plugged) throw new Error('device disconnected');
      // Report id first, then the report.
      splitter.feed(Uint8Array.from(values.slice(1)));
      return values.length;
    },
    on(event: 'data' | 'error', listener: Listener) {
      listeners[event].add(listener);
      return this;
    },
    off(event: 'data' | 'error', listener: Listener) {
      listeners[event].delete(listener);
      return this;
    },
    async close() {
      plugged = false;
    },
    unplug() {
      plugged = false;
      for (const l of listeners.error) (l as (e: Error) => void)(new Error('could not read from HID device'));
    },
  } as HidDevice & { unplug(): void };
}
