// `npm start`: build the app and run it in Electron. The Electron binary is not part of the npm
// package (its postinstall downloads it), so this script checks for it without require('electron')
// (which would start a download), tries the normal installer once (on a terminal with a transient
// note that the failure line replaces), and otherwise says in one line what to do instead. Flags after `--` go to the app (e.g. `npm start -- --guide`).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const OFFLINE_MESSAGE =
  'start: the Electron desktop binary cannot be installed here (no access to its download mirror); run `npm run serve` for the web app instead.';

export interface StartDeps {
  /** Path of the Electron executable if it is installed, else null. */
  probe(): string | null;
  /** Runs node_modules/electron/install.js once; true when it exited 0. */
  install(): boolean;
  /** electron-vite build; returns the exit status. */
  build(): number;
  /** Runs Electron on the project; resolves with its exit code. */
  launch(executable: string, args: string[]): Promise<number>;
  /** A transient status on the current terminal line ('' clears it); the next log line replaces it. */
  note(text: string): void;
  log(line: string): void;
}

export async function runStart(deps: StartDeps, appArgs: string[] = []): Promise<number> {
  let exe = deps.probe();
  if (!exe) {
    // Not a line of its own: where the download cannot work, the user reads exactly one line.
    deps.note('start: the Electron binary is missing; downloading it once...');
    exe = deps.install() ? deps.probe() : null;
    deps.note('');
    if (!exe) {
      deps.log(OFFLINE_MESSAGE);
      return 1;
    }
  }
  const status = deps.build();
  if (status !== 0) {
    deps.log(`start: electron-vite build failed (exit ${status})`);
    return status || 1;
  }
  return deps.launch(exe, appArgs);
}

/** What node_modules/electron/index.js would resolve, minus its download side effect. */
export function probeElectron(root: string): string | null {
  const pkg = join(root, 'node_modules', 'electron');
  try {
    const rel = readFileSync(join(pkg, 'path.txt'), 'utf8').trim();
    const exe = process.env.ELECTRON_OVERRIDE_DIST_PATH ? join(process.env.ELECTRON_OVERRIDE_DIST_PATH, rel) : join(pkg, 'dist', rel);
    return rel && existsSync(exe) ? exe : null;
  } catch {
    return null;
  }
}

export function defaultDeps(root: string): StartDeps {
  return {
    probe: () => probeElectron(root),
    install: () => {
      // Output captured: offline it is a long stack trace; the one-line message says it all.
      const r = spawnSync(process.execPath, [join(root, 'node_modules', 'electron', 'install.js')], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 10 * 60_000,
      });
      return r.status === 0;
    },
    build: () => spawnSync(process.execPath, [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'], { cwd: root, stdio: 'inherit' }).status ?? 1,
    launch: (exe, args) =>
      new Promise((resolve) => {
        const env = { ...process.env };
        delete env.ELECTRON_RUN_AS_NODE; // would make Electron behave as plain Node
        const child = spawn(exe, [root, ...args], { cwd: root, stdio: 'inherit', env });
        for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
        child.on('error', (err) => {
          console.error(`start: cannot run Electron: ${err.message}`);
          resolve(1);
        });
        child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
      }),
    // Off a terminal (CI logs, pipes) there is no line to rewrite: notes are left out.
    note: (text) => {
      if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}`);
    },
    log: (line) => console.error(line),
  };
}

if (import.meta.main) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  process.exitCode = await runStart(defaultDeps(root), process.argv.slice(2));
}
