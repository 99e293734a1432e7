import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { desktopSettingsSchema, type DesktopSettings } from '../../shared/ipc/contract.ts';

export const SETTINGS_FILE = 'settings.json';
export const DEFAULT_SETTINGS: DesktopSettings = Object.freeze({ language: null, gatewayUrl: null, theme: 'system', rfid: null, station: null });

export interface SettingsStore {
  get(): DesktopSettings;
  /** Validates the merged result, persists it atomically, returns it. */
  update(patch: Partial<DesktopSettings>): Promise<DesktopSettings>;
  readonly path: string;
}

/**
 * Desktop settings in <userData>/settings.json. Writes go to a temp file that is renamed over the
 * old one, so a crash mid-write leaves the previous file intact. A file that does not parse or
 * validate is kept aside as settings.json.corrupt-<time> and the defaults are used.
 */
export async function openSettingsStore(dir: string, log: (msg: string) => void = () => {}): Promise<SettingsStore> {
  const path = join(dir, SETTINGS_FILE);
  await mkdir(dir, { recursive: true });
  let current: DesktopSettings = { ...DEFAULT_SETTINGS };
  let raw: string | null = null;
  try {
    raw = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  if (raw != null) {
    const parsed = parseSettings(raw);
    if (parsed) {
      current = parsed;
    } else {
      const backup = `${path}.corrupt-${Date.now()}`;
      await rename(path, backup);
      log(`settings file was invalid; kept as ${backup}, using defaults`);
    }
  }

  // Writes are chained so two quick updates cannot interleave their renames.
  let queue: Promise<unknown> = Promise.resolve();
  let seq = 0;
  return {
    path,
    get: () => ({ ...current }),
    async update(patch) {
      const next = desktopSettingsSchema.parse({ ...current, ...patch });
      current = next;
      const run = queue.then(async () => {
        const tmp = `${path}.${process.pid}.${++seq}.tmp`;
        await writeFile(tmp, `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
        await rename(tmp, path);
        return { ...next };
      });
      queue = run.catch(() => {});
      return run;
    },
  };
}

function parseSettings(raw: string): DesktopSettings | null {
  try {
    // Missing keys (an older file) take their defaults; wrong values make the file invalid.
    const r = desktopSettingsSchema.safeParse({ ...DEFAULT_SETTINGS, ...JSON.parse(raw) });
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}
