import type { ChannelName, LibBridge, WindowKind } from '../shared/ipc/contract.ts';
import { CHANNEL_PREFIX, CHANNEL_WINDOWS } from './channels.ts';

type Invoke = (channel: string, ...args: unknown[]) => Promise<unknown>;

/**
 * Builds `window.lib` for one window kind: `lib.<domain>.<method>(arg)` invokes `lib:<domain>.<method>`.
 * Only the channels the kind may call exist at all; nothing else (no raw ipcRenderer, no env).
 */
export function makeBridge(kind: WindowKind, invoke: Invoke): LibBridge {
  const bridge: Record<string, Record<string, (arg?: unknown) => Promise<unknown>>> = {};
  for (const [name, windows] of Object.entries(CHANNEL_WINDOWS) as [ChannelName, readonly WindowKind[]][]) {
    if (!windows.includes(kind)) continue;
    const [domain, method] = name.split('.') as [string, string];
    const channel = `${CHANNEL_PREFIX}${name}`;
    // Exactly one argument crosses, and none for void channels, so no extra data rides along.
    (bridge[domain] ??= {})[method] = (...args: unknown[]) => (args.length === 0 ? invoke(channel) : invoke(channel, args[0]));
  }
  for (const d of Object.values(bridge)) Object.freeze(d);
  return Object.freeze({ ...bridge, kind }) as unknown as LibBridge;
}
