import { TOAST_MS } from '../../shared/domain/ui-constants.ts';

export type ToastSeverity = 'error' | 'warning' | 'info' | 'success';

/** Either an i18n key (translated when shown, so a language switch applies) or a server's text. */
export interface Toast {
  id: number;
  severity: ToastSeverity;
  key?: string;
  text?: string;
  duration: number;
}

type Listener = (toasts: readonly Toast[]) => void;

let nextId = 1;
let queue: readonly Toast[] = [];
const listeners = new Set<Listener>();

function emit(): void {
  for (const l of listeners) l(queue);
}

export const toastStore = {
  get(): readonly Toast[] {
    return queue;
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  dismiss(id: number): void {
    queue = queue.filter((t) => t.id !== id);
    emit();
  },
  clear(): void {
    queue = [];
    emit();
  },
};

function push(t: Omit<Toast, 'id' | 'duration'> & { duration?: number }): number {
  const id = nextId++;
  // The same message twice in a row (e.g. 10 requests failing at once) is shown once.
  const last = queue[queue.length - 1];
  if (last && last.key === t.key && last.text === t.text) return last.id;
  queue = [...queue, { id, duration: t.duration ?? TOAST_MS, ...t }];
  emit();
  return id;
}

export const toast = {
  /** Shows a translated message: `toast.key('errors:noPermission')`. */
  key: (key: string, severity: ToastSeverity = 'error') => push({ key, severity }),
  /** Shows a text as given (the server's message). */
  text: (text: string, severity: ToastSeverity = 'error') => push({ text, severity }),
};

/**
 * Where toasts show: the app's host, or a layout's own (the kiosk's, in its touch-sized theme)
 * while that layout is mounted. The host mounted last shows them; the others stay empty.
 */
let hosts: readonly number[] = [];
let nextHost = 1;
const hostListeners = new Set<() => void>();

export const toastHosts = {
  newId: (): number => nextHost++,
  /** Registers a host; the returned function removes it. */
  claim(id: number): () => void {
    hosts = [...hosts, id];
    for (const l of hostListeners) l();
    return () => {
      hosts = hosts.filter((h) => h !== id);
      for (const l of hostListeners) l();
    };
  },
  active: (): number | undefined => hosts[hosts.length - 1],
  subscribe(l: () => void): () => void {
    hostListeners.add(l);
    return () => hostListeners.delete(l);
  },
};
