import type { DesktopSettings, LibBridge } from '../../shared/ipc/contract.ts';
import type { IpcResult } from '../../shared/ipc/contract.ts';

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

export const bridge = {
  getAppInfo: () => guarded((l) => l.app.getInfo()),
  getSettings: () => guarded((l) => l.settings.get()),
  setSettings: (patch: Partial<DesktopSettings>) => guarded((l) => l.settings.set(patch)),
  getGatewayAddress: () => guarded((l) => l.gateway.getAddress()),
  openExternal: (url: string) => guarded((l) => l.shell.openExternal(url)),
};
