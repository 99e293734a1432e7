import type { AppInfo, DesktopSettings, IpcContract } from '../../shared/ipc/contract.ts';
import type { HandlerMap } from './register-handlers.ts';
import type { SettingsStore } from '../services/settings-store.ts';
import { normalizeGatewayUrl } from '../services/gateway-url.ts';
import { isExternalLink } from '../windows/web-security.ts';
import { HandlerError } from './ipc-error.ts';

export interface HandlerDeps {
  appInfo(): AppInfo;
  settings: SettingsStore;
  /** The origin the windows use now, and whether it is the embedded gateway. */
  gatewayAddress(): { url: string; embedded: boolean };
  /** Switches to a remote gateway (origin) or back to the embedded one (null), then reloads. */
  switchGateway(origin: string | null): Promise<void>;
  openExternal(url: string): Promise<void>;
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
    'shell.openExternal': async (url) => {
      // The contract already checked the scheme; this re-check is the one shell.openExternal relies on.
      if (!isExternalLink(url, ['http:', 'https:', 'mailto:'])) throw new HandlerError('forbidden', 'only http(s) and mailto links open externally');
      await deps.openExternal(url);
    },
  };
}
