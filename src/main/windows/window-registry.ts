import type { WindowKind } from '../../shared/ipc/contract.ts';

/** The minimum of a BrowserWindow the registry needs; a fake in tests. */
export interface RegisteredWindow {
  readonly webContents: { readonly id: number };
  isDestroyed(): boolean;
  once(event: 'closed', listener: () => void): unknown;
}

/**
 * Which webContents are ours and of which kind. The IPC registrar refuses any sender it does not
 * know, so a stray webContents (devtools, a future popup) can never reach a handler.
 */
export class WindowRegistry<W extends RegisteredWindow = RegisteredWindow> {
  readonly #byId = new Map<number, { kind: WindowKind; window: W }>();
  readonly #appOrigin: () => string | null;

  /** `appOrigin` is a getter: the origin changes when the user switches gateways. */
  constructor(appOrigin: () => string | null) {
    this.#appOrigin = appOrigin;
  }

  add(window: W, kind: WindowKind): void {
    const id = window.webContents.id;
    this.#byId.set(id, { kind, window });
    window.once('closed', () => this.#byId.delete(id));
  }

  kindOf(webContentsId: number): WindowKind | undefined {
    return this.#byId.get(webContentsId)?.kind;
  }

  windowsOf(kind: WindowKind): W[] {
    return [...this.#byId.values()].filter((e) => e.kind === kind && !e.window.isDestroyed()).map((e) => e.window);
  }

  all(): W[] {
    return [...this.#byId.values()].filter((e) => !e.window.isDestroyed()).map((e) => e.window);
  }

  appOrigin(): string | null {
    return this.#appOrigin();
  }
}
