import { beforeEach, describe, expect, it, vi } from 'vitest';
import { IPC_PREFIX, ipcContract, type WindowKind } from '../shared/ipc/contract.ts';
import { CHANNEL_PREFIX, CHANNEL_WINDOWS } from './channels.ts';
import { makeBridge } from './make-bridge.ts';

// A minimal fake electron for the preload side (the real module would try to download a binary).
const fake = vi.hoisted(() => ({
  exposed: {} as Record<string, unknown>,
  calls: [] as unknown[][],
}));
vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (k: string, v: unknown) => (fake.exposed[k] = v) },
  ipcRenderer: { invoke: async (...a: unknown[]) => (fake.calls.push(a), { ok: true, data: null }) },
}));

beforeEach(() => {
  fake.exposed = {};
  fake.calls = [];
  vi.resetModules();
});

const channelsFor = (kind: WindowKind) =>
  Object.entries(ipcContract)
    .filter(([, d]) => (d.windows as readonly WindowKind[]).includes(kind))
    .map(([n]) => n)
    .sort();
const methodsOf = (bridge: object) =>
  Object.entries(bridge)
    .filter(([k]) => k !== 'kind')
    .flatMap(([d, ms]) => Object.keys(ms as object).map((m) => `${d}.${m}`))
    .sort();

describe('channel list of the preloads', () => {
  it('mirrors the contract allow-lists and prefix exactly', () => {
    expect(CHANNEL_PREFIX).toBe(IPC_PREFIX);
    expect(Object.keys(CHANNEL_WINDOWS).sort()).toEqual(Object.keys(ipcContract).sort());
    for (const [name, def] of Object.entries(ipcContract)) expect([...CHANNEL_WINDOWS[name as keyof typeof CHANNEL_WINDOWS]], name).toEqual([...def.windows]);
  });
});

describe('admin preload', () => {
  it('exposes a frozen window.lib with every admin channel', async () => {
    await import('./admin.ts');
    const lib = fake.exposed.lib as Record<string, Record<string, (a?: unknown) => Promise<unknown>>> & { kind: string };
    expect(Object.keys(fake.exposed)).toEqual(['lib']);
    expect(lib.kind).toBe('admin');
    expect(methodsOf(lib)).toEqual(channelsFor('admin'));
    expect(Object.isFrozen(lib)).toBe(true);
    expect(Object.isFrozen(lib.settings)).toBe(true);
    await lib.settings!.set!({ language: 'en-US' });
    await lib.app!.getInfo!();
    expect(fake.calls).toEqual([['lib:settings.set', { language: 'en-US' }], ['lib:app.getInfo']]);
  });
});

describe('guide preload', () => {
  it('lacks settings.set, shell.openExternal and every tag-writing channel', async () => {
    await import('./guide.ts');
    const lib = fake.exposed.lib as Record<string, Record<string, unknown>> & { kind: string };
    expect(lib.kind).toBe('guide');
    expect(methodsOf(lib)).toEqual(channelsFor('guide'));
    expect(lib.settings?.set).toBeUndefined();
    expect(lib.shell).toBeUndefined();
    expect(lib.rfid?.encodeTag).toBeUndefined();
    expect(lib.rfid?.setAfi).toBeUndefined();
    expect(methodsOf(lib)).toEqual(['app.getInfo', 'auth.adopt', 'auth.current', 'auth.forget', 'auth.refresh', 'gateway.getAddress', 'rfid.inventory', 'rfid.readPad', 'rfid.readTag', 'rfid.status', 'settings.get']);
  });
});

describe('makeBridge', () => {
  it('sends exactly one argument, and none for void channels', async () => {
    const calls: unknown[][] = [];
    const lib = makeBridge('admin', async (...a) => void calls.push(a)) as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>;
    await lib.shell!.openExternal!('https://example.org', 'smuggled');
    await lib.gateway!.getAddress!();
    expect(calls).toEqual([['lib:shell.openExternal', 'https://example.org'], ['lib:gateway.getAddress']]);
  });
});
