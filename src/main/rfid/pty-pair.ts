import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PtyPair {
  /** The end the app opens, as it would open COM3 or /dev/ttyUSB0. */
  appPort: string;
  /** The end the simulator serves. */
  boardPort: string;
  close(): Promise<void>;
}

/**
 * Two connected pseudo-terminals from `socat` (Debian package socat): a virtual serial cable, so
 * the real serial driver talks to the simulator exactly as to a board on a USB adapter.
 */
export async function openPtyPair(dir = mkdtempSync(join(tmpdir(), 'rfid-pty-'))): Promise<PtyPair> {
  const appPort = join(dir, 'ttyRFID0');
  const boardPort = join(dir, 'ttyRFID1');
  const child: ChildProcess = spawn('socat', ['-d', '-d', `pty,raw,echo=0,link=${appPort}`, `pty,raw,echo=0,link=${boardPort}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (e) => reject(new Error(`socat could not start (apt-get install socat): ${e.message}`)));
    child.once('exit', (code) => reject(new Error(`socat exited with ${code}`)));
  });
  const ready = (async () => {
    for (let i = 0; i < 200 && !(existsSync(appPort) && existsSync(boardPort)); i++) await new Promise((r) => setTimeout(r, 10));
    if (!existsSync(appPort)) throw new Error('socat did not create its ptys');
  })();
  await Promise.race([ready, failed]);
  failed.catch(() => undefined);
  return {
    appPort,
    boardPort,
    close: async () => {
      if (child.exitCode == null) {
        const gone = new Promise((r) => child.once('exit', r));
        child.kill();
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
