// Composition root of the desktop app. Thin glue only: every decision lives in a plain-Node
// module next to this file, tested without the Electron binary.
import { app, BrowserWindow, dialog, net, safeStorage, session, shell, utilityProcess } from 'electron';
import { join } from 'node:path';
import { ipcContract, type StationUser, type WindowKind } from '../shared/ipc/contract.ts';
import { claimSingleInstance } from './app/single-instance.ts';
import { parseCliOptions } from './app/cli-options.ts';
import { openSettingsStore } from './services/settings-store.ts';
import { EmbeddedGateway, GATEWAY_EXEC_ARGV } from './services/embedded-gateway.ts';
import { gatewayAnswers, startStationServer } from './services/station-server.ts';
import { buildAppInfo } from './services/app-info.ts';
import { registerHandlers } from './ipc/register-handlers.ts';
import { createHandlers } from './ipc/handlers.ts';
import { RfidDeviceService } from './rfid/device-service.ts';
import { connectBoard } from './rfid/connect-board.ts';
import { listSerialPorts } from './rfid/transport.ts';
import { PrintQueue } from './printing/print-queue.ts';
import { cups, type PrintSystem } from './printing/cups.ts';
import { spooledPrintSystem } from './printing/spooled-print.ts';
import { electronPdfPrinter } from './printing/pdf-window.ts';
import { findLabelFont, type LabelFont } from './printing/label-font.ts';
import { TokenVault } from './auth/token-vault.ts';
import { osSecrets } from './auth/os-secrets.ts';
import { gatewayRefresh } from './auth/gateway-refresh.ts';
import { WindowRegistry } from './windows/window-registry.ts';
import { hardenSession, hardenWebContents, type SecurityPolicy } from './windows/web-security.ts';
import { createAdminWindow } from './windows/admin-window.ts';
import { createGuideWindow } from './windows/guide-window.ts';
import { adminHomeUrl, guideHomeUrl } from './windows/kiosk-policy.ts';

const here = import.meta.dirname; // out/main (also inside app.asar)
const preloadDir = join(here, '../preload');
const webRoot = join(here, '../renderer');
const gatewayEntry = join(here, 'gateway-process.js');
const iconPath = join(here, '../../resources/icon.png'); // Linux taskbar; Windows/macOS use the packaged icon
const cli = parseCliOptions(process.argv);
const log = (msg: string) => console.log(`[main] ${msg}`);

let appOrigin: string | null = null;
const registry = new WindowRegistry<BrowserWindow>(() => appOrigin);
const policy: SecurityPolicy = {
  appOrigin: () => appOrigin,
  openExternal: (url) => void shell.openExternal(url),
};

// Every renderer sandboxed, whatever a window asks for; guards on every webContents ever created.
app.enableSandbox();
app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, policy));

if (claimSingleInstance(app, () => registry.windowsOf(cli.guide ? 'guide' : 'admin')[0])) {
  app.whenReady().then(start, (err: unknown) => fatal(err));
}

