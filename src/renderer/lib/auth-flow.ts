import { z } from 'zod';
import { authCalls, platConfigSchema } from '../../shared/api/auth.ts';
import { sessionCalls } from '../../shared/api/session.ts';
import { isValidSignInCode } from '../../shared/domain/validation-rules.ts';
import { apiBaseUrl, call, resetAuthFailures, type AuthHandlers } from './api-client.ts';
import { authorizeUrl, codeChallengeS256, randomString } from './oidc.ts';
import { sessionStore } from './session-store.ts';
import { leaveTo, navigateTo } from './navigation.ts';
import { bridge } from './bridge.ts';
import { canOpen } from './menus.ts';
import { safePortalPath } from './portal-paths.ts';
import { endSession, keepToken } from './token-keeper.ts';

/**
 * Sign-in and sign-out: OIDC authorization code + PKCE against the gateway's SSO for staff
 * (/callback), and the school-code exchange for the public portal (/searchauth, /callbacksearch).
 */
type PlatConfig = z.infer<typeof platConfigSchema>;

export const HOME_PATH = '/data-analysis';
export const PORTAL_HOME_PATH = '/search';

let platConfig: Promise<PlatConfig> | null = null;
export function getPlatConfig(): Promise<PlatConfig> {
  platConfig ??= call(authCalls.getPlatConfig, {}).catch((e: unknown) => {
    platConfig = null;
    throw e;
  });
  return platConfig;
}

/** Only in-app paths may be a return target (no open redirect through ?redirect=). */
export function safeReturnPath(p: string | null | undefined, fallback = HOME_PATH): string {
  if (!p || !p.startsWith('/') || p.startsWith('//')) return fallback;
  if (/^\/(auth|callback|callbacksearch|searchauth|401|redirect)(\?|$)/.test(p)) return fallback;
  return p;
}

/** Absolute address the SSO returns to: the gateway turns /library/callback into #/callback. */
export function redirectUri(path: string): string {
  return new URL(path, apiBaseUrl()).toString();
}

async function beginOidc(opts: { returnTo: string; portal: boolean; schoolCode?: string; bridgeTicket?: string }): Promise<void> {
  const cfg = await getPlatConfig();
  const verifier = randomString(64);
  const state = randomString(32);
  sessionStore.setPkce({ verifier, state, returnTo: opts.returnTo, portal: opts.portal, ...(opts.schoolCode ? { schoolCode: opts.schoolCode } : {}) });
  leaveTo(
    authorizeUrl({
      authority: cfg.Authority,
      clientId: opts.portal ? cfg.PortalClientID : cfg.ClientID,
      redirectUri: redirectUri(opts.portal ? cfg.PortalRedirectPath : cfg.RedirectPath),
      scope: cfg.Scope,
      codeChallenge: await codeChallengeS256(verifier),
      state,
      ...(opts.bridgeTicket ? { bridgeTicket: opts.bridgeTicket } : {}),
    }),
  );
}

export function startSignIn(returnTo: string = HOME_PATH): Promise<void> {
  return beginOidc({ returnTo: safeReturnPath(returnTo), portal: false });
}

export function startPortalSignIn(schoolCode: string, returnTo: string = PORTAL_HOME_PATH): Promise<void> {
  return beginOidc({ returnTo: safeReturnPath(returnTo, PORTAL_HOME_PATH), portal: true, schoolCode });
}

/**
 * The school a platform's ticket is for (its `aud`), read without checking the signature: it only
 * picks the portal's school; the SSO checks the ticket and the portal's exchange checks the school.
 */
export function bridgeTicketSchool(ticket: string): string | null {
  const parts = ticket.split('.');
  if (parts.length !== 3 || ticket.length > 2048) return null;
  try {
    const json = atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/'));
    const aud = (JSON.parse(json) as { aud?: unknown }).aud;
    return typeof aud === 'string' && aud.length > 0 && aud.length <= 64 ? aud : null;
  } catch {
    return null;
  }
}

/**
 * /bridge?ticket=&to=: signed in by a school platform's ticket. A portal path (or none) signs a
 * reader in to the portal; any other in-app path, a staff member in to the staff app (where the
 * school allows that platform to). Returns false when the ticket cannot even be read.
 */
export async function startBridgeSignIn(ticket: string, to: string | null): Promise<boolean> {
  const school = bridgeTicketSchool(ticket);
  if (!school) return false;
  const portalTarget = safePortalPath(to);
  if (portalTarget) await beginOidc({ returnTo: portalTarget, portal: true, schoolCode: school, bridgeTicket: ticket });
  else await beginOidc({ returnTo: safeReturnPath(to), portal: false, bridgeTicket: ticket });
  return true;
}

export class SignInError extends Error {
  /** i18n key of the reason. */
  readonly key: string;
  constructor(key: string) {
    super(key);
    this.name = 'SignInError';
    this.key = key;
  }
}

function takePkce(state: string | null, portal: boolean) {
  const pkce = sessionStore.getPkce();
  sessionStore.setPkce(null); // one use only
  if (!pkce || !state || pkce.state !== state || pkce.portal !== portal) throw new SignInError('auth:callback.badState');
  return pkce;
}

