import { ipcMain } from 'electron';
import { IPC_PREFIX, type ChannelDef } from '../../shared/ipc/contract.ts';
import { createInvokeListener, type HandlerMap, type IpcMainLike, type SenderRegistry } from './ipc-gate.ts';

/** The only user of ipcMain (lint-enforced): the gate of ipc-gate.ts on every channel. */

/** Registers every channel of the contract; returns an unregister function (tests, reloads). */
export function registerHandlers<C extends Record<string, ChannelDef>>(
  contract: C,
  handlers: HandlerMap<C>,
  registry: SenderRegistry,
  ipc: IpcMainLike = ipcMain as unknown as IpcMainLike,
): () => void {
  const ids: string[] = [];
  for (const name of Object.keys(contract) as (keyof C & string)[]) {
    const handler = handlers[name];
    if (typeof handler !== 'function') throw new Error(`no IPC handler for ${name}`);
    const id = `${IPC_PREFIX}${name}`;
    const listener = createInvokeListener(name, contract[name], handler, registry);
    ipc.handle(id, listener as (event: never, ...args: unknown[]) => unknown);
    ids.push(id);
  }
  return () => ids.forEach((id) => ipc.removeHandler(id));
}
