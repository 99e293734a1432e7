import { CMD, bodyOf, commandOf, frame, parseStxEtx } from './stx-etx-protocol.ts';
import { STATUS_WORD as STATUS, isoStatusWord as isoStatus } from './status-word.ts';
import { frameSplitter, type ByteTransport } from './transport.ts';
import { normaliseUid } from './rfid-reader.ts';
import { NO_TAG, type TagField, type TagResult } from './tag-field.ts';

const hexBytes = (uid: string) => uid.match(/../g)!.map((h) => parseInt(h, 16));

/** The board side of the STX/ETX protocol, on a tag field (see m3-810-simulator.ts). */
export function attachStxEtxSimulator(transport: ByteTransport, field: TagField): () => void {
  const send = (cmd: number, status: number, data: number[] = []) => {
    if (field.faults.silent) return;
    const f = frame(cmd, Uint8Array.of(status >> 8, status & 0xff, ...data));
    if (field.takeCorruption()) f[f.length - 2] = f[f.length - 2]! ^ 0xff;
    void transport.write(field.faults.noise ? Uint8Array.of(0x00, 0x13, 0x37, ...f) : f).catch(() => undefined);
  };
  const answer = <T>(cmd: number, r: TagResult<T>, data: (v: T) => number[]) => {
    if (r.ok) return send(cmd, STATUS.ok, data(r.value));
    return send(cmd, r.status === NO_TAG ? STATUS.noTag : isoStatus(r.status));
  };

  const handle = (f: Uint8Array) => {
    const cmd = commandOf(f);
    const d = bodyOf(f).subarray(2);
    const uid = () => normaliseUid(d.subarray(0, 8));
    switch (cmd) {
      case CMD.inventory: {
        const uids = field.inventory();
        if (!uids.length) return send(cmd, STATUS.noTag);
        // Five tags fill the 64-byte frame; a real pad of books holds few more.
        return send(cmd, STATUS.ok, [Math.min(5, uids.length), ...uids.slice(0, 5).flatMap((u) => [field.tags.get(u)!.dsfid, ...hexBytes(u)])]);
      }
      case CMD.systemInfo:
        return answer(cmd, field.info(uid()), (t) => [t.dsfid, t.afi, t.blocks.length / t.blockSize - 1, t.blockSize - 1]);
      case CMD.readBlock:
        return answer(cmd, field.read(uid(), d[8]!, 1), (data) => [...data]);
      case CMD.writeBlock:
        return answer(cmd, field.write(uid(), d[8]!, d.subarray(9, 13)), () => []);
      case CMD.writeAfi:
        return answer(cmd, field.writeAfi(uid(), d[8]!), () => []);
      default:
        return send(cmd, STATUS.failed);
    }
  };

  return transport.onData(frameSplitter(parseStxEtx, handle).feed);
}
