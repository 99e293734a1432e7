import { RfidError } from './rfid-reader.ts';

/** Bytes to and from a board: a serial port, a HID device's reports, or an in-memory pair. */
export interface ByteTransport {
  write(bytes: Uint8Array): Promise<void>;
  onData(listener: (chunk: Uint8Array) => void): () => void;
  /** The port went away (unplugged, closed by the other side). */
  onClose(listener: (err?: Error) => void): () => void;
  close(): Promise<void>;
  readonly isOpen: boolean;
}

type Listeners<T> = Set<(v: T) => void>;

class MemoryEnd implements ByteTransport {
  readonly #data: Listeners<Uint8Array> = new Set();
  readonly #closed: Listeners<Error | undefined> = new Set();
  peer: MemoryEnd | null = null;
  isOpen = true;
  readonly chunk: number;
  constructor(chunk: number) {
    this.chunk = chunk;
  }
  async write(bytes: Uint8Array) {
    if (!this.isOpen || !this.peer?.isOpen) throw new RfidError('unavailable', 'the port is closed');
    const peer = this.peer;
    // Delivered later and possibly in pieces, as a serial line does.
    for (let i = 0; i < bytes.length; i += this.chunk) {
      const part = bytes.slice(i, i + this.chunk);
      setImmediate(() => peer.isOpen && peer.#data.forEach((l) => l(part)));
    }
  }
  onData(l: (c: Uint8Array) => void) {
    this.#data.add(l);
    return () => this.#data.delete(l);
  }
  onClose(l: (e?: Error) => void) {
    this.#closed.add(l);
    return () => this.#closed.delete(l);
  }
  async close() {
    this.shut();
    this.peer?.shut();
  }
  shut() {
    if (!this.isOpen) return;
    this.isOpen = false;
    this.#closed.forEach((l) => l(undefined));
  }
}

/** Two connected ends (driver ↔ simulator) for tests; `chunk` splits writes to test reassembly. */
export function memoryPair(chunk = 64): [ByteTransport, ByteTransport] {
  const a = new MemoryEnd(chunk);
  const b = new MemoryEnd(chunk);
  a.peer = b;
  b.peer = a;
  return [a, b];
}

/**
 * A serial port (`serialport`, loaded only when a board is used). A port that cannot be opened is
 * "unavailable", as is one that closes under us (the board was unplugged).
 */
export async function openSerialTransport(path: string, baudRate: number, opts: { parity?: 'none' | 'even' | 'odd' } = {}): Promise<ByteTransport> {
  const { SerialPort } = await import('serialport');
  const port = new SerialPort({ path, baudRate, parity: opts.parity ?? 'none', dataBits: 8, stopBits: 1, autoOpen: false });
  await new Promise<void>((resolve, reject) => port.open((err) => (err ? reject(new RfidError('unavailable', `cannot open ${path}: ${err.message}`)) : resolve())));
  return {
    get isOpen() {
      return port.isOpen;
    },
    write: (bytes) => new Promise<void>((resolve, reject) => {
      if (!port.isOpen) return reject(new RfidError('unavailable', `${path} is closed`));
      port.write(Buffer.from(bytes), (err) => (err ? reject(new RfidError('unavailable', `write to ${path} failed: ${err.message}`)) : resolve()));
    }),
    onData: (l) => {
      const f = (b: Buffer) => l(new Uint8Array(b));
      port.on('data', f);
      return () => port.off('data', f);
    },
    onClose: (l) => {
      port.on('close', l);
      return () => port.off('close', l);
    },
    close: () => new Promise<void>((resolve) => (port.isOpen ? port.close(() => resolve()) : resolve())),
  };
}

/** The serial ports the OS lists; [] where listing is impossible (no udev in a container). */
export async function listSerialPorts(): Promise<Array<{ path: string; manufacturer?: string; vendorId?: string; productId?: string }>> {
  try {
    const { SerialPort } = await import('serialport');
    return (await SerialPort.list()).map((p) => ({ path: p.path, manufacturer: p.manufacturer, vendorId: p.vendorId, productId: p.productId }));
  } catch {
    return [];
  }
}

/**
 * Request and reply over a transport for one framed protocol: keeps the bytes that arrived, cuts
 * frames out with the dialect's `parse`, drops bytes before a frame start, and waits for the reply
 * with a deadline. One exchange at a time.
 */
export type FrameParse = (buf: Uint8Array) => { frame: Uint8Array; used: number } | { skip: number } | { corrupt: number } | 'need-more';

/**
 * A byte-stream consumer that cuts frames out with `parse` and hands each whole one to `onFrame`
 * (bytes before a frame are dropped; a frame failing its checksum goes to `onCorrupt`). Both the
 * drivers (FrameChannel) and the board simulators read their line with it.
 */
export function frameSplitter(parse: FrameParse, onFrame: (frame: Uint8Array) => void, onCorrupt: () => void = () => undefined): { feed(chunk: Uint8Array): void; reset(): void } {
  let buf = new Uint8Array(0);
  return {
    reset: () => {
      buf = new Uint8Array(0);
    },
    feed(chunk) {
      const joined = new Uint8Array(buf.length + chunk.length);
      joined.set(buf);
      joined.set(chunk, buf.length);
      buf = joined;
      for (;;) {
        const r = parse(buf);
        if (r === 'need-more') return;
        if ('skip' in r) buf = buf.slice(r.skip);
        else if ('corrupt' in r) {
          buf = buf.slice(r.corrupt);
          onCorrupt();
        } else {
          buf = buf.slice(r.used);
          onFrame(r.frame);
        }
      }
    },
  };
}

export class FrameChannel {
  #waiting: { resolve: (f: Uint8Array) => void; reject: (e: Error) => void } | null = null;
  #chain: Promise<unknown> = Promise.resolve();
  readonly #off: Array<() => void>;
  readonly #transport: ByteTransport;
  readonly #splitter: ReturnType<typeof frameSplitter>;
  readonly #timing: { timeoutMs: number; retries: number };
  /** `timeoutMs` for one reply (default 800), `retries` after a garbled or late one (default 1). */
  constructor(transport: ByteTransport, parse: FrameParse, opts: { timeoutMs?: number; retries?: number } = {}) {
    this.#transport = transport;
    this.#timing = { timeoutMs: opts.timeoutMs ?? 800, retries: opts.retries ?? 1 };
    this.#splitter = frameSplitter(
      parse,
      (frame) => {
        const w = this.#waiting;
        this.#waiting = null;
        w?.resolve(frame); // a frame nobody waits for (a late reply) is dropped
      },
      // A whole frame that fails its checksum: the exchange fails now (the caller may retry).
      () => this.#waiting?.reject(new RfidError('protocol', 'a reply failed its checksum')),
    );
    this.#off = [
      transport.onData((c) => this.#splitter.feed(c)),
      transport.onClose(() => this.#waiting?.reject(new RfidError('unavailable', 'the board went away'))),
    ];
  }

