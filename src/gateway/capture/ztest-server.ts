import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Debian's yaz-ztest (package yaz) as a throwaway SRU/Z39.50 server for tests: a free port on
 * 127.0.0.1, a log file in a temporary folder, ready when it accepts a connection, stopped by
 * `stop()`. It serves yaz's 23 canned MARC 21 records, whatever the query asks.
 */

export interface ZtestServer {
  /** http://127.0.0.1:<port> — SRU base URL; the database is "Default". */
  baseUrl: string;
  port: number;
  logFile: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const c = connect({ port, host: '127.0.0.1' });
    c.once('connect', () => { c.destroy(); resolve(true); });
    c.once('error', () => resolve(false));
  });
}

async function waitListening(child: ChildProcess, port: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) return false;
    if (await accepts(port)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

export async function startZtest(binary = 'yaz-ztest'): Promise<ZtestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'ztest-'));
  const logFile = join(dir, 'ztest.log');
  // A port can be taken between freePort() and the spawn; try a few.
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const child = spawn(binary, ['-l', logFile, `tcp:127.0.0.1:${port}`], { stdio: 'ignore' });
    const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
    const ready = await Promise.race([waitListening(child, port, 5000), spawnError]);
    if (ready instanceof Error) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`cannot start ${binary} (apt-get install yaz): ${ready.message}`);
    }
    if (ready) {
      return {
        baseUrl: `http://127.0.0.1:${port}`,
        port,
        logFile,
        stop: () => new Promise<void>((resolve) => {
          if (child.exitCode !== null) { rmSync(dir, { recursive: true, force: true }); resolve(); return; }
          child.once('exit', () => { rmSync(dir, { recursive: true, force: true }); resolve(); });
          child.kill('SIGTERM');
        }),
      };
    }
    child.kill('SIGKILL');
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`${binary} did not start listening`);
}
