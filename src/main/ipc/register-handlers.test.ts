import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeElectron, resetFakeElectron } from '../testing/fake-electron.ts';
import { ipcContract, type ChannelDef, type IpcResult, type WindowKind } from '../../shared/ipc/contract.ts';

vi.mock('electron', async () => (await import('../testing/fake-electron.ts')).fakeElectron);
const { registerHandlers } = await import('./register-handlers.ts');
const { HandlerError } = await import('./ipc-error.ts');

const ORIGIN = 'http://127.0.0.1:5180';
const contract = {
  'demo.echo': { input: z.object({ n: z.number().int() }), output: z.object({ n: z.number() }), windows: ['admin', 'guide'] },
  'demo.adminOnly': { input: z.void(), output: z.string(), windows: ['admin'] },
  'demo.boom': { input: z.void(), output: z.void(), windows: ['admin'] },
  'demo.wrongOutput': { input: z.void(), output: z.number(), windows: ['admin'] },
} as const satisfies Record<string, ChannelDef>;

const kinds = new Map<number, WindowKind>([[1, 'admin'], [2, 'guide']]);
const registry = { kindOf: (id: number) => kinds.get(id), appOrigin: () => ORIGIN };
const calls: unknown[] = [];

beforeEach(() => {
  resetFakeElectron();
  calls.length = 0;
  registerHandlers(
    contract,
    {
      'demo.echo': (input, ctx) => {
        calls.push([input, ctx]);
        return { n: input.n };
      },
      'demo.adminOnly': () => 'secret',
      'demo.boom': () => {
        throw new HandlerError('device-busy', 'reader busy', { port: 'COM3' });
      },
      'demo.wrongOutput': () => 'nope' as unknown as number,
    },
    registry,
  );
});

const event = (senderId: number, url = `${ORIGIN}/library/#/x`, parent: unknown = null) => ({
  sender: { id: senderId },
  senderFrame: { url, parent },
});
const invoke = (channel: string, ev: ReturnType<typeof event> | { sender: { id: number }; senderFrame: null }, ...args: unknown[]) =>
  fakeElectron.ipcMain.handlers.get(channel)!(ev as never, ...(args as never[])) as Promise<IpcResult<unknown>>;

describe('registerHandlers', () => {
  it('registers every channel under the lib: prefix and nothing else', () => {
    expect([...fakeElectron.ipcMain.handlers.keys()].sort()).toEqual(['lib:demo.adminOnly', 'lib:demo.boom', 'lib:demo.echo', 'lib:demo.wrongOutput']);
  });

  it('runs the handler on the success path with validated input and the window kind', async () => {
    expect(await invoke('lib:demo.echo', event(2), { n: 7 })).toEqual({ ok: true, data: { n: 7 } });
    expect(calls).toEqual([[{ n: 7 }, { kind: 'guide', webContentsId: 2 }]]);
  });

  it('refuses an unknown sender', async () => {
    const r = await invoke('lib:demo.echo', event(99), { n: 1 });
    expect(r).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(calls).toEqual([]);
  });

  it('refuses a sub-frame and a vanished frame', async () => {
    expect(await invoke('lib:demo.echo', event(1, `${ORIGIN}/library/`, { url: ORIGIN }), { n: 1 })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await invoke('lib:demo.echo', { sender: { id: 1 }, senderFrame: null }, { n: 1 })).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('refuses a foreign origin, including look-alikes', async () => {
    for (const url of ['https://evil.example/', 'http://127.0.0.1:5180.evil.com/', 'http://127.0.0.1:5181/', 'file:///tmp/x.html', 'about:blank']) {
      expect(await invoke('lib:demo.echo', event(1, url), { n: 1 }), url).toMatchObject({ ok: false, error: { code: 'forbidden', message: 'foreign origin' } });
    }
  });

  it('refuses a guide window calling an admin-only channel', async () => {
    expect(await invoke('lib:demo.adminOnly', event(2))).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await invoke('lib:demo.adminOnly', event(1))).toEqual({ ok: true, data: 'secret' });
  });

  it('refuses bad input with the zod issues', async () => {
    const r = await invoke('lib:demo.echo', event(1), { n: 'seven' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('bad-input');
    expect(r.error.details).toEqual([expect.objectContaining({ path: ['n'], code: 'invalid_type' })]);
    expect(await invoke('lib:demo.echo', event(1), { n: 1 }, 'extra')).toMatchObject({ ok: false, error: { code: 'bad-input' } });
    expect(await invoke('lib:demo.adminOnly', event(1), 'unexpected')).toMatchObject({ ok: false, error: { code: 'bad-input' } });
  });

  it('turns a handler exception into ok:false instead of throwing across IPC', async () => {
    expect(await invoke('lib:demo.boom', event(1))).toEqual({ ok: false, error: { code: 'device-busy', message: 'reader busy', details: { port: 'COM3' } } });
  });

  it('refuses handler output that breaks the contract', async () => {
    expect(await invoke('lib:demo.wrongOutput', event(1))).toMatchObject({ ok: false, error: { code: 'bad-output' } });
  });

  it('fails fast when a handler is missing at run time', () => {
    expect(() => registerHandlers(contract, {} as never, registry)).toThrow(/no IPC handler/);
  });

  it('covers the real contract: every channel name is lib:<domain>.<method>', () => {
    for (const name of Object.keys(ipcContract)) expect(name).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
  });
});
