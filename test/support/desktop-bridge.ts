import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ipcContract, type ChannelName, type StationUser, type WindowKind } from '../../src/shared/ipc/contract.ts';
import { CHANNEL_PREFIX, CHANNEL_WINDOWS } from '../../src/preload/channels.ts';
import { createHandlers } from '../../src/main/ipc/handlers.ts';
import { createInvokeListener, type HandlerMap } from '../../src/main/ipc/ipc-gate.ts';
import { openSettingsStore, type SettingsStore } from '../../src/main/services/settings-store.ts';
import { RfidDeviceService } from '../../src/main/rfid/device-service.ts';
import { connectBoard } from '../../src/main/rfid/connect-board.ts';
import { attach3m810Simulator } from '../../src/main/rfid/m3-810-simulator.ts';
import { openPtyPair, type PtyPair } from '../../src/main/rfid/pty-pair.ts';
import { TagField } from '../../src/main/rfid/tag-field.ts';
import { listSerialPorts, openSerialTransport, type ByteTransport } from '../../src/main/rfid/transport.ts';
import { PrintQueue } from '../../src/main/printing/print-queue.ts';
import { cups } from '../../src/main/printing/cups.ts';
import { findLabelFont } from '../../src/main/printing/label-font.ts';
import { TokenVault, type SecretStore } from '../../src/main/auth/token-vault.ts';
import { gatewayRefresh } from '../../src/main/auth/gateway-refresh.ts';
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Stands in for the OS key store behind safeStorage (Keychain, DPAPI, libsecret), which a test
 * machine has none of: AES-256-GCM under a key that lives only in this process.
 */
export function testSecretStore(): SecretStore {
  const key = randomBytes(32);
  return {
    usable: async () => ({ ok: true }),
    encrypt: async (text) => {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([c.update(text, 'utf8'), c.final()]);
      return Buffer.concat([iv, c.getAuthTag(), body]);
    },
    decrypt: async (data) => {
      const d = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12));
      d.setAuthTag(data.subarray(12, 28));
      return { text: Buffer.concat([d.update(data.subarray(28)), d.final()]).toString('utf8'), reEncrypt: false };
    },
  };
}

export interface DesktopRig {
  /** The simulated board's pad: place and lift tags, inject faults. */
  field: TagField;
  /** The serial port the app should open (a socat pty). */
  port: string;
  /** The print queue behind lib.printing.* (to wait for it to drain). */
  queue: PrintQueue;
  /** The desk's settings file, as main keeps it. */
  settings: SettingsStore;
  /** Main's session tokens, and how many refreshes it asked the gateway for. */
  tokens: TokenVault;
  refreshes(): number;
  close(): Promise<void>;
}

/**
 * The desktop app's `window.lib` in Debian's Chromium, backed by the real main-process handlers,
 * the real IPC gate, the real device service and serial driver, with the 3M board simulator on
 * the other end of a socat pty. Only Electron itself is missing (its binary cannot be downloaded
 * here); the preload's bridge is rebuilt in the page from the same channel list.
 */
export async function installDesktopBridge(
  page: Page, origin: string, kind: WindowKind = 'admin',
  /** An offline label station: what main reports, and whether a retry finds the gateway again. */
  station?: { offline: { user: StationUser; since: string }; retry(): Promise<boolean> },
  /** Where main keeps the session between "restarts" of the app (two rigs on one file). */
  keep?: { tokensFile: string; secrets: SecretStore },
): Promise<DesktopRig> {
  const dir = mkdtempSync(join(tmpdir(), 'desktop-e2e-'));
  const settings = await openSettingsStore(dir);
  const pty: PtyPair = await openPtyPair();
  const board: ByteTransport = await openSerialTransport(pty.boardPort, 19200);
  const field = new TagField();
  attach3m810Simulator(board, field);
  const rfid = new RfidDeviceService({ connect: connectBoard, reconnectMs: 500 });
  // The real print queue to the real CUPS (LIB_TEST_PRINTER, scripts/ci/provision-cups.sh).
  const queue = PrintQueue.open(join(dir, 'print-queue'), cups, { pollMs: 100, backoffMs: 200 });
  queue.start();
  let refreshes = 0;
  const tokens = new TokenVault({
    file: keep?.tokensFile ?? join(dir, 'session.bin'),
    secrets: keep?.secrets ?? testSecretStore(),
    refresh: gatewayRefresh((url, init) => (refreshes++, fetch(url, init)), () => (station ? null : origin)),
  });
  const handlers = createHandlers({
    appInfo: () => ({ name: 'School Library', version: 'e2e', electron: '-', chrome: '-', node: process.versions.node, platform: process.platform, arch: process.arch, dataDir: dir }),
    settings,
    gatewayAddress: () => ({ url: origin, embedded: !station, offline: station?.offline ?? null }),
    retryGateway: async () => (station ? station.retry() : true),
    switchGateway: async () => undefined,
    openExternal: async () => undefined,
    tokens,
    rfid,
    listSerialPorts,
    printing: { queue, printers: () => cups.printers(), font: () => findLabelFont() },
  }) as HandlerMap<typeof ipcContract>;
  const appOrigin = new URL(origin).origin;
  const registry = { kindOf: () => kind, appOrigin: () => appOrigin };
  const listeners = new Map(
    (Object.keys(ipcContract) as ChannelName[]).map((name) => [`${CHANNEL_PREFIX}${name}`, createInvokeListener(name, ipcContract[name], handlers[name] as never, registry)]),
  );
  await page.exposeBinding('__libInvoke', async (source, channel: string, ...args: unknown[]) => {
    const listener = listeners.get(channel);
    if (!listener) return { ok: false, error: { code: 'forbidden', message: `no channel ${channel}` } };
    return listener({ sender: { id: 1 }, senderFrame: { url: source.frame.url(), parent: source.frame.parentFrame() } }, ...args);
  });
  const allowed = Object.entries(CHANNEL_WINDOWS).filter(([, w]) => (w as readonly string[]).includes(kind)).map(([n]) => n);
  await page.addInitScript(({ names, prefix, kind: k }) => {
    const invoke = (window as unknown as { __libInvoke: (c: string, ...a: unknown[]) => Promise<unknown> }).__libInvoke;
    const lib: Record<string, Record<string, unknown>> = {};
    for (const name of names) {
      const [domain, method] = name.split('.') as [string, string];
      (lib[domain] ??= {})[method] = (...args: unknown[]) => (args.length === 0 ? invoke(`${prefix}${name}`) : invoke(`${prefix}${name}`, args[0]));
    }
    Object.defineProperty(window, 'lib', { value: Object.freeze({ ...lib, kind: k }) });
  }, { names: allowed, prefix: CHANNEL_PREFIX, kind });
  return {
    field,
    port: pty.appPort,
    queue,
    settings,
    tokens,
    refreshes: () => refreshes,
    close: async () => {
      await queue.stop();
      await rfid.dispose();
      await board.close();
      await pty.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
