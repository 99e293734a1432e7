import type { Token } from '../../shared/api/auth.ts';
import type { DesktopSettings, IpcError, IpcResult, LibBridge, PrintRequest, RfidSettings } from '../../shared/ipc/contract.ts';

/**
 * The only module touching `window.lib` (the desktop preload's frozen bridge). In a plain browser
 * every feature resolves to an error whose message key is errors:browserUnsupported.
 */
export const BROWSER_UNSUPPORTED = 'errors:browserUnsupported';

declare global {
  interface Window {
    lib?: LibBridge;
  }
}

function lib(): LibBridge | undefined {
  return typeof window !== 'undefined' ? window.lib : undefined;
}

export function isDesktop(): boolean {
  return lib() != null;
}

export function windowKind(): 'admin' | 'guide' | 'browser' {
  return lib()?.kind ?? 'browser';
}

const unsupported = <T>(): IpcResult<T> => ({
  ok: false,
  error: { code: 'browserUnsupported', message: BROWSER_UNSUPPORTED },
});

async function guarded<T>(run: (l: LibBridge) => Promise<IpcResult<T>>): Promise<IpcResult<T>> {
  const l = lib();
  if (!l) return unsupported<T>();
  try {
    return await run(l);
  } catch (e) {
    return { ok: false, error: { code: 'ipc', message: e instanceof Error ? e.message : String(e) } };
  }
}

/** Main keeps the session's tokens for this window (the desktop app); a browser tab keeps its own. */
export function tokensInMain(): boolean {
  return lib()?.auth != null;
}

export const bridge = {
  getAppInfo: () => guarded((l) => l.app.getInfo()),
  getSettings: () => guarded((l) => l.settings.get()),
  setSettings: (patch: Partial<DesktopSettings>) => guarded((l) => l.settings.set(patch)),
  getGatewayAddress: () => guarded((l) => l.gateway.getAddress()),
  retryGateway: () => guarded((l) => l.gateway.retry()),
  rememberStation: (user: { name: string; school: string; canPrint: boolean }) => guarded((l) => l.station.remember(user)),
  authAdopt: (token: Token, persist: boolean) => guarded((l) => l.auth.adopt({ token, persist })),
  authCurrent: () => guarded((l) => l.auth.current()),
  authRefresh: (stale: string) => guarded((l) => l.auth.refresh({ stale })),
  authForget: () => guarded((l) => l.auth.forget()),
  openExternal: (url: string) => guarded((l) => l.shell.openExternal(url)),
  rfidStatus: () => guarded((l) => l.rfid.status()),
  rfidConfigure: (config: RfidSettings | null) => guarded((l) => l.rfid.configure(config)),
  rfidListPorts: () => guarded((l) => l.rfid.listPorts()),
  rfidReadTag: () => guarded((l) => l.rfid.readTag()),
  rfidReadPad: () => guarded((l) => l.rfid.readPad()),
  rfidEncodeTag: (input: { data: { primaryItemId: string; shelfLocation?: string }; afi: number | null; uid?: string }) => guarded((l) => l.rfid.encodeTag(input)),
  rfidSetAfi: (uid: string, afi: number) => guarded((l) => l.rfid.setAfi({ uid, afi })),
  printers: () => guarded((l) => l.printing.printers()),
  print: (req: PrintRequest) => guarded((l) => l.printing.print(req)),
  printJobs: () => guarded((l) => l.printing.jobs()),
  cancelPrintJob: (id: string) => guarded((l) => l.printing.cancel({ id })),
};

/**
 * The message key for a failed bridge call: devices say what the user must do
 * (rfid:errors.no-tag …), a plain browser that it cannot.
 */
export function bridgeErrorKey(error: IpcError): string {
  if (error.code === 'browserUnsupported') return BROWSER_UNSUPPORTED;
  if (error.code.startsWith('rfid.')) return `rfid:errors.${error.code.slice(5)}`;
  if (error.code.startsWith('printing.')) return `printing:errors.${error.code.slice(9)}`;
  return 'rfid:errors.ipc';
}
