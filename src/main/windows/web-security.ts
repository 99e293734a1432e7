/**
 * Navigation, popup, permission and CSP policy for every webContents (Electron security
 * checklist items 5, 7, 12, 13, 14, 15). Origins are compared after URL parsing: a prefix test
 * would accept `http://127.0.0.1:5180.evil.com`.
 */
import { appContentSecurityPolicy } from '../../shared/domain/content-security-policy.ts';

/** The parsed origin of an http(s) URL, or null for anything else (file:, javascript:, garbage). */
export function httpOrigin(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
}

export function isAppUrl(url: string, appOrigin: string | null): boolean {
  return appOrigin != null && httpOrigin(url) === appOrigin;
}

/** Links that may leave the app for the OS browser / mail client. */
export function isExternalLink(url: string, schemes: readonly string[] = ['http:', 'https:']): boolean {
  try {
    const u = new URL(url);
    return schemes.includes(u.protocol) && (u.protocol === 'mailto:' || u.hostname !== '');
  } catch {
    return false;
  }
}

export interface SecurityPolicy {
  /** The only origin windows may show; a getter because switching gateways changes it. */
  appOrigin(): string | null;
  openExternal(url: string): void;
}

/** The slice of Electron's WebContents this module touches (typed loosely for fakes). */
export interface GuardedContents {
  on(event: 'will-navigate', listener: (event: { preventDefault(): void; url?: string }, url: string) => void): unknown;
  on(event: 'will-redirect', listener: (event: { preventDefault(): void; url?: string; isMainFrame?: boolean }, url: string, isInPlace?: boolean, isMainFrame?: boolean) => void): unknown;
  on(event: 'will-attach-webview', listener: (event: { preventDefault(): void }) => void): unknown;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' } | { action: 'allow' }): void;
}

/** Applied to every webContents the app creates (app 'web-contents-created'), not only ours. */
export function hardenWebContents(contents: GuardedContents, policy: SecurityPolicy): void {
  contents.on('will-navigate', (event, url) => {
    if (!isAppUrl(event.url ?? url, policy.appOrigin())) event.preventDefault();
  });
  contents.on('will-redirect', (event, url, _inPlace, isMainFrame) => {
    // Sub-frame redirects (the /iframe screens) stay inside their frame; CSP frame-src rules them.
    const mainFrame = event.isMainFrame ?? isMainFrame ?? true;
    if (mainFrame && !isAppUrl(event.url ?? url, policy.appOrigin())) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    // No window ever opens in-app; a clicked web link goes to the OS browser instead.
    if (isExternalLink(url)) policy.openExternal(url);
    return { action: 'deny' };
  });
}

/** Permissions the renderer may be granted. Empty: devices (HID, serial) are driven from main. */
export const ALLOWED_PERMISSIONS: readonly string[] = [];

export function permissionDecision(permission: string, requestingUrl: string | undefined, appOrigin: string | null): boolean {
  return ALLOWED_PERMISSIONS.includes(permission) && requestingUrl != null && isAppUrl(requestingUrl, appOrigin);
}

export interface GuardedSession {
  setPermissionRequestHandler(handler: (wc: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void): void;
  setPermissionCheckHandler(handler: (wc: unknown, permission: string, requestingOrigin: string) => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
  webRequest: {
    onHeadersReceived(listener: (details: { url: string; responseHeaders?: Record<string, string[]> }, callback: (response: { responseHeaders?: Record<string, string[]> }) => void) => void): void;
  };
}

/** CSP for documents of the app origin (shared with the gateway); the window is never framed. */
export const CONTENT_SECURITY_POLICY = appContentSecurityPolicy({ embeddable: false });

export function withCsp(url: string, headers: Record<string, string[]> | undefined, appOrigin: string | null): Record<string, string[]> | undefined {
  if (!isAppUrl(url, appOrigin)) return headers;
  const out: Record<string, string[]> = { ...headers };
  const key = Object.keys(out).find((k) => k.toLowerCase() === 'content-security-policy') ?? 'Content-Security-Policy';
  out[key] = [...(out[key] ?? []), CONTENT_SECURITY_POLICY];
  return out;
}

export function hardenSession(ses: GuardedSession, policy: SecurityPolicy): void {
  ses.setPermissionRequestHandler((_wc, permission, callback, details) => {
    callback(permissionDecision(permission, details?.requestingUrl, policy.appOrigin()));
  });
  ses.setPermissionCheckHandler((_wc, permission, requestingOrigin) => permissionDecision(permission, requestingOrigin, policy.appOrigin()));
  // WebHID / Web Serial stay off: the RFID and scanner drivers live in main.
  ses.setDevicePermissionHandler(() => false);
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: withCsp(details.url, details.responseHeaders, policy.appOrigin()) });
  });
}