function fatal(err: unknown): void {
  const msg = err instanceof Error ? err.message : String(err);
  console.error('[main] fatal:', err);
  dialog.showErrorBox('School Library', msg);
  app.exit(1);
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const settings = await openSettingsStore(dataDir, log);
  // The desk's RFID board, connected in the background (a missing board never delays the window).
  const rfid = new RfidDeviceService({ connect: connectBoard });
  const rfidSettings = settings.get().rfid;
  if (rfidSettings) void rfid.configure(rfidSettings);
  app.on('will-quit', () => void rfid.dispose());
  // The label station's queue: journaled in the app data, printing from the start (also what a
  // crash left half-done), whether or not any gateway answers.
  // CUPS on Linux and macOS (lp takes the PDF as is); Windows has none: Electron's silent printing.
  const printSystem: PrintSystem = process.platform === 'win32' ? spooledPrintSystem(electronPdfPrinter(), join(dataDir, 'print-spool'), log) : cups;
  const printQueue = PrintQueue.open(join(dataDir, 'print-queue'), printSystem);
  printQueue.start();
  void printQueue.prune(7 * 86_400_000);
  app.on('will-quit', () => void printQueue.stop());
  let labelFont: LabelFont | null | undefined;
  const gateway = new EmbeddedGateway({
    fork: () => utilityProcess.fork(gatewayEntry, [], { serviceName: 'School Library gateway', stdio: 'inherit', execArgv: [...GATEWAY_EXEC_ARGV] }),
    dataDir: join(dataDir, 'gateway'),
    webRoot,
    log,
  });
  hardenSession(session.defaultSession, policy);

  const homeOf = (kind: WindowKind, origin: string) => (kind === 'guide' ? guideHomeUrl(origin) : adminHomeUrl(origin));
  const reloadAll = () => {
    if (!appOrigin) return;
    for (const kind of ['admin', 'guide'] as const) {
      for (const win of registry.windowsOf(kind)) void win.loadURL(homeOf(kind, appOrigin));
    }
  };
  gateway.onUrlChange((url) => {
    // A restarted embedded gateway may have a new port; a remote gateway is unaffected.
    if (settings.get().gatewayUrl == null && url) {
      appOrigin = url;
      reloadAll();
    }
  });

  // The offline label station: a remote gateway that does not answer, and a user who may print
  // remembered from the last sign-in, open the window on the app's own files with the print
  // centre only (main serves them on loopback; printing never needs the gateway).
  let offline: { user: StationUser; since: string } | null = null;
  let station: { origin: string; close(): Promise<void> } | null = null;
  const enterStation = async (): Promise<boolean> => {
    const user = settings.get().station;
    if (!user) return false;
    station ??= await startStationServer(webRoot);
    offline ??= { user, since: new Date().toISOString() };
    appOrigin = station.origin;
    log(`the library server does not answer: opening as an offline label station (${user.name})`);
    return true;
  };
  app.on('will-quit', () => void station?.close());
  const leaveStation = async () => {
    offline = null;
    await station?.close();
    station = null;
  };
  const retryGateway = async (): Promise<boolean> => {
    const remote = settings.get().gatewayUrl;
    if (!offline) return true;
    if (!remote || !(await gatewayAnswers(remote))) return false;
    await leaveStation();
    appOrigin = remote;
    reloadAll();
    return true;
  };

  // The session's tokens for every window; the refresh goes to the gateway in use (none while the
  // desk is an offline station, so a kept session is not mistaken for a refused one).
  const tokens = new TokenVault({
    file: join(dataDir, 'session.bin'),
    secrets: osSecrets(safeStorage),
    refresh: gatewayRefresh((url, init) => net.fetch(url, init), () => (offline ? null : appOrigin)),
    log,
  });

  const switchGateway = async (remote: string | null) => {
    // A session belongs to the gateway that issued it.
    await tokens.forget();
    await leaveStation();
    if (remote) {
      await gateway.stop();
      appOrigin = remote;
    } else {
      appOrigin = await gateway.start();
    }
    reloadAll();
  };

  registerHandlers(
    ipcContract,
    createHandlers({
      appInfo: () =>
        buildAppInfo({ name: app.getName(), version: app.getVersion(), versions: process.versions, platform: process.platform, arch: process.arch, dataDir }),
      settings,
      gatewayAddress: () => ({ url: appOrigin ?? '', embedded: settings.get().gatewayUrl == null, offline }),
      retryGateway,
      switchGateway,
      openExternal: (url) => shell.openExternal(url),
      tokens,
      rfid,
      listSerialPorts,
      printing: { queue: printQueue, printers: () => printSystem.printers(), font: () => (labelFont === undefined ? (labelFont = findLabelFont()) : labelFont) },
    }),
    registry,
  );

  const remote = settings.get().gatewayUrl;
  if (remote) {
    appOrigin = remote;
    if (!(await gatewayAnswers(remote))) await enterStation();
  } else {
    appOrigin = await gateway.start();
  }

  const openWindow = () => {
    const origin = appOrigin;
    if (!origin) return;
    const win = cli.guide
      ? createGuideWindow({ preloadDir, appOrigin: () => appOrigin ?? origin, idleMinutes: cli.guideIdleMinutes })
      : createAdminWindow({ preloadDir, appOrigin: origin, iconPath });
    registry.add(win, cli.guide ? 'guide' : 'admin');
    win.webContents.on('did-fail-load', (_e, code, description, url, isMainFrame) => {
      if (!isMainFrame || code === -3 /* ERR_ABORTED: a newer navigation won */) return;
      void offerEmbeddedFallback(win, `${description} (${url})`);
    });
  };

  // An unreachable remote gateway would leave a blank window with no way back to the settings.
  const offerEmbeddedFallback = async (win: BrowserWindow, why: string) => {
    if (win.isDestroyed() || settings.get().gatewayUrl == null || offline) return;
    // A desk that may print opens as the offline label station rather than ask.
    if (await enterStation()) return reloadAll();
    const { response } = await dialog.showMessageBox(win, {
      type: 'warning',
      buttons: ['Retry', 'Use the built-in gateway', 'Quit'],
      defaultId: 0,
      message: 'The library server cannot be reached. 无法连接图书馆服务器。',
      detail: why,
    });
    if (response === 0) reloadAll();
    else if (response === 1) {
      await settings.update({ gatewayUrl: null });
      await switchGateway(null);
    } else app.quit();
  };

  openWindow();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) openWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    stopped = true;
    void gateway.stop().finally(() => app.quit());
  });
}
