// A fake `electron` module for unit tests (the real one downloads a binary when required).
// Use: vi.mock('electron', async () => (await import('../testing/fake-electron.ts')).fakeElectron)
// and reset with resetFakeElectron() in beforeEach. It records what the code under test asked for.
import { EventEmitter } from 'node:events';

type Listener = (...args: never[]) => unknown;

export class FakeEmitter extends EventEmitter {
  /** Emits and returns an event object whose preventDefault() is observable. */
  fire(event: string, ...args: unknown[]): { defaultPrevented: boolean } {
    const ev = { defaultPrevented: false, preventDefault() { this.defaultPrevented = true; } };
    this.emit(event, ev, ...args);
    return ev;
  }
}

let nextId = 1;

export class FakeWebContents extends FakeEmitter {
  readonly id = nextId++;
  url = '';
  windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
  readonly loaded: string[] = [];
  setWindowOpenHandler(h: (d: { url: string }) => { action: string }) {
    this.windowOpenHandler = h;
  }
  async loadURL(url: string) {
    this.url = url;
    this.loaded.push(url);
  }
  getURL() {
    return this.url;
  }
  /** Printing: what was asked, and how the OS answers (set `printAnswer` to refuse). */
  static printers = [{ name: 'Labels' }];
  static printAnswer: [boolean, string] = [true, ''];
  readonly printed: Record<string, unknown>[] = [];
  async getPrintersAsync() {
    return FakeWebContents.printers;
  }
  print(options: Record<string, unknown>, callback: (success: boolean, failureReason: string) => void) {
    this.printed.push(options);
    queueMicrotask(() => callback(...FakeWebContents.printAnswer));
  }
}

export class FakeBrowserWindow extends FakeEmitter {
  static instances: FakeBrowserWindow[] = [];
  static getAllWindows() {
    return FakeBrowserWindow.instances.filter((w) => !w.destroyed);
  }
  readonly options: Record<string, unknown>;
  readonly webContents = new FakeWebContents();
  destroyed = false;
  shown = false;
  focused = false;
  minimized = false;
  menuRemoved = false;
  constructor(options: Record<string, unknown>) {
    super();
    this.options = options;
    FakeBrowserWindow.instances.push(this);
  }
  loadURL(url: string) {
    return this.webContents.loadURL(url);
  }
  show() { this.shown = true; }
  focus() { this.focused = true; }
  isMinimized() { return this.minimized; }
  restore() { this.minimized = false; }
  isDestroyed() { return this.destroyed; }
  removeMenu() { this.menuRemoved = true; }
  close() {
    this.destroyed = true;
    this.emit('closed');
  }
  destroy() {
    this.close();
  }
}

export class FakeSession {
  permissionRequestHandler: Listener | null = null;
  permissionCheckHandler: Listener | null = null;
  devicePermissionHandler: Listener | null = null;
  headersListener: Listener | null = null;
  setPermissionRequestHandler(h: Listener) { this.permissionRequestHandler = h; }
  setPermissionCheckHandler(h: Listener) { this.permissionCheckHandler = h; }
  setDevicePermissionHandler(h: Listener) { this.devicePermissionHandler = h; }
  readonly webRequest = {
    onHeadersReceived: (h: Listener) => { this.headersListener = h; },
  };
}

export class FakeUtilityProcess extends EventEmitter {
  static forks: { modulePath: string; args: string[]; options: unknown; child: FakeUtilityProcess }[] = [];
  /** How a forked child answers main's messages (e.g. reply 'ready' to 'start'). */
  static behave: ((child: FakeUtilityProcess, message: unknown) => void) | null = null;
  readonly sent: unknown[] = [];
  killed = false;
  postMessage(m: unknown) {
    this.sent.push(m);
    const behave = FakeUtilityProcess.behave;
    if (behave) queueMicrotask(() => behave(this, m));
  }
  kill() { this.killed = true; this.emit('exit', 0); return true; }
}

