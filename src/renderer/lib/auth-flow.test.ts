import { beforeEach, describe, expect, it } from 'vitest';
import { configureApiClient } from './api-client.ts';
import { ssoEndSessionUrl } from './auth-flow.ts';

// When EndSession cannot be answered, sign-out still ends the SSO session at the provider's own
// end-session address, built from the platform config.
const platConfig = {
  Authority: 'http://gw.test/sso', ClientID: 'library-admin', PortalClientID: 'library-portal',
  Scope: 'openid profile offline_access', RedirectPath: '/library/callback', PortalRedirectPath: '/library/callbacksearch',
  PostLogoutRedirectPath: '/library/', Languages: ['zh-CN', 'en-US'], PortalUrl: 'http://gw.test/library/',
};

beforeEach(() => {
  configureApiClient({
    baseUrl: 'http://gw.test',
    strict: true,
    fetch: async () => new Response(JSON.stringify({ code: 0, success: true, message: '', data: platConfig }), { headers: { 'content-type': 'application/json' } }),
  });
});

describe('sign-out fallback', () => {
  it('builds the SSO end-session address for the admin app and the portal', async () => {
    const admin = new URL((await ssoEndSessionUrl(false))!);
    expect(admin.origin + admin.pathname).toBe('http://gw.test/sso/session/end');
    expect(admin.searchParams.get('client_id')).toBe('library-admin');
    expect(admin.searchParams.get('post_logout_redirect_uri')).toBe('http://gw.test/library/');
    const portal = new URL((await ssoEndSessionUrl(true))!);
    expect(portal.searchParams.get('client_id')).toBe('library-portal');
    expect(portal.searchParams.get('post_logout_redirect_uri')).toBe('http://gw.test/library/search');
  });
});
