/**
 * OIDC authorization code + PKCE helpers (RFC 7636, S256). Pure functions on Web Crypto.
 */
const UNRESERVED = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~';

/** A random string of unreserved characters (43..128 chars for a verifier). */
export function randomString(length = 64): string {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  // 66 symbols: 256 % 66 bias is negligible for a one-time secret of 64 chars (> 380 bits).
  let out = '';
  for (const b of bytes) out += UNRESERVED[b % UNRESERVED.length];
  return out;
}

export function base64Url(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function codeChallengeS256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export interface AuthorizeParams {
  authority: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  codeChallenge: string;
  state: string;
  /** A school platform's sign-in ticket (/bridge): the SSO signs in afresh with it. */
  bridgeTicket?: string;
}

/** The SSO authorize address; oidc-provider serves it at <issuer>/auth. */
export function authorizeUrl(p: AuthorizeParams): string {
  const url = new URL(`${p.authority.replace(/\/+$/, '')}/auth`);
  url.search = new URLSearchParams({
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    response_type: 'code',
    scope: p.scope,
    code_challenge: p.codeChallenge,
    code_challenge_method: 'S256',
    state: p.state,
    prompt: p.bridgeTicket ? 'login consent' : 'consent',
    ...(p.bridgeTicket ? { bridge_ticket: p.bridgeTicket } : {}),
  }).toString();
  return url.toString();
}
