import type { Token } from '../../shared/api/auth.ts';
import { bridge, tokensInMain } from './bridge.ts';
import { sessionStore, STORAGE_KEYS } from './session-store.ts';

/**
 * Where the session's tokens live. In a browser: the tab's sessionStorage (spec section 9). In
 * the desktop app: main (safeStorage, one refresh for every window); this page holds only the
 * access token, in memory, and asks main for it after a reload or a restart.
 */

/** At start: in the desktop, take the access token from main. True when a session is held. */
export async function restoreTokens(): Promise<boolean> {
  if (!tokensInMain()) return sessionStore.get().token != null;
  // A tab token written before this window's tokens moved to main is handed over, then removed.
  const raw = sessionStorage.getItem(STORAGE_KEYS.token);
  sessionStorage.removeItem(STORAGE_KEYS.token);
  sessionStore.holdTokenInMemory();
  if (raw) {
    try {
      await bridge.authAdopt(JSON.parse(raw) as Token, false);
    } catch {
      // Not a token: nothing to hand over.
    }
  }
  const current = await bridge.authCurrent();
  if (current.ok && current.data) sessionStore.setToken(current.data);
  return sessionStore.get().token != null;
}

/** A sign-in's token. `persist`: a staff session the desktop may keep across restarts. */
export async function keepToken(token: Token, opts: { persist: boolean }): Promise<void> {
  if (tokensInMain()) {
    const kept = await bridge.authAdopt(token, opts.persist);
    // Without main holding it there is no session: the sign-in fails rather than half-works.
    if (!kept.ok) throw new Error(kept.error.message);
  }
  sessionStore.setToken(token);
}

/**
 * A new access token after a refusal. The desktop asks main, which refreshes once for every
 * window (or answers with the token another window already got); null: not the desktop.
 */
export async function refreshFromMain(): Promise<boolean | null> {
  if (!tokensInMain()) return null;
  const stale = sessionStore.get().token?.access_token ?? '';
  const next = await bridge.authRefresh(stale);
  if (!next.ok || !next.data) return false;
  sessionStore.setToken(next.data);
  return true;
}

/** The session ended (sign-out, expired, signed out elsewhere): gone from the page and from main. */
export async function endSession(opts: { silent?: boolean } = {}): Promise<void> {
  sessionStore.clear(opts);
  if (tokensInMain()) await bridge.authForget();
}
