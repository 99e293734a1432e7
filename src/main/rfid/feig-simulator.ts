import { CMD, ISO, NXP, STATUS, bodyOf, frame, parseFeig, reverseBlocks } from './feig-protocol.ts';
import { frameSplitter, type ByteTransport } from './transport.ts';
import { normaliseUid } from './rfid-reader.ts';
import { NO_TAG, type TagField, type TagResult } from './tag-field.ts';

/** The reader side of the Feig ISO host protocol, on a tag field (see m3-810-simulator.ts). */
export function attachFeigSimulator(transport: ByteTransport, field: TagField): () => void {
  const send = (cmd: number, status: number, data: Uint8Array = new Uint8Array(0)) => {
    if (field.faults.silent) return;
    const f = frame(cmd, Uint8Array.of(status, ...data));
    if (field.takeCorruption()) f[f.length - 1] = f[f.length - 1]! ^ 0xff;
    void transport.write(field.faults.noise ? Uint8Array.of(0x00, 0x13, 0x37, ...f) : f).catch(() => undefined);
  };
  const answer = <T>(cmd: number, r: TagResult<T>, data: (v: T) => Uint8Array) => {
    if (r.ok) return send(cmd, STATUS.ok, data(r.value));
    if (r.status === NO_TAG) return send(cmd, STATUS.noTag);
    return send(cmd, STATUS.isoError, Uint8Array.of(r.status));
  };

  const handle = (b: Uint8Array) => {
    const cmd = b[0]!;
    if (cmd === CMD.version) return send(cmd, STATUS.ok, Uint8Array.of(0x03, 0x0a, 0x00, 0x49));
    if (cmd === CMD.custom) {
      const r = field.setEas(normaliseUid(b.subarray(4, 12)), b[1] === NXP.setEas);
      return answer(cmd, r, () => new Uint8Array(0));
    }
    if (cmd !== CMD.iso) return send(cmd, 0x80);
    const sub = b[1]!;
    const uid = () => normaliseUid(b.subarray(3, 11));
    switch (sub) {
      case ISO.inventory: {
        const uids = field.inventory();
        if (!uids.length) return send(cmd, STATUS.noTag);
        return send(cmd, STATUS.ok, Uint8Array.of(uids.length, ...uids.flatMap((u) => [0x03, field.tags.get(u)!.dsfid, ...u.match(/../g)!.map((h) => parseInt(h, 16))])));
      }
      case ISO.systemInfo:
        return answer(cmd, field.info(uid()), (t) => Uint8Array.of(t.dsfid, ...b.subarray(3, 11), t.afi, t.blocks.length / t.blockSize - 1, t.blockSize - 1, 0x01));
      case ISO.read: {
        const first = b[11]!;
        const count = b[12]!;
        return answer(cmd, field.read(uid(), first, count), (data) => {
          const out = [count, 4];
          for (let i = 0; i < count; i++) out.push(0x00, ...reverseBlocks(data.subarray(i * 4, i * 4 + 4), 4));
          return Uint8Array.from(out);
        });
      }
      case ISO.write: {
        const first = b[11]!;
        const count = b[12]!;
        const size = b[13]!;
        return answer(cmd, field.write(uid(), first, reverseBlocks(b.subarray(14, 14 + count * size), size)), () => new Uint8Array(0));
      }
      case ISO.writeAfi:
        return answer(cmd, field.writeAfi(uid(), b[11]!), () => new Uint8Array(0));
      default:
        return send(cmd, STATUS.isoError, Uint8Array.of(0x01));
    }
  };

  return transport.onData(frameSplitter(parseFeig, (f) => handle(bodyOf(f))).feed);
}