  /**
   * One command: sends `frame` and passes the reply to `check`, again up to `retries` times when
   * the reply was garbled, late or not the one asked for (a noisy line); a closed port is final.
   */
  async request<T>(frame: Uint8Array, check: (reply: Uint8Array) => T): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        return check(await this.exchange(frame, this.#timing.timeoutMs));
      } catch (err) {
        const code = (err as RfidError).code;
        if (attempt >= this.#timing.retries || (code !== 'protocol' && code !== 'unavailable') || !this.#transport.isOpen) throw err;
      }
    }
  }

  /** Sends `frame` and resolves with the next whole frame, or rejects after `timeoutMs`. */
  exchange(frame: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
    const run = async () => {
      this.#splitter.reset();
      const reply = new Promise<Uint8Array>((resolve, reject) => {
        const timer = setTimeout(() => {
          this.#waiting = null;
          reject(new RfidError('unavailable', `no answer within ${timeoutMs} ms`));
        }, timeoutMs);
        this.#waiting = {
          resolve: (f) => { clearTimeout(timer); resolve(f); },
          reject: (e) => { clearTimeout(timer); this.#waiting = null; reject(e); },
        };
      });
      await this.#transport.write(frame).catch((e) => {
        this.#waiting?.reject(e);
      });
      return reply;
    };
    const p = this.#chain.then(run, run);
    this.#chain = p.catch(() => undefined);
    return p;
  }

  /** Stops listening and closes the port. */
  async close(): Promise<void> {
    this.#off.forEach((f) => f());
    await this.#transport.close();
  }
}
