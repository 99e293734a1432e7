// Gateway start on the demo data, two ways:
// - from source: spawn `node src/gateway/server.ts` and time spawn → its "listening" line;
// - as shipped in the desktop: the bundled utility-process entry out/main/gateway-process.js,
//   started by the desktop's own launcher (EmbeddedGateway) through a plain-Node stand-in for
//   Electron's utilityProcess (utility-process-host.mjs); timed spawn → 'ready' (port bound).
// RSS is read from /proc once the gateway is up.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedGateway, GATEWAY_EXEC_ARGV, type GatewayChild } from '../../src/main/services/embedded-gateway.ts';

function rssMbOf(pid: number | undefined): number | null {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null; // not Linux
  }
}

/** The bundled desktop entry, launched the way the desktop launches it (minus Electron). */
export async function startBundledGateway(root: string, dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<StartFigure & { stop: () => Promise<void>; url: string }> {
  const entry = join(root, 'out/main/gateway-process.js');
  let pid: number | undefined;
  const gateway = new EmbeddedGateway({
    dataDir,
    webRoot: join(root, 'out/renderer'),
    readyTimeoutMs: 120_000,
    maxRestarts: 0,
    fork: () => {
      const child = spawn(process.execPath, [...GATEWAY_EXEC_ARGV, join(root, 'scripts/bench/utility-process-host.mjs'), entry], {
        cwd: root,
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      });
      pid = child.pid;
      const port: GatewayChild = {
        postMessage: (m) => void child.send(m),
        on: (event: 'message' | 'exit', listener: (v: never) => void) => {
          if (event === 'exit') child.on('exit', (code) => (listener as (c: number) => void)(code ?? 1));
          else child.on('message', listener as (m: unknown) => void);
          return port;
        },
        kill: () => child.kill(),
      };
      return port;
    },
  });
  const t0 = performance.now();
  const url = await gateway.start();
  const ms = performance.now() - t0;
  return { ms, rssMb: rssMbOf(pid), url, line: url, stop: () => gateway.stop() };
}

export interface StartFigure { ms: number; rssMb: number | null; line: string }

export function startGateway(root: string, dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<StartFigure & { stop: () => Promise<void>; url: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [`${root}/src/gateway/server.ts`, '--port', '0', '--data', dataDir], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error(`gateway did not start in 120 s\n${out}\n${err}`)); }, 120_000);
    child.stderr.on('data', (d) => { err += d; });
    child.stdout.on('data', (d) => {
      out += d;
      const m = /(http:\/\/[\d.]+:\d+)\/library\//.exec(out);
      if (!m) return;
      clearTimeout(timer);
      const ms = performance.now() - t0;
      const rssMb = rssMbOf(child.pid);
      resolve({
        ms, rssMb, url: m[1]!, line: out.trim().split('\n').pop() ?? '',
        stop: () => new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); }),
      });
    });
    child.once('exit', (code) => { clearTimeout(timer); if (code) reject(new Error(`gateway exited ${code}\n${out}\n${err}`)); });
  });
}
