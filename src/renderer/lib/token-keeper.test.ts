import { afterEach, describe, expect, it } from 'vitest';
import { keepToken, refreshFromMain, restoreTokens, endSession } from './token-keeper.ts';
import { sessionStore, STORAGE_KEYS } from './session-store.ts';

/** main's vault as the page sees it through window.lib.auth. */
function fakeMain() {
  const m = {
    held: null as Record<string, unknown> | null,
    adopted: [] as { token: Record<string, unknown>; persist: boolean }[],
    stale: [] as string[],
    lib: {
      kind: 'admin',
      auth: {
        adopt: async (i: { token: Record<string, unknown>; persist: boolean }) => {
          m.adopted.push(i);
          m.held = i.token;
          return { ok: true, data: { kept: 'disk' } };
        },
        current: async () => ({ ok: true, data: m.held ? { ...m.held, refresh_token: undefined } : null }),
        refresh: async (i: { stale: string }) => {
          m.stale.push(i.stale);
          return { ok: true, data: { token_type: 'Bearer', access_token: 'A2', expires_in: 900 } };
        },
        forget: async () => {
          m.held = null;
          return { ok: true, data: undefined };
        },
      },
    },
  };
  Object.defineProperty(window, 'lib', { value: m.lib, configurable: true });
  return m;
}

afterEach(() => {
  delete (window as { lib?: unknown }).lib;
  sessionStorage.clear();
});

describe('token keeper in the desktop app: main holds the session', () => {
  it('a tab token is handed to main and removed; the page keeps the access token only, in memory', async () => {
    const main = fakeMain();
    sessionStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ token_type: 'Bearer', access_token: 'A1', refresh_token: 'R1', expires_in: 900 }));
    expect(await restoreTokens()).toBe(true);
    expect(main.adopted).toEqual([{ token: { token_type: 'Bearer', access_token: 'A1', refresh_token: 'R1', expires_in: 900 }, persist: false }]);
    expect(sessionStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(sessionStore.get().token?.access_token).toBe('A1');
    expect(sessionStore.get().token?.refresh_token).toBeUndefined();

    await keepToken({ token_type: 'Bearer', access_token: 'A5', refresh_token: 'R5', expires_in: 900 }, { persist: true });
    expect(main.adopted.at(-1)).toMatchObject({ persist: true, token: { refresh_token: 'R5' } });
    expect(sessionStore.get().token).toEqual({ token_type: 'Bearer', access_token: 'A5', expires_in: 900 });
    expect(JSON.stringify(sessionStorage)).not.toContain('R5');

    // A refusal: main is asked with the token the page sent, and its answer replaces it.
    expect(await refreshFromMain()).toBe(true);
    expect(main.stale).toEqual(['A5']);
    expect(sessionStore.get().token?.access_token).toBe('A2');

    await endSession();
    expect(main.held).toBeNull();
    expect(sessionStore.get().token).toBeNull();
  });
});
