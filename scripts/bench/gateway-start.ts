// Gateway start on the demo data: spawn `node src/gateway/server.ts` on a seeded data folder
// and time spawn → "listening" line; RSS read from /proc once it is up.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

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
      let rssMb: number | null = null;
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1];
        rssMb = kb ? Number(kb) / 1024 : null;
      } catch { /* not Linux */ }
      resolve({
        ms, rssMb, url: m[1]!, line: out.trim().split('\n').pop() ?? '',
        stop: () => new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); }),
      });
    });
    child.once('exit', (code) => { clearTimeout(timer); if (code) reject(new Error(`gateway exited ${code}\n${out}\n${err}`)); });
  });
}
