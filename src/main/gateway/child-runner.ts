import { createServer } from 'node:net';
import { parseToGateway, type FromGateway, type StartMessage } from './protocol.ts';

/** Electron's process.parentPort inside a utility process (a fake in tests). */
export interface ParentPortLike {
  on(event: 'message', listener: (e: { data: unknown }) => void): unknown;
  postMessage(message: FromGateway): void;
}

export interface RunningGateway {
  port: number;
  close(): Promise<void>;
}

export type StartGateway = (opts: StartMessage) => Promise<RunningGateway>;

/**
 * The child side: wait for 'start', start the gateway, report the bound port; on 'stop' close and
 * exit. Errors are reported as messages (then exit 1) so main can show why the gateway failed.
 */
export function runGatewayChild(port: ParentPortLike, start: StartGateway, exit: (code: number) => void = (c) => process.exit(c)): void {
  let running: RunningGateway | null = null;
  let starting = false;
  port.on('message', (e) => {
    const msg = parseToGateway(e?.data);
    if (!msg) return;
    if (msg.type === 'start') {
      if (running || starting) return;
      starting = true;
      start(msg).then(
        (gw) => {
          running = gw;
          port.postMessage({ type: 'ready', port: gw.port });
        },
        (err: unknown) => {
          port.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) });
          exit(1);
        },
      );
    } else {
      const gw = running;
      running = null;
      void (gw ? gw.close() : Promise.resolve()).finally(() => {
        port.postMessage({ type: 'stopped' });
        exit(0);
      });
    }
  });
}

/** Asks the OS for a free port on host (bind 0, read, close). */
export function findFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen({ host, port: 0 }, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port > 0 ? resolve(port) : reject(new Error('no port assigned'))));
    });
  });
}

/**
 * The gateway must know its public URL (the SSO issuer) before it listens, so port 0 cannot be
 * handed to it: pick a free port first and retry if another process takes it in between.
 */
export async function startOnFreePort(
  opts: StartMessage,
  startAt: (opts: StartMessage) => Promise<RunningGateway>,
  pickPort: (host: string) => Promise<number> = findFreePort,
  attempts = 3,
): Promise<RunningGateway> {
  if (opts.port !== 0) return startAt(opts);
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    const port = await pickPort(opts.host);
    try {
      return await startAt({ ...opts, port });
    } catch (err) {
      last = err;
      if ((err as NodeJS.ErrnoException)?.code !== 'EADDRINUSE') throw err;
    }
  }
  throw last;
}