/** Loads what the shell needs after a token was stored: user, menus, unit (theme colours). */
export async function loadSessionData(): Promise<void> {
  const user = await call(sessionCalls.getUser, {}, { toast: false });
  sessionStore.setUser(user);
  const [menus, unit] = await Promise.allSettled([
    call(authCalls.authorization, {}),
    call(sessionCalls.getUnitInfo, {}),
  ]);
  sessionStore.setMenus(menus.status === 'fulfilled' ? menus.value : { Menus: [], Operations: [], MenuVersion: 'new' });
  if (unit.status === 'fulfilled') sessionStore.setUnit(unit.value);
  // The desktop remembers who may print, for the offline label station (a no-op in a browser).
  void bridge.rememberStation({
    name: user.Name.slice(0, 100), school: user.SchoolName.slice(0, 200),
    canPrint: menus.status === 'fulfilled' && canOpen('/print', menus.value.Menus),
  });
}

/**
 * Before the first render (app/startup.ts, once the tokens are restored): a staff session found
 * without its user (a reload, or the desktop app after a restart, main/auth/token-vault.ts) loads
 * the user, menus and unit as a sign-in would; one that no longer works is ended.
 */
export async function loadResumedSession(): Promise<void> {
  try {
    resetAuthFailures();
    await loadSessionData();
  } catch {
    await endSession();
  }
}

/** /callback: exchange the code, load the session, return where the user wanted to go. */
export async function completeSignIn(code: string | null, state: string | null): Promise<string> {
  if (!code) throw new SignInError('auth:callback.missingCode');
  const pkce = takePkce(state, false);
  const cfg = await getPlatConfig();
  const token = await call(authCalls.getTokenByCode, {
    Code: code,
    CodeVerifier: pkce.verifier,
    RedirectUri: redirectUri(cfg.RedirectPath),
  });
  sessionStore.clear();
  await keepToken(token, { persist: true });
  resetAuthFailures();
  await loadSessionData();
  return safeReturnPath(pkce.returnTo);
}

async function storePortalToken(exchange: Promise<z.infer<typeof authCalls.schoolLoginToken.data>>): Promise<void> {
  const res = await exchange;
  const { SchoolID, ...token } = res;
  sessionStore.clear();
  await keepToken(token, { persist: false });
  sessionStore.setSearchSchool(SchoolID);
  resetAuthFailures();
}

/** /searchauth?schoolcode=&code=: a sign-in code (valid only if longer than 20 chars). */
export async function signInWithSchoolCode(schoolCode: string, code: string): Promise<string> {
  if (!isValidSignInCode(code)) throw new SignInError('validation:signInCode.invalid');
  const cfg = await getPlatConfig();
  await storePortalToken(
    call(authCalls.schoolLoginToken, { SchoolCode: schoolCode, Code: code, RedirectUrl: redirectUri(cfg.PortalRedirectPath) }),
  );
  return PORTAL_HOME_PATH;
}

/** /callbacksearch?code&state: the portal's return from the SSO. */
export async function completePortalSignIn(code: string | null, state: string | null): Promise<string> {
  if (!isValidSignInCode(code)) throw new SignInError(code ? 'validation:signInCode.invalid' : 'auth:callback.missingCode');
  const pkce = takePkce(state, true);
  if (!pkce.schoolCode) throw new SignInError('auth:callback.badState');
  const cfg = await getPlatConfig();
  await storePortalToken(
    call(authCalls.schoolLoginToken, {
      SchoolCode: pkce.schoolCode,
      Code: code,
      RedirectUrl: redirectUri(cfg.PortalRedirectPath),
      CodeVerifier: pkce.verifier,
    }),
  );
  return safeReturnPath(pkce.returnTo, PORTAL_HOME_PATH);
}

/**
 * Sign-out: ask the gateway for the SSO end-session address, drop the tab's session, go there.
 * The SSO returns to /library/ (-> /home) for staff, to /search for the portal.
 */
const PORTAL_POST_LOGOUT_PATH = '/library/search';

/**
 * The SSO's own end-session address, for when the gateway could not answer EndSession (network,
 * an expired token): signing out must still end the SSO cookie session, or the next sign-in
 * would pass silently.
 */
export async function ssoEndSessionUrl(portal: boolean): Promise<string | null> {
  try {
    const cfg = await getPlatConfig();
    const params = new URLSearchParams({
      client_id: portal ? cfg.PortalClientID : cfg.ClientID,
      post_logout_redirect_uri: redirectUri(portal ? PORTAL_POST_LOGOUT_PATH : cfg.PostLogoutRedirectPath),
    });
    return `${cfg.Authority}/session/end?${params}`;
  } catch {
    return null;
  }
}

export async function logout(opts: { portal?: boolean } = {}): Promise<void> {
  const portal = opts.portal ?? false;
  let url: string | null = null;
  try {
    const res = await call(authCalls.endSession, portal ? { PostLogoutRedirectPath: PORTAL_POST_LOGOUT_PATH } : {}, { toast: false });
    url = res.Url;
  } catch {
    url = await ssoEndSessionUrl(portal);
  }
  if (url) {
    await endSession({ silent: true });
    leaveTo(url);
  } else {
    await endSession();
    navigateTo(portal ? PORTAL_HOME_PATH : '/home', { replace: true });
  }
}

function currentPath(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return hash || HOME_PATH;
}

/** What the api client does when the session fails (it loads this module on the first failure). */
export const authHandlers: AuthHandlers = {
  // Refresh failed or was rejected: drop the session, sign in again, come back here.
  onExpired: () => {
    const back = currentPath();
    const portal = sessionStore.get().user == null && sessionStore.get().searchSchool != null;
    void endSession();
    if (portal) navigateTo(PORTAL_HOME_PATH, { replace: true });
    else navigateTo(`/auth?redirect=${encodeURIComponent(safeReturnPath(back))}`, { replace: true });
  },
  // 99997: the user is removed and sent to log out; the SSO session is already gone.
  onSignedOutElsewhere: () => {
    void endSession();
    navigateTo('/home', { replace: true });
  },
};
