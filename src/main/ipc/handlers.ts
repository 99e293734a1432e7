import type { AppInfo, DesktopSettings, IpcContract, StationUser } from '../../shared/ipc/contract.ts';
import type { HandlerMap } from './ipc-gate.ts';
import type { SettingsStore } from '../services/settings-store.ts';
import { normalizeGatewayUrl } from '../services/gateway-url.ts';
import { isExternalLink } from '../windows/web-security.ts';
import { HandlerError } from './ipc-error.ts';
import { RfidError } from '../rfid/rfid-reader.ts';
import type { RfidDeviceService } from '../rfid/device-service.ts';
import type { PrintQueue } from '../printing/print-queue.ts';
import type { LabelFont } from '../printing/label-font.ts';
import { renderLabels } from '../printing/label-pdf.ts';
import type { TokenVault } from '../auth/token-vault.ts';

export interface HandlerDeps {
  appInfo(): AppInfo;
  settings: SettingsStore;
  /** The origin the windows use now, and whether it is the embedded gateway. */
  gatewayAddress(): { url: string; embedded: boolean; offline?: { user: StationUser; since: string } | null };
  /** Offline station: back to the remote gateway if it answers again (then every window reloads). */
  retryGateway(): Promise<boolean>;
  /** Switches to a remote gateway (origin) or back to the embedded one (null), then reloads. */
  switchGateway(origin: string | null): Promise<void>;
  openExternal(url: string): Promise<void>;
  /** The session's tokens for every window (main/auth/token-vault.ts). */
  tokens: TokenVault;
  /** The desk's RFID board (main/rfid/device-service.ts). */
  rfid: RfidDeviceService;
  listSerialPorts(): Promise<Array<{ path: string; manufacturer?: string }>>;
  /** The label station's queue and the OS printers (main/printing). */
  printing: {
    queue: PrintQueue;
    printers(): Promise<string[]>;
    font(): LabelFont | null;
  };
}

/** An RFID failure as an IPC error: code `rfid.<code>`, the renderer's key devices:errors.<code>. */
async function device<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof RfidError) throw new HandlerError(`rfid.${err.code}`, err.message, err.detail);
    throw err;
  }
}

/** The desktop's IPC handlers; the HandlerMap type makes a missing channel a compile error. */
export function createHandlers(deps: HandlerDeps): HandlerMap<IpcContract> {
  return {
    'app.getInfo': () => deps.appInfo(),
    'settings.get': () => deps.settings.get(),
    'settings.set': async (patch) => {
      const next: Partial<DesktopSettings> = { ...patch };
      if (patch.gatewayUrl !== undefined) next.gatewayUrl = patch.gatewayUrl === null ? null : normalizeGatewayUrl(patch.gatewayUrl);
      const before = deps.settings.get();
      const saved = await deps.settings.update(next);
      if (saved.gatewayUrl !== before.gatewayUrl) await deps.switchGateway(saved.gatewayUrl);
      return saved;
    },
    'gateway.getAddress': () => deps.gatewayAddress(),
    'gateway.retry': () => deps.retryGateway(),
    'station.remember': async ({ name, school, canPrint }) => {
      // Only someone who may print is remembered: the offline station offers nothing else.
      await deps.settings.update({ station: canPrint ? { name, school, at: new Date().toISOString() } : null });
    },
    'shell.openExternal': async (url) => {
      // The contract already checked the scheme; this re-check is the one shell.openExternal relies on.
      if (!isExternalLink(url, ['http:', 'https:', 'mailto:'])) throw new HandlerError('forbidden', 'only http(s) and mailto links open externally');
      await deps.openExternal(url);
    },
    // The kiosk's sessions end with the app (and its idle reset): never kept on disk.
    'auth.adopt': (input, ctx) => deps.tokens.adopt(input.token, { persist: input.persist && ctx.kind === 'admin' }),
    'auth.current': () => deps.tokens.current(),
    'auth.refresh': (input) => deps.tokens.refresh(input.stale),
    'auth.forget': () => deps.tokens.forget(),
    // The service knows the port; the settings hold the rest of the desk's choice (format, ISIL).
    'rfid.status': () => ({ ...deps.rfid.status(), config: deps.settings.get().rfid }),
    'rfid.configure': async (config) => {
      await deps.settings.update({ rfid: config });
      return { ...(await deps.rfid.configure(config)), config };
    },
    'rfid.listPorts': () => deps.listSerialPorts(),
    'rfid.inventory': () => device(async () => (await deps.rfid.inventory()).map((t) => ({ uid: t.uid }))),
    'rfid.readTag': () => device(() => deps.rfid.readOne()),
    'rfid.readPad': () => device(() => deps.rfid.readPad()),
    'rfid.encodeTag': (input) => {
      const cfg = deps.settings.get().rfid;
      if (!cfg) throw new HandlerError('rfid.unavailable', 'no RFID board is set up at this desk');
      const data = { ...input.data, ...(cfg.ownerLibrary && !input.data.ownerLibrary ? { ownerLibrary: cfg.ownerLibrary } : {}) };
      return device(() => deps.rfid.encode({ data, format: cfg.tagFormat, afi: input.afi, ...(input.uid ? { uid: input.uid } : {}) }));
    },
    'rfid.setAfi': (input) => device(() => deps.rfid.setAfi(input.uid, input.afi)),
    'printing.printers': () => deps.printing.printers(),
    'printing.print': async (req) => {
      const font = deps.printing.font();
      if (!font) throw new HandlerError('printing.no-font', 'no font with Chinese and Latin letters was found on this computer');
      let pdf: Uint8Array;
      try {
        pdf = await renderLabels(req.labels, { template: req.template, font, firstPosition: req.firstPosition });
      } catch (err) {
        if (err instanceof RangeError) throw new HandlerError('printing.too-long', err.message);
        throw err;
      }
      const job = await deps.printing.queue.enqueue({ title: req.title, printer: req.printer, copies: req.copies, labels: req.labels.length, pdf });
      return { id: job.id, labels: job.labels };
    },
    'printing.jobs': () => deps.printing.queue.list().map(({ osJob: _o, ...j }) => j),
    'printing.cancel': (input) => deps.printing.queue.cancel(input.id),
  };
}
