import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, openSettingsStore, SETTINGS_FILE } from './settings-store.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settings store', () => {
  it('starts with the defaults when there is no file', async () => {
    const s = await openSettingsStore(dir);
    expect(s.get()).toEqual({ language: null, gatewayUrl: null, theme: 'system', rfid: null, station: null });
    expect(DEFAULT_SETTINGS.theme).toBe('system');
  });

  it('round-trips an update through the file, atomically (no temp file left)', async () => {
    const s = await openSettingsStore(dir);
    const saved = await s.update({ language: 'en-US', gatewayUrl: 'https://library.district.example' });
    expect(saved).toEqual({ language: 'en-US', gatewayUrl: 'https://library.district.example', theme: 'system', rfid: null, station: null });
    expect(await readdir(dir)).toEqual([SETTINGS_FILE]);
    const again = await openSettingsStore(dir);
    expect(again.get()).toEqual(saved);
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'))).toEqual(saved);
  });

  it('keeps the last of quick successive updates', async () => {
    const s = await openSettingsStore(dir);
    await Promise.all([s.update({ theme: 'dark' }), s.update({ language: 'zh-CN' }), s.update({ theme: 'light' })]);
    expect((await openSettingsStore(dir)).get()).toEqual({ language: 'zh-CN', gatewayUrl: null, theme: 'light', rfid: null, station: null });
  });

  it('rejects an invalid value and keeps the old one', async () => {
    const s = await openSettingsStore(dir);
    await expect(s.update({ theme: 'neon' as never })).rejects.toThrow();
    expect(s.get().theme).toBe('system');
  });

  it('backs up a corrupt file and falls back to the defaults', async () => {
    await writeFile(join(dir, SETTINGS_FILE), '{ "language": "en-US", ');
    const logs: string[] = [];
    const s = await openSettingsStore(dir, (m) => logs.push(m));
    expect(s.get()).toEqual(DEFAULT_SETTINGS);
    const files = await readdir(dir);
    expect(files.some((f) => f.startsWith(`${SETTINGS_FILE}.corrupt-`))).toBe(true);
    expect(files).not.toContain(SETTINGS_FILE);
    expect(logs[0]).toMatch(/invalid/);
  });

  it('treats a schema-invalid file as corrupt, and fills keys an older file lacks', async () => {
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify({ language: 'fr-FR' }));
    expect((await openSettingsStore(dir)).get()).toEqual(DEFAULT_SETTINGS);
    await writeFile(join(dir, SETTINGS_FILE), JSON.stringify({ language: 'en-US' }));
    expect((await openSettingsStore(dir)).get()).toEqual({ ...DEFAULT_SETTINGS, language: 'en-US' });
  });
});
