import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ipcContract } from '../../shared/ipc/contract.ts';
import { openSettingsStore, type SettingsStore } from '../services/settings-store.ts';
import { createHandlers } from './handlers.ts';
import { HandlerError } from './ipc-error.ts';
import { RfidDeviceService } from '../rfid/device-service.ts';
import { M3810Reader } from '../rfid/m3-810-driver.ts';
import { attach3m810Simulator } from '../rfid/m3-810-simulator.ts';
import { memoryPair } from '../rfid/transport.ts';
import { blankTag, TagField } from '../rfid/tag-field.ts';
import { PrintQueue } from '../printing/print-queue.ts';
import { findLabelFont } from '../printing/label-font.ts';
import { TokenVault } from '../auth/token-vault.ts';
import { readFile } from 'node:fs/promises';

let dir: string;
let settings: SettingsStore;
let switched: (string | null)[];
let opened: string[];
let field: TagField;
let rfid: RfidDeviceService;
let queue: PrintQueue;
const ctx = { kind: 'admin' as const, webContentsId: 1 };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'handlers-'));
  settings = await openSettingsStore(dir);
  switched = [];
  opened = [];
  queue = PrintQueue.open(join(dir, 'queue'), { printers: async () => [], submitHeld: async () => 'x', release: async () => undefined, findPending: async () => null, cancel: async () => undefined, state: async () => 'unknown' });
  // The real device service and 3M driver, with the simulator on the other end of a memory pair.
  field = new TagField();
  rfid = new RfidDeviceService({
    connect: async () => {
      const [host, board] = memoryPair();
      attach3m810Simulator(board, field);
      const r = new M3810Reader(host, { timeoutMs: 150 });
      await r.open();
      return r;
    },
  });
});
afterEach(async () => {
  await rfid.dispose();
  await rm(dir, { recursive: true, force: true });
});

const make = () =>
  createHandlers({
    appInfo: () => ({ name: 'School Library', version: '0.1.0', electron: '45.4.1', chrome: '1', node: '22', platform: 'linux', arch: 'x64', dataDir: dir }),
    settings,
    gatewayAddress: () => ({ url: 'http://127.0.0.1:5180', embedded: true }),
    retryGateway: async () => false,
    switchGateway: async (o) => void switched.push(o),
    openExternal: async (u) => void opened.push(u),
    tokens: new TokenVault({
      file: join(dir, 'session.bin'),
      secrets: { usable: async () => ({ ok: true }), encrypt: async (t) => Buffer.from(t), decrypt: async (b) => ({ text: b.toString(), reEncrypt: false }) },
      refresh: async () => ({ ok: false, rejected: true }),
    }),
    rfid,
    listSerialPorts: async () => [],
    printing: { queue, printers: async () => ['Labels'], font: () => findLabelFont() },
  });

