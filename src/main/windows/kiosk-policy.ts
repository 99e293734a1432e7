/** Kiosk rules of the guide screen as plain functions: which keys are swallowed, when to reset. */

export interface KeyInput {
  type: string;
  key: string;
  code?: string;
  control?: boolean;
  meta?: boolean;
  shift?: boolean;
  alt?: boolean;
}

/**
 * Reload, devtools, close/quit, zoom and navigation shortcuts. Chromium handles most of these
 * before the page sees them, so they must be cancelled in before-input-event.
 */
export function isBlockedKioskKey(input: KeyInput): boolean {
  if (input.type !== 'keyDown' && input.type !== 'rawKeyDown') return false;
  const key = input.key.length === 1 ? input.key.toLowerCase() : input.key;
  const mod = Boolean(input.control || input.meta);
  if (key === 'F5' || key === 'F11' || key === 'F12' || key === 'BrowserRefresh' || key === 'BrowserBack' || key === 'BrowserForward') return true;
  if (mod && ['r', 'w', 'q', 'n', 't', 'p', 'o', 's', '+', '-', '=', '0'].includes(key)) return true;
  if (mod && input.shift && ['i', 'j', 'c', 'delete'].includes(key)) return true;
  if (input.alt && (key === 'F4' || key === 'ArrowLeft' || key === 'ArrowRight' || key === 'Home')) return true;
  return false;
}

export interface IdleTimer {
  /** Any user input: restart the countdown. */
  touch(): void;
  dispose(): void;
}

export interface TimerApi {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: TimerApi = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** Calls onIdle once after `timeoutMs` without touch(); the next touch() arms it again. */
export function createIdleTimer(timeoutMs: number, onIdle: () => void, timers: TimerApi = realTimers): IdleTimer {
  let handle: unknown = null;
  let disposed = false;
  const arm = () => {
    if (handle != null) timers.clearTimeout(handle);
    handle = disposed ? null : timers.setTimeout(() => {
      handle = null;
      onIdle();
    }, timeoutMs);
  };
  arm();
  return {
    touch: arm,
    dispose() {
      disposed = true;
      if (handle != null) timers.clearTimeout(handle);
      handle = null;
    },
  };
}

/** Input events that count as activity (mouse moves and touches too, not only keys). */
export function isUserActivity(inputEventType: string): boolean {
  return /^(mouse|touch|gesture|pointer|key|rawKey|char|contextMenu)/.test(inputEventType);
}

export const GUIDE_HOME_HASH = '#/guidescreen';
export const DEFAULT_GUIDE_IDLE_MINUTES = 3;

export function guideHomeUrl(appOrigin: string): string {
  return `${appOrigin}/library/${GUIDE_HOME_HASH}`;
}
export function adminHomeUrl(appOrigin: string): string {
  return `${appOrigin}/library/`;
}
