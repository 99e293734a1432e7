import { parseFromGateway, type ToGateway } from '../gateway/protocol.ts';

/** Electron's UtilityProcess as far as the launcher uses it (a fake in tests). */
export interface GatewayChild {
  postMessage(message: ToGateway): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

/**
 * V8 flags of the gateway's process. A young generation of 4 MB per semi-space instead of V8's
 * 16 MB keeps the idle gateway about 20 MB smaller (measured: 160 → 140 MB RSS on the demo data,
 * within the 150 MB budget); a MARC import of 20,000 records ran no slower within the noise.
 */
export const GATEWAY_EXEC_ARGV: readonly string[] = ['--max-semi-space-size=4'];

export interface EmbeddedGatewayOptions {
  /** Starts out/main/gateway-process.js in a utility process: utilityProcess.fork in main. */
  fork: () => GatewayChild;
  dataDir: string;
  webRoot: string;
  host?: string;
  readyTimeoutMs?: number;
  stopTimeoutMs?: number;
  /** Restarts allowed after a crash of a gateway that was ready. */
  maxRestarts?: number;
  log?: (msg: string) => void;
}

type UrlListener = (url: string | null) => void;

/**
 * Runs the reference gateway next to the desktop app, loopback only. Start resolves with the
 * origin once the child reports its bound port; a crash after that restarts it once (listeners
 * learn the new origin, which may have a new port), a second crash leaves it down.
 */
export class EmbeddedGateway {
  readonly #opts: Required<Omit<EmbeddedGatewayOptions, 'log'>> & { log: (msg: string) => void };
  #child: GatewayChild | null = null;
  #url: string | null = null;
  #stopping = false;
  #restartsLeft: number;
  readonly #listeners = new Set<UrlListener>();

  constructor(opts: EmbeddedGatewayOptions) {
    this.#opts = { host: '127.0.0.1', readyTimeoutMs: 20_000, stopTimeoutMs: 3_000, maxRestarts: 1, log: () => {}, ...opts };
    this.#restartsLeft = this.#opts.maxRestarts;
  }

  url(): string | null {
    return this.#url;
  }

  onUrlChange(listener: UrlListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async start(): Promise<string> {
    if (this.#url) return this.#url;
    this.#stopping = false;
    this.#url = await this.#launch();
    return this.#url;
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    const child = this.#child;
    this.#child = null;
    this.#setUrl(null);
    if (!child) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        child.kill();
        resolve();
      }, this.#opts.stopTimeoutMs);
      child.on('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      try {
        child.postMessage({ type: 'stop' });
      } catch {
        child.kill();
      }
    });
  }

  #setUrl(url: string | null): void {
    if (url === this.#url) return;
    this.#url = url;
    for (const l of this.#listeners) l(url);
  }

  #launch(): Promise<string> {
    const { fork, host, dataDir, webRoot, readyTimeoutMs, log } = this.#opts;
    const child = fork();
    this.#child = child;
    return new Promise<string>((resolve, reject) => {
      let settled = false;
      const settle = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        fn();
      };
      const timer = setTimeout(() => {
        settle(() => {
          child.kill();
          reject(new Error(`embedded gateway not ready after ${readyTimeoutMs} ms`));
        });
      }, readyTimeoutMs);
      child.on('message', (raw) => {
        const msg = parseFromGateway(raw);
        if (msg?.type === 'ready') settle(() => resolve(`http://${host}:${msg.port}`));
        else if (msg?.type === 'error') {
          log(`embedded gateway error: ${msg.message}`);
          settle(() => {
            child.kill();
            reject(new Error(`embedded gateway failed: ${msg.message}`));
          });
        }
      });
      child.on('exit', (code) => {
        if (this.#child === child) this.#child = null;
        if (!settled) {
          settle(() => reject(new Error(`embedded gateway exited (code ${code}) before it was ready`)));
          return;
        }
        if (!this.#stopping) this.#onCrash(code);
      });
      child.postMessage({ type: 'start', host, port: 0, dataDir, webRoot });
    });
  }

  #onCrash(code: number): void {
    const { log } = this.#opts;
    if (this.#restartsLeft <= 0) {
      log(`embedded gateway exited (code ${code}); no restart left`);
      this.#setUrl(null);
      return;
    }
    this.#restartsLeft--;
    log(`embedded gateway exited (code ${code}); restarting`);
    this.#launch().then(
      (url) => (this.#stopping ? undefined : this.#setUrl(url)),
      (err: unknown) => {
        log(`embedded gateway restart failed: ${err instanceof Error ? err.message : String(err)}`);
        this.#setUrl(null);
      },
    );
  }
}