function makeApp(app = new FakeEmitter() as FakeEmitter & Record<string, unknown>) {
  app.removeAllListeners();
  Object.assign(app, {
    lock: true,
    quitCalls: 0,
    sandboxEnabled: false,
    userData: '/tmp/fake-user-data',
    readyResolvers: [] as (() => void)[],
    lockRequests: 0,
    requestSingleInstanceLock: () => ((app.lockRequests as number)++, app.lock as boolean),
    quit: () => { (app.quitCalls as number)++; },
    exit: () => {},
    enableSandbox: () => { app.sandboxEnabled = true; },
    whenReady: () => new Promise<void>((r) => (app.readyResolvers as (() => void)[]).push(r)),
    getPath: () => app.userData,
    getName: () => 'School Library',
    getVersion: () => '0.1.0',
    isPackaged: false,
  });
  return app;
}

const buildFake = () => ({
  app: makeApp(),
  BrowserWindow: FakeBrowserWindow,
  Menu: { applicationMenu: undefined as unknown, setApplicationMenu(m: unknown) { fakeElectron.Menu.applicationMenu = m; } },
  ipcMain: {
    handlers: new Map<string, Listener>(),
    handle(ch: string, l: Listener) { this.handlers.set(ch, l); },
    removeHandler(ch: string) { this.handlers.delete(ch); },
  },
  session: { defaultSession: new FakeSession() },
  shell: { opened: [] as string[], async openExternal(url: string) { fakeElectron.shell.opened.push(url); } },
  dialog: { errors: [] as string[], showErrorBox(_t: string, m: string) { fakeElectron.dialog.errors.push(m); }, async showMessageBox() { return { response: 0 }; } },
  utilityProcess: {
    fork(modulePath: string, args: string[] = [], options: unknown = {}) {
      const child = new FakeUtilityProcess();
      FakeUtilityProcess.forks.push({ modulePath, args, options, child });
      return child;
    },
  },
  safeStorage: {
    backend: 'gnome_libsecret',
    isAsyncEncryptionAvailable: async () => true,
    getSelectedStorageBackend: () => fakeElectron.safeStorage.backend,
    encryptStringAsync: async (s: string) => Buffer.from(`enc:${s}`),
    decryptStringAsync: async (b: Buffer) => ({ result: b.toString().replace(/^enc:/, ''), shouldReEncrypt: false }),
  },
  /** Main's HTTP client: answers what `reply` says, recording each request. */
  net: {
    requests: [] as { url: string; body: string }[],
    reply: (() => ({ status: 503, body: null })) as (url: string, body: string) => { status: number; body: unknown },
    async fetch(url: string, init: { body: string }) {
      fakeElectron.net.requests.push({ url, body: init.body });
      const r = fakeElectron.net.reply(url, init.body);
      return { status: r.status, json: async () => r.body };
    },
  },
  contextBridge: { exposed: {} as Record<string, unknown>, exposeInMainWorld(k: string, v: unknown) { fakeElectron.contextBridge.exposed[k] = v; } },
  ipcRenderer: { calls: [] as unknown[][], async invoke(...a: unknown[]) { fakeElectron.ipcRenderer.calls.push(a); return { ok: true, data: null }; } },
});

// One instance per test worker, even across vi.resetModules() (a test may import index.ts twice).
const g = globalThis as { __libFakeElectron?: ReturnType<typeof buildFake> };
export const fakeElectron = (g.__libFakeElectron ??= buildFake());

export function resetFakeElectron(): void {
  makeApp(fakeElectron.app); // in place: modules hold the imported binding
  FakeBrowserWindow.instances = [];
  FakeWebContents.printAnswer = [true, ''];
  FakeUtilityProcess.forks = [];
  FakeUtilityProcess.behave = null;
  fakeElectron.Menu.applicationMenu = undefined;
  fakeElectron.ipcMain.handlers.clear();
  fakeElectron.session.defaultSession = new FakeSession();
  fakeElectron.shell.opened = [];
  fakeElectron.dialog.errors = [];
  fakeElectron.contextBridge.exposed = {};
  fakeElectron.safeStorage.backend = 'gnome_libsecret';
  fakeElectron.net.requests = [];
  fakeElectron.net.reply = () => ({ status: 503, body: null });
  fakeElectron.ipcRenderer.calls = [];
}
