import { describe, expect, it } from 'vitest';
import { FakeSession, FakeWebContents } from '../testing/fake-electron.ts';
import { CONTENT_SECURITY_POLICY, hardenSession, hardenWebContents, isAppUrl, type GuardedContents, type GuardedSession } from './web-security.ts';

const ORIGIN = 'http://127.0.0.1:5180';

function setup() {
  const opened: string[] = [];
  const contents = new FakeWebContents();
  hardenWebContents(contents as unknown as GuardedContents, { appOrigin: () => ORIGIN, openExternal: (u) => opened.push(u) });
  const nav = (url: string) => contents.fire('will-navigate', url).defaultPrevented;
  return { contents, opened, nav };
}

describe('navigation guard', () => {
  it('allows only the gateway origin, compared as a parsed URL', () => {
    const { nav } = setup();
    expect(nav(`${ORIGIN}/library/#/home`)).toBe(false);
    expect(nav(`${ORIGIN}/sso/login?x=1`)).toBe(false);
    expect(nav('http://127.0.0.1:5180.evil.com/library/')).toBe(true);
    expect(nav('http://127.0.0.1:5181/library/')).toBe(true);
    expect(nav('https://127.0.0.1:5180/library/')).toBe(true);
    expect(nav('http://localhost:5180/library/')).toBe(true);
    expect(nav('file:///etc/passwd')).toBe(true);
    expect(nav('javascript:alert(1)')).toBe(true);
    expect(nav('not a url')).toBe(true);
    expect(isAppUrl('http://user@127.0.0.1:5180/', ORIGIN)).toBe(true);
  });

  it('blocks main-frame redirects off the origin, leaves sub-frames to CSP', () => {
    const { contents } = setup();
    expect(contents.fire('will-redirect', 'https://evil.example/', false, true).defaultPrevented).toBe(true);
    expect(contents.fire('will-redirect', `${ORIGIN}/library/`, false, true).defaultPrevented).toBe(false);
    expect(contents.fire('will-redirect', 'https://museum.example/', false, false).defaultPrevented).toBe(false);
  });

  it('prevents <webview> attachment', () => {
    const { contents } = setup();
    expect(contents.fire('will-attach-webview', {}, {}).defaultPrevented).toBe(true);
  });
});

describe('window.open', () => {
  it('is always denied; web links go to the OS browser, other schemes nowhere', () => {
    const { contents, opened } = setup();
    const open = (url: string) => contents.windowOpenHandler!({ url });
    expect(open('https://www.example.org/book')).toEqual({ action: 'deny' });
    expect(open(`${ORIGIN}/library/#/x`)).toEqual({ action: 'deny' });
    expect(open('file:///etc/passwd')).toEqual({ action: 'deny' });
    expect(open('javascript:alert(1)')).toEqual({ action: 'deny' });
    expect(open('smb://share/x')).toEqual({ action: 'deny' });
    expect(opened).toEqual(['https://www.example.org/book', `${ORIGIN}/library/#/x`]);
  });
});

describe('session', () => {
  const harden = () => {
    const ses = new FakeSession();
    hardenSession(ses as unknown as GuardedSession, { appOrigin: () => ORIGIN, openExternal: () => {} });
    return ses;
  };

  it('denies every permission request and check, and device access', () => {
    const ses = harden();
    for (const p of ['media', 'geolocation', 'notifications', 'hid', 'serial', 'clipboard-read', 'openExternal', 'fullscreen']) {
      let granted: boolean | undefined;
      ses.permissionRequestHandler!({} as never, p as never, ((g: boolean) => (granted = g)) as never, { requestingUrl: `${ORIGIN}/library/` } as never);
      expect(granted, p).toBe(false);
      expect(ses.permissionCheckHandler!({} as never, p as never, ORIGIN as never), p).toBe(false);
    }
    expect(ses.devicePermissionHandler!()).toBe(false);
  });

  it('adds the CSP to app-origin responses only, keeping a CSP the server sent', () => {
    const ses = harden();
    const run = (url: string, responseHeaders?: Record<string, string[]>) => {
      let out: { responseHeaders?: Record<string, string[]> } = {};
      ses.headersListener!({ url, responseHeaders } as never, ((r: typeof out) => (out = r)) as never);
      return out.responseHeaders;
    };
    const h = run(`${ORIGIN}/library/`, { 'content-type': ['text/html'] });
    expect(h?.['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(h?.['content-type']).toEqual(['text/html']);
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("style-src 'self' 'unsafe-inline'");
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    const both = run(`${ORIGIN}/sso/login`, { 'content-security-policy': ["default-src 'self'"] });
    expect(both?.['content-security-policy']).toEqual(["default-src 'self'", CONTENT_SECURITY_POLICY]);
    expect(run('https://museum.example/', { a: ['b'] })).toEqual({ a: ['b'] });
  });
});
