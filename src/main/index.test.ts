import { ipcContract } from '../shared/ipc/contract.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeElectron, resetFakeElectron, FakeBrowserWindow, FakeUtilityProcess, FakeWebContents } from './testing/fake-electron.ts';
import type { IpcResult } from '../shared/ipc/contract.ts';

vi.mock('electron', async () => (await import('./testing/fake-electron.ts')).fakeElectron);

type FakeApp = typeof fakeElectron.app & { lock: boolean; lockRequests: number; quitCalls: number; sandboxEnabled: boolean; userData: string; readyResolvers: (() => void)[] };
const app = () => fakeElectron.app as FakeApp;
const settle = () => new Promise((r) => setTimeout(r, 20));
let dir: string;

beforeEach(async () => {
  resetFakeElectron();
  vi.resetModules();
  dir = await mkdtemp(join(tmpdir(), 'userdata-'));
  app().userData = dir;
  FakeUtilityProcess.behave = (child, msg) => {
    const m = msg as { type: string };
    if (m.type === 'start') child.emit('message', { type: 'ready', port: 5180 });
    if (m.type === 'stop') child.emit('exit', 0);
  };
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('composition root (src/main/index.ts)', () => {
  it('second instance: quits without starting anything', async () => {
    app().lock = false;
    await import('./index.ts');
    expect(app().quitCalls).toBe(1);
    expect(app().readyResolvers).toHaveLength(0);
  });

  it('starts the embedded gateway, opens the admin window at its origin and serves IPC', async () => {
    await import('./index.ts');
    expect(app().sandboxEnabled).toBe(true);
    expect(app().lockRequests).toBe(1);
    app().readyResolvers.forEach((r) => r());
    await settle();

    const fork = FakeUtilityProcess.forks[0]!;
    expect(fork.modulePath).toMatch(/gateway-process\.js$/);
    expect(fork.options).toMatchObject({ execArgv: ['--max-semi-space-size=4'] });
    expect(fork.child.sent[0]).toMatchObject({ type: 'start', host: '127.0.0.1', port: 0, dataDir: join(dir, 'gateway') });

    const [win] = FakeBrowserWindow.instances;
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    expect(win!.webContents.loaded).toEqual(['http://127.0.0.1:5180/library/']);
    expect((win!.options.webPreferences as { preload: string }).preload).toMatch(/preload[\\/]admin\.cjs$/);
    expect(fakeElectron.session.defaultSession.headersListener).toBeTypeOf('function');
    expect(fakeElectron.session.defaultSession.permissionRequestHandler).toBeTypeOf('function');

    const channels = [...fakeElectron.ipcMain.handlers.keys()].sort();
    // Every channel of the contract, and nothing else.
    expect(channels).toEqual(Object.keys(ipcContract).map((n) => `lib:${n}`).sort());
    const call = (ch: string, url: string, ...args: unknown[]) =>
      fakeElectron.ipcMain.handlers.get(ch)!({ sender: { id: win!.webContents.id }, senderFrame: { url, parent: null } } as never, ...(args as never[])) as Promise<IpcResult<unknown>>;
    expect(await call('lib:gateway.getAddress', 'http://127.0.0.1:5180/library/#/home')).toEqual({ ok: true, data: { url: 'http://127.0.0.1:5180', embedded: true, offline: null } });
    expect(await call('lib:gateway.getAddress', 'http://127.0.0.1:5181/library/')).toMatchObject({ ok: false });

    // Every webContents created later gets the guards too.
    const stray = new FakeWebContents();
    app().emit('web-contents-created', {}, stray);
    expect(stray.windowOpenHandler!({ url: 'https://x.example' })).toEqual({ action: 'deny' });

    // Switching to a remote gateway stops the embedded one and reloads the window there.
    expect(await call('lib:settings.set', 'http://127.0.0.1:5180/library/', { gatewayUrl: 'https://library.district.example' })).toMatchObject({ ok: true });
    expect(fork.child.sent.at(-1)).toEqual({ type: 'stop' });
    expect(win!.webContents.loaded.at(-1)).toBe('https://library.district.example/library/');

    // Quit waits for the gateway to stop, then quits for real.
    const ev = app().fire('before-quit');
    expect(ev.defaultPrevented).toBe(true);
    await settle();
    expect(app().quitCalls).toBe(1);
  });
  it('keeps the session in main: encrypted by safeStorage on disk, refreshed at the gateway in use, refused with basic_text', async () => {
    const { readFile, stat } = await import('node:fs/promises');
    await import('./index.ts');
    app().readyResolvers.forEach((r) => r());
    await settle();
    const [win] = FakeBrowserWindow.instances;
    let from = 'http://127.0.0.1:5180/library/';
    const call = (ch: string, ...args: unknown[]) =>
      fakeElectron.ipcMain.handlers.get(ch)!({ sender: { id: win!.webContents.id }, senderFrame: { url: from, parent: null } } as never, ...(args as never[])) as Promise<IpcResult<unknown>>;
    const token = { token_type: 'Bearer', access_token: 'A1', refresh_token: 'R1', expires_in: 900 };
    expect(await call('lib:auth.adopt', { token, persist: true })).toEqual({ ok: true, data: { kept: 'disk' } });
    // On disk only through safeStorage (the fake's "enc:" marks it), readable by this OS user only.
    const file = join(dir, 'session.bin');
    expect((await readFile(file, 'utf8')).startsWith('enc:')).toBe(true);
    expect((await stat(file)).mode & 0o077).toBe(0);
    expect(await call('lib:auth.current')).toEqual({ ok: true, data: { token_type: 'Bearer', access_token: 'A1', expires_in: 900 } });
    // The refresh goes to the embedded gateway, with main's HTTP client.
    fakeElectron.net.reply = () => ({ status: 200, body: { code: 0, data: { token_type: 'Bearer', access_token: 'A2', refresh_token: 'R2', expires_in: 900 } } });
    expect(await call('lib:auth.refresh', { stale: 'A1' })).toEqual({ ok: true, data: { token_type: 'Bearer', access_token: 'A2', expires_in: 900 } });
    expect(fakeElectron.net.requests).toEqual([{ url: 'http://127.0.0.1:5180/micro/library/web1.0/WebPlat/RefreshToken', body: JSON.stringify({ refreshToken: 'R1' }) }]);
    expect(await readFile(file, 'utf8')).toContain('R2');
    // Switching gateway ends the session (it belongs to the gateway that issued it).
    await call('lib:settings.set', { gatewayUrl: 'https://library.district.example' });
    from = 'https://library.district.example/library/';
    expect(await call('lib:auth.current')).toEqual({ ok: true, data: null });
    await expect(stat(file)).rejects.toThrow();
    // Linux without a keyring: safeStorage would use a fixed password, so nothing goes to disk.
    fakeElectron.safeStorage.backend = 'basic_text';
    expect(await call('lib:auth.adopt', { token, persist: true })).toEqual({ ok: true, data: { kept: process.platform === 'linux' ? 'memory' : 'disk' } });
    if (process.platform === 'linux') await expect(stat(file)).rejects.toThrow();
    app().fire('before-quit');
  });

  it('a remote gateway that does not answer, with a printing user remembered: opens as the offline label station', async () => {
    const { writeFile } = await import('node:fs/promises');
    const station = { name: '林书雅', school: '北京市第一实验学校', at: '2026-11-26T08:00:00.000Z' };
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ language: null, gatewayUrl: 'http://127.0.0.1:1', theme: 'system', rfid: null, station }));
    await import('./index.ts');
    app().readyResolvers.forEach((r) => r());
    await vi.waitFor(() => expect(FakeBrowserWindow.instances).toHaveLength(1), { timeout: 5000 });
    // No embedded gateway is started; the window loads the app's own files from main's loopback server.
    expect(FakeUtilityProcess.forks).toHaveLength(0);
    const [win] = FakeBrowserWindow.instances;
    const url = win!.webContents.loaded[0]!;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/library\/$/);
    expect((await fetch(url)).status).toBe(200);
    const call = (ch: string, ...args: unknown[]) =>
      fakeElectron.ipcMain.handlers.get(ch)!({ sender: { id: win!.webContents.id }, senderFrame: { url, parent: null } } as never, ...(args as never[])) as Promise<IpcResult<unknown>>;
    expect(await call('lib:gateway.getAddress')).toMatchObject({ ok: true, data: { url: new URL(url).origin, embedded: false, offline: { user: station } } });
    // Still down: retry says so and nothing reloads.
    expect(await call('lib:gateway.retry')).toEqual({ ok: true, data: false });
    expect(win!.webContents.loaded).toHaveLength(1);
    // Someone without printing rights signs in: forgotten (the next outage shows the usual choice).
    expect(await call('lib:station.remember', { name: '读者', school: '北京市第一实验学校', canPrint: false })).toEqual({ ok: true, data: undefined });
    expect((await call('lib:settings.get') as { data: { station: unknown } }).data.station).toBeNull();
    app().fire('before-quit');
  });
});
