import type { z } from 'zod';
import type { ChannelDef, IpcResult, WindowKind } from '../../shared/ipc/contract.ts';
import { toIpcError } from './ipc-error.ts';

/**
 * The gate every IPC call passes, in plain Node (register-handlers.ts wires it to ipcMain; the
 * end-to-end tests wire it to Playwright's exposeBinding). Every invoke passes the same gate before a handler
 * runs: known channel, one of our windows, main frame, app origin, the window kind's allow-list,
 * zod-valid input. The answer is always an IpcResult envelope, because ipcRenderer.invoke keeps
 * only the message of a thrown error.
 */

export interface HandlerContext {
  kind: WindowKind;
  webContentsId: number;
}

export type HandlerMap<C extends Record<string, ChannelDef>> = {
  [K in keyof C]: (input: z.output<C[K]['input']>, ctx: HandlerContext) => Promise<z.input<C[K]['output']>> | z.input<C[K]['output']>;
};

/** What the registrar needs to know about our windows (WindowRegistry implements it). */
export interface SenderRegistry {
  kindOf(webContentsId: number): WindowKind | undefined;
  appOrigin(): string | null;
}

/** The parts of IpcMainInvokeEvent we read; a plain object in tests. */
export interface InvokeEventLike {
  sender: { id: number };
  senderFrame: { url: string; parent: unknown } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: never, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

const fail = (code: string, message: string, details?: unknown): IpcResult<never> => ({
  ok: false,
  error: details === undefined ? { code, message } : { code, message, details },
});

function frameOrigin(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

/** The gate and dispatch for one channel, independent of ipcMain so it is unit-testable. */
export function createInvokeListener<C extends Record<string, ChannelDef>, K extends keyof C & string>(
  name: K,
  def: C[K],
  handler: HandlerMap<C>[K],
  registry: SenderRegistry,
): (event: InvokeEventLike, ...args: unknown[]) => Promise<IpcResult<unknown>> {
  return async (event, ...args) => {
    try {
      const kind = registry.kindOf(event.sender.id);
      if (!kind) return fail('forbidden', `unknown sender for ${name}`);
      const frame = event.senderFrame;
      if (!frame) return fail('forbidden', 'sender frame is gone');
      // parent is null only for the top-level frame (identity with sender.mainFrame is not stable).
      if (frame.parent != null) {
        return fail('forbidden', 'only the main frame may call the bridge');
      }
      const origin = frameOrigin(frame.url);
      if (origin == null || origin !== registry.appOrigin()) return fail('forbidden', 'foreign origin');
      if (!def.windows.includes(kind)) return fail('forbidden', `${name} is not available in the ${kind} window`);
      if (args.length > 1) return fail('bad-input', 'one argument at most');
      const parsed = def.input.safeParse(args[0]);
      if (!parsed.success) return fail('bad-input', `invalid input for ${name}`, parsed.error.issues);
      const data = await handler(parsed.data as never, { kind, webContentsId: event.sender.id });
      // Outputs are checked too: a handler bug must not leak unshaped data into the renderer.
      const out = def.output.safeParse(data);
      if (!out.success) return fail('bad-output', `handler of ${name} returned invalid data`, out.error.issues);
      return { ok: true, data: out.data };
    } catch (err) {
      return { ok: false, error: toIpcError(err) };
    }
  };
}

