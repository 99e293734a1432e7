import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron, resetFakeElectron, FakeBrowserWindow } from '../testing/fake-electron.ts';

vi.mock('electron', async () => (await import('../testing/fake-electron.ts')).fakeElectron);

const { createAdminWindow } = await import('./admin-window.ts');
const { createGuideWindow } = await import('./guide-window.ts');
const { webPreferencesFor } = await import('./web-preferences.ts');

const ORIGIN = 'http://127.0.0.1:5180';
const hardened = (preload: string) => ({
  preload,
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  webviewTag: false,
  spellcheck: false,
});

beforeEach(() => resetFakeElectron());

describe('webPreferences', () => {
  it('are exactly the hardened set, with the kind-specific CJS preload', () => {
    expect(webPreferencesFor('admin', '/app/out/preload')).toStrictEqual(hardened('/app/out/preload/admin.cjs'));
    expect(webPreferencesFor('guide', '/app/out/preload')).toStrictEqual(hardened('/app/out/preload/guide.cjs'));
  });
});

describe('admin window', () => {
  it('uses the exact webPreferences, no menu, loads the gateway origin and shows when ready', () => {
    const win = createAdminWindow({ preloadDir: '/p', appOrigin: ORIGIN }) as unknown as FakeBrowserWindow;
    expect(win.options.webPreferences).toStrictEqual(hardened('/p/admin.cjs'));
    expect(win.options.show).toBe(false);
    expect(win.options.backgroundColor).toMatch(/^#[0-9a-f]{6}$/i);
    expect(win.options.kiosk).toBeUndefined();
    expect(fakeElectron.Menu.applicationMenu).toBeNull();
    expect(win.webContents.loaded).toEqual([`${ORIGIN}/library/`]);
    expect(win.shown).toBe(false);
    win.emit('ready-to-show');
    expect(win.shown).toBe(true);
  });
});

describe('guide window', () => {
  it('is a fullscreen kiosk with the narrow preload', () => {
    const win = createGuideWindow({ preloadDir: '/p', appOrigin: () => ORIGIN }) as unknown as FakeBrowserWindow;
    expect(win.options.webPreferences).toStrictEqual(hardened('/p/guide.cjs'));
    expect(win.options).toMatchObject({ kiosk: true, fullscreen: true, show: false });
    expect(win.webContents.loaded).toEqual([`${ORIGIN}/library/#/guidescreen`]);
    win.close();
  });

  it('swallows reload and devtools keys, lets typing through', () => {
    const win = createGuideWindow({ preloadDir: '/p', appOrigin: () => ORIGIN }) as unknown as FakeBrowserWindow;
    const key = (input: Record<string, unknown>) => win.webContents.fire('before-input-event', { type: 'keyDown', ...input }).defaultPrevented;
    expect(key({ key: 'F5' })).toBe(true);
    expect(key({ key: 'r', control: true })).toBe(true);
    expect(key({ key: 'R', meta: true, shift: true })).toBe(true);
    expect(key({ key: 'F12' })).toBe(true);
    expect(key({ key: 'I', control: true, shift: true })).toBe(true);
    expect(key({ key: 'a' })).toBe(false);
    expect(key({ key: 'Enter' })).toBe(false);
    win.close();
  });

  it('goes back to #/guidescreen after the idle minutes, and input postpones it', () => {
    vi.useFakeTimers();
    try {
      const win = createGuideWindow({ preloadDir: '/p', appOrigin: () => ORIGIN, idleMinutes: 2 }) as unknown as FakeBrowserWindow;
      void win.webContents.loadURL(`${ORIGIN}/library/#/guidescreen/book/42`);
      vi.advanceTimersByTime(90_000);
      win.webContents.fire('input-event', { type: 'touchStart' });
      vi.advanceTimersByTime(90_000);
      expect(win.webContents.getURL()).toBe(`${ORIGIN}/library/#/guidescreen/book/42`);
      vi.advanceTimersByTime(31_000);
      expect(win.webContents.getURL()).toBe(`${ORIGIN}/library/#/guidescreen`);
      win.close();
    } finally {
      vi.useRealTimers();
    }
  });
});
