import type { Token } from '../../shared/api/auth.ts';
import type { Menu } from '../../shared/api/auth.ts';
import type { UnitInfo, UserInfo } from '../../shared/api/session.ts';

/**
 * The tab's session lives in sessionStorage (spec section 9: "Session storage keys hold token,
 * user info, menus"), so closing the tab ends it and two tabs may hold two schools.
 * One tab holds one session: a portal sign-in replaces an admin session and vice versa.
 */
export const STORAGE_KEYS = {
  token: 'lib.token',
  user: 'lib.user',
  menus: 'lib.menus',
  unit: 'lib.unit',
  /** School id of the public-portal (search) session; sent as SchoolID when there is no user. */
  searchSchool: 'lib.searchSchool',
  /** PKCE verifier, state, return path of a sign-in in progress. */
  pkce: 'lib.pkce',
  tabs: 'lib.tabs',
} as const;

/** localStorage keys: settings that outlive the tab. */
export const LOCAL_KEYS = { language: 'lib.language', theme: 'lib.theme', downloadPanel: 'lib.downloadPanel', workstation: 'lib.workstation' } as const;

export interface MenuState {
  Menus: Menu[];
  Operations: string[];
  MenuVersion: 'old' | 'new';
}

export interface PkceState {
  verifier: string;
  state: string;
  returnTo: string;
  portal: boolean;
  schoolCode?: string;
}

export interface SessionSnapshot {
  token: Token | null;
  user: UserInfo | null;
  menus: MenuState | null;
  unit: UnitInfo | null;
  searchSchool: number | null;
}

function read<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw == null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  if (value == null) sessionStorage.removeItem(key);
  else sessionStorage.setItem(key, JSON.stringify(value));
}

const listeners = new Set<() => void>();
let snapshot: SessionSnapshot | null = null;
/**
 * In the desktop app main keeps the session's tokens (main/auth/token-vault.ts) and the page holds
 * only the access token, here in memory; undefined = a browser, where the tab's sessionStorage does.
 */
let memoryToken: Token | null | undefined;

function load(): SessionSnapshot {
  return {
    token: memoryToken !== undefined ? memoryToken : read<Token>(STORAGE_KEYS.token),
    user: read<UserInfo>(STORAGE_KEYS.user),
    menus: read<MenuState>(STORAGE_KEYS.menus),
    unit: read<UnitInfo>(STORAGE_KEYS.unit),
    searchSchool: read<number>(STORAGE_KEYS.searchSchool),
  };
}

function changed(): void {
  snapshot = null;
  for (const l of listeners) l();
}

export const sessionStore = {
  /** Stable object between changes, for useSyncExternalStore. */
  get(): SessionSnapshot {
    snapshot ??= load();
    return snapshot;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setToken(token: Token | null): void {
    if (memoryToken !== undefined) {
      // Never the refresh token: main keeps it.
      const { refresh_token: _r, ...access } = token ?? {};
      memoryToken = token ? (access as Token) : null;
    } else write(STORAGE_KEYS.token, token);
    changed();
  },
  /** The desktop: from now on the token lives in this page's memory (main keeps the session). */
  holdTokenInMemory(): void {
    if (memoryToken !== undefined) return;
    memoryToken = null;
    changed();
  },
  tokenInMemory(): boolean {
    return memoryToken !== undefined;
  },
  setUser(user: UserInfo | null): void {
    write(STORAGE_KEYS.user, user);
    changed();
  },
  setMenus(menus: MenuState | null): void {
    write(STORAGE_KEYS.menus, menus);
    changed();
  },
  setUnit(unit: UnitInfo | null): void {
    write(STORAGE_KEYS.unit, unit);
    changed();
  },
  setSearchSchool(id: number | null): void {
    write(STORAGE_KEYS.searchSchool, id);
    changed();
  },
  setPkce(p: PkceState | null): void {
    write(STORAGE_KEYS.pkce, p);
  },
  getPkce(): PkceState | null {
    return read<PkceState>(STORAGE_KEYS.pkce);
  },
  /**
   * Removes everything of the session (sign-out, signed out elsewhere, expired). `silent`: the page
   * is about to be replaced (SSO sign-out), so the UI is not told: a re-render would send the
   * router to /auth and cancel that navigation; the next page reads the emptied storage.
   */
  clear(opts: { silent?: boolean } = {}): void {
    for (const key of Object.values(STORAGE_KEYS)) sessionStorage.removeItem(key);
    if (memoryToken !== undefined) memoryToken = null;
    if (!opts.silent) changed();
  },
};

/** A signed-in admin session: a token and the user's info. */
export function hasAdminSession(s: SessionSnapshot = sessionStore.get()): boolean {
  return s.token != null && s.user != null;
}

export function authorizationHeader(token: Token | null): string | null {
  return token ? `${token.token_type} ${token.access_token}` : null;
}
