import { describe, expect, it } from 'vitest';
import { authorizeUrl, base64Url, codeChallengeS256, randomString } from './oidc.ts';

describe('PKCE', () => {
  it('S256 of the RFC 7636 appendix B verifier matches its challenge', async () => {
    expect(await codeChallengeS256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });

  it('verifiers are long, unreserved and random', () => {
    const a = randomString(64);
    const b = randomString(64);
    expect(a).toMatch(/^[A-Za-z0-9\-._~]{64}$/);
    expect(a).not.toBe(b);
  });

  it('base64url has no padding or +/', () => {
    expect(base64Url(new Uint8Array([251, 255, 191]))).toBe('-_-_');
  });

  it('builds the authorize address with every parameter', () => {
    const u = new URL(
      authorizeUrl({ authority: 'http://127.0.0.1:8080/sso/', clientId: 'library-admin', redirectUri: 'http://127.0.0.1:8080/library/callback', scope: 'openid offline_access', codeChallenge: 'abc', state: 'xyz' }),
    );
    expect(u.origin + u.pathname).toBe('http://127.0.0.1:8080/sso/auth');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      client_id: 'library-admin',
      redirect_uri: 'http://127.0.0.1:8080/library/callback',
      response_type: 'code',
      scope: 'openid offline_access',
      code_challenge: 'abc',
      code_challenge_method: 'S256',
      state: 'xyz',
      prompt: 'consent',
    });
  });
});
