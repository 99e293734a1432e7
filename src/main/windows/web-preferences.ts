import { join } from 'node:path';
import type { WindowKind } from '../../shared/ipc/contract.ts';

/**
 * The exact webPreferences of each window kind. Every hardening flag is spelled out (even the
 * defaults) so a unit test can assert deep equality and a future Electron default change, or a
 * well-meant edit, cannot silently weaken a window. Each kind gets its own sandboxed CJS preload:
 * the kiosk's preload exposes fewer channels.
 */
export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  webviewTag: false;
  spellcheck: false;
}

export const preloadFileName = (kind: WindowKind): string => `${kind}.cjs`;

/** `preloadDir` is out/preload (next to out/main in the build and in app.asar). */
export function webPreferencesFor(kind: WindowKind, preloadDir: string): SecureWebPreferences {
  return {
    preload: join(preloadDir, preloadFileName(kind)),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    spellcheck: false,
  };
}