describe('desktop IPC handlers', () => {
  it('has a handler for every channel of the contract', () => {
    expect(Object.keys(make()).sort()).toEqual(Object.keys(ipcContract).sort());
  });

  it('auth.adopt: a staff session is kept across restarts, the kiosk\'s never', async () => {
    const h = make();
    const token = { token_type: 'Bearer', access_token: 'A1', refresh_token: 'R1', expires_in: 900 };
    expect(await h['auth.adopt']({ token, persist: true }, { kind: 'guide', webContentsId: 2 })).toEqual({ kept: 'memory' });
    await expect(readFile(join(dir, 'session.bin'))).rejects.toThrow();
    expect(await h['auth.adopt']({ token, persist: true }, ctx)).toEqual({ kept: 'disk' });
    expect(await h['auth.current'](undefined, ctx)).toEqual({ token_type: 'Bearer', access_token: 'A1', expires_in: 900 });
    await h['auth.forget'](undefined, ctx);
    expect(await h['auth.current'](undefined, ctx)).toBeNull();
  });

  it('app.getInfo matches the contract', async () => {
    expect(ipcContract['app.getInfo'].output.safeParse(await make()['app.getInfo'](undefined, ctx)).success).toBe(true);
  });

  it('settings.set persists the language without touching the gateway', async () => {
    const out = await make()['settings.set']({ language: 'en-US' }, ctx);
    expect(out.language).toBe('en-US');
    expect((await openSettingsStore(dir)).get().language).toBe('en-US');
    expect(switched).toEqual([]);
  });

  it('settings.set gatewayUrl stores the origin and switches the windows to it', async () => {
    const h = make();
    const out = await h['settings.set']({ gatewayUrl: 'https://library.district.example/library/#/x' }, ctx);
    expect(out.gatewayUrl).toBe('https://library.district.example');
    expect(switched).toEqual(['https://library.district.example']);
    await h['settings.set']({ gatewayUrl: 'https://library.district.example' }, ctx);
    expect(switched).toHaveLength(1); // unchanged: no reload
    await h['settings.set']({ gatewayUrl: null }, ctx);
    expect(switched).toEqual(['https://library.district.example', null]);
  });

  it('refuses plain http for a remote gateway, accepts it on loopback', async () => {
    const h = make();
    await expect(h['settings.set']({ gatewayUrl: 'http://library.district.example' }, ctx)).rejects.toBeInstanceOf(HandlerError);
    await expect(h['settings.set']({ gatewayUrl: 'https://user:pw@library.example' }, ctx)).rejects.toThrow(/credentials/);
    expect(settings.get().gatewayUrl).toBeNull();
    expect((await h['settings.set']({ gatewayUrl: 'http://127.0.0.1:8080/' }, ctx)).gatewayUrl).toBe('http://127.0.0.1:8080');
    expect((await h['settings.set']({ gatewayUrl: 'http://localhost:9000' }, ctx)).gatewayUrl).toBe('http://localhost:9000');
  });

  it('shell.openExternal opens http(s) and mailto only', async () => {
    const h = make();
    await h['shell.openExternal']('https://www.nlc.cn/', ctx);
    await h['shell.openExternal']('mailto:library@school.example', ctx);
    await expect(h['shell.openExternal']('file:///etc/passwd', ctx)).rejects.toThrow();
    expect(opened).toEqual(['https://www.nlc.cn/', 'mailto:library@school.example']);
    // and the contract itself refuses other schemes before the handler runs
    expect(ipcContract['shell.openExternal'].input.safeParse('javascript:alert(1)').success).toBe(false);
    expect(ipcContract['shell.openExternal'].input.safeParse('smb://x/y').success).toBe(false);
  });

  it('rfid: the board set up is remembered; tags are written with the desk\'s format and ISIL; failures come back as rfid.<code>', async () => {
    const h = make();
    expect((await h['rfid.status'](undefined, ctx)).state).toBe('off');
    const cfg = { type: '3m-810' as const, port: '/dev/ttyUSB0', tagFormat: '28560-2' as const, ownerLibrary: 'CN-110108' };
    expect(await h['rfid.configure'](cfg, ctx)).toMatchObject({ state: 'ready', config: cfg });
    expect((await openSettingsStore(dir)).get().rfid).toEqual(cfg);
    await expect(h['rfid.readTag'](undefined, ctx)).rejects.toMatchObject({ code: 'rfid.no-tag' });
    const tag = field.place(blankTag());
    await expect(h['rfid.encodeTag']({ data: { primaryItemId: 'T1' }, afi: null }, ctx)).rejects.toMatchObject({ code: 'rfid.afi-not-set' });
    expect(await h['rfid.encodeTag']({ data: { primaryItemId: 'T00012345' }, afi: 7 }, ctx)).toEqual({ uid: tag.uid });
    expect(await h['rfid.readTag'](undefined, ctx)).toMatchObject({ uid: tag.uid, afi: 7, format: '28560-2', data: { primaryItemId: 'T00012345', ownerLibrary: 'CN-110108' } });
    field.fault({ afiWriteFailures: 1 });
    await expect(h['rfid.setAfi']({ uid: tag.uid, afi: 0xc2 }, ctx)).rejects.toMatchObject({ code: 'rfid.afi-write' });
    await h['rfid.setAfi']({ uid: tag.uid, afi: 0xc2 }, ctx);
    expect(tag.afi).toBe(0xc2);
    expect(await h['rfid.configure'](null, ctx)).toMatchObject({ state: 'off', config: null });
    // Writing channels are for the admin window only.
    expect(ipcContract['rfid.encodeTag'].windows).toEqual(['admin']);
    expect(ipcContract['rfid.setAfi'].windows).toEqual(['admin']);
  });

  it('printing: a request is rendered and journaled; bad input and the kiosk are refused by the contract', async () => {
    const h = make();
    const template = { kind: 'roll' as const, name: 'Roll', label: { width: 50, height: 30 }, offset: { x: 0, y: 0 } };
    const r = await h['printing.print']({ title: '条码 3 张', printer: 'Labels', copies: 1, template, labels: [{ kind: 'barcode', value: 'T1', format: 'CODE128' }, { kind: 'barcode', value: 'T2', format: 'CODE128' }, { kind: 'spine', school: '一中', callNumber: 'I247.5/1' }] }, ctx);
    expect(r.labels).toBe(3);
    const jobs = await h['printing.jobs'](undefined, ctx);
    expect(jobs).toMatchObject([{ id: r.id, title: '条码 3 张', labels: 3, state: 'queued' }]);
    expect(ipcContract['printing.jobs'].output.safeParse(jobs).success).toBe(true);
    expect(await h['printing.cancel']({ id: r.id }, ctx)).toBe(true);
    await expect(h['printing.print']({ title: 't', printer: 'Labels', copies: 1, template, labels: [{ kind: 'barcode', value: 'X'.repeat(60), format: 'CODE128' }] }, ctx)).rejects.toMatchObject({ code: 'printing.too-long' });
    expect(ipcContract['printing.print'].input.safeParse({ title: 't', printer: 'P', copies: 1, template, labels: [] }).success).toBe(false);
    expect(ipcContract['printing.print'].windows).toEqual(['admin']);
  });
});
