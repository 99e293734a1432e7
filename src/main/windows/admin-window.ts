import { BrowserWindow, Menu } from 'electron';
import { webPreferencesFor } from './web-preferences.ts';
import { adminHomeUrl } from './kiosk-policy.ts';

export const WINDOW_BACKGROUND = '#f5f7fa';

export interface AdminWindowOptions {
  preloadDir: string;
  appOrigin: string;
  iconPath?: string;
}

/** The librarian's window: full preload, own shell (no native menu), shown once painted. */
export function createAdminWindow(opts: AdminWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1440,
    height: 900,
    minWidth: 1024,
    minHeight: 680,
    show: false,
    backgroundColor: WINDOW_BACKGROUND,
    autoHideMenuBar: true,
    ...(opts.iconPath ? { icon: opts.iconPath } : {}),
    webPreferences: webPreferencesFor('admin', opts.preloadDir),
  });
  // The React shell draws its own menu; the native one would only offer reload/devtools.
  Menu.setApplicationMenu(null);
  win.removeMenu();
  win.once('ready-to-show', () => win.show());
  void win.loadURL(adminHomeUrl(opts.appOrigin));
  return win;
}
