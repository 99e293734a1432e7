import { CMD, STATUS_OK, START, START_VERSION, bodyOf, frame, parse3m, wireUid } from './m3-810-protocol.ts';
import { frameSplitter, type ByteTransport } from './transport.ts';
import { normaliseUid } from './rfid-reader.ts';
import type { TagField, TagResult } from './tag-field.ts';

/** Board version the simulator reports (as a real 810 answered the probe). */
const VERSION = Uint8Array.of(0x0a, 0x05, 0x00, 0x02);

/**
 * The board side of the 3M 810 dialect over a byte transport (a socat pty end, or one end of a
 * memory pair): reads requests, answers from the tag field, with its faults.
 */
export function attach3m810Simulator(transport: ByteTransport, field: TagField): () => void {
  const send = (start: number, body: Uint8Array) => {
    if (field.faults.silent) return;
    const f = frame(start, body);
    if (field.takeCorruption()) f[f.length - 1]! ^= 0xff;
    const out = field.faults.noise ? Uint8Array.of(0x00, 0x13, 0x37, ...f) : f;
    void transport.write(out).catch(() => undefined);
  };
  const reply = (cmd: number, r: TagResult<Uint8Array>) =>
    send(START, r.ok ? Uint8Array.of(cmd, STATUS_OK, ...r.value) : Uint8Array.of(cmd, r.status));
  const uidAt = (b: Uint8Array, at: number) => normaliseUid(wireUid(b.subarray(at, at + 8)));

  const handle = (f: Uint8Array) => {
    const b = bodyOf(f);
    if (f[0] === START_VERSION) return send(START_VERSION, Uint8Array.of(...b, ...VERSION));
    const cmd = b[0]!;
    switch (cmd) {
      case CMD.inventory: {
        const uids = field.inventory();
        return reply(cmd, { ok: true, value: Uint8Array.of(b[1] ?? 0, b[2] ?? 5, uids.length, ...uids.flatMap((u) => [...wireUid(Uint8Array.from(u.match(/../g)!.map((h) => parseInt(h, 16))))])) });
      }
      case CMD.tagInfo: {
        const r = field.info(uidAt(b, 1));
        return reply(cmd, r.ok ? { ok: true, value: Uint8Array.of(...b.subarray(1, 9), r.value.dsfid, r.value.afi, r.value.blockSize, r.value.blocks.length / r.value.blockSize) } : r);
      }
      case CMD.readBlocks: {
        const first = b[9]!;
        const count = b[10]!;
        const r = field.read(uidAt(b, 1), first, count);
        if (!r.ok) return reply(cmd, r);
        const blocks: number[] = [];
        for (let i = 0; i < count; i++) blocks.push(0, first + i, ...r.value.subarray(i * 4, i * 4 + 4));
        return reply(cmd, { ok: true, value: Uint8Array.of(...b.subarray(1, 9), count, ...blocks) });
      }
      case CMD.writeBlocks: {
        const first = b[9]!;
        const count = b[10]!;
        const r = field.write(uidAt(b, 1), first, b.subarray(11, 11 + count * 4));
        return reply(cmd, r.ok ? { ok: true, value: Uint8Array.of(...b.subarray(1, 9), r.value) } : r);
      }
      case CMD.writeAfi: {
        const r = field.writeAfi(uidAt(b, 1), b[9]!);
        return reply(cmd, r.ok ? { ok: true, value: b.subarray(1, 9) } : r);
      }
      case CMD.eas: {
        const r = field.setEas(uidAt(b, 1), b[9] === 1);
        return reply(cmd, r.ok ? { ok: true, value: b.subarray(1, 9) } : r);
      }
      default:
        return reply(cmd, { ok: false, status: 0x01 });
    }
  };

  return transport.onData(frameSplitter(parse3m, handle).feed);
}
