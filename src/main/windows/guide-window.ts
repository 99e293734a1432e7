import { BrowserWindow } from 'electron';
import { webPreferencesFor } from './web-preferences.ts';
import { WINDOW_BACKGROUND } from './admin-window.ts';
import { createIdleTimer, guideHomeUrl, isBlockedKioskKey, isUserActivity, DEFAULT_GUIDE_IDLE_MINUTES } from './kiosk-policy.ts';

export interface GuideWindowOptions {
  preloadDir: string;
  /** A getter: the idle reset must go to the current gateway after a switch. */
  appOrigin: () => string;
  idleMinutes?: number;
}

/**
 * The reading-guide kiosk: fullscreen, narrow preload, reload/devtools keys swallowed, and back to
 * the guide home after a few idle minutes so the next visitor never sees someone else's search.
 */
export function createGuideWindow(opts: GuideWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    show: false,
    kiosk: true,
    fullscreen: true,
    frame: false,
    backgroundColor: WINDOW_BACKGROUND,
    webPreferences: webPreferencesFor('guide', opts.preloadDir),
  });
  win.removeMenu();
  const contents = win.webContents;
  contents.on('before-input-event', (event, input) => {
    if (isBlockedKioskKey(input)) event.preventDefault();
  });
  const idle = createIdleTimer((opts.idleMinutes ?? DEFAULT_GUIDE_IDLE_MINUTES) * 60_000, () => {
    if (win.isDestroyed()) return;
    const home = guideHomeUrl(opts.appOrigin());
    if (contents.getURL() !== home) void contents.loadURL(home);
    idle.touch();
  });
  contents.on('input-event', (_event, input) => {
    if (isUserActivity(input.type)) idle.touch();
  });
  win.once('closed', () => idle.dispose());
  win.once('ready-to-show', () => win.show());
  void win.loadURL(guideHomeUrl(opts.appOrigin()));
  return win;
}
