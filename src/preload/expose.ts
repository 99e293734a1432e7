import { contextBridge, ipcRenderer } from 'electron';
import type { WindowKind } from '../shared/ipc/contract.ts';
import { makeBridge } from './make-bridge.ts';

/** The one thing a preload does: expose the frozen bridge of its window kind as `window.lib`. */
export function exposeBridge(kind: WindowKind): void {
  contextBridge.exposeInMainWorld('lib', makeBridge(kind, (channel, ...args) => ipcRenderer.invoke(channel, ...args)));
}
