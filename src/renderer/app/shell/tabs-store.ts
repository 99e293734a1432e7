import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../../lib/session-store.ts';

/**
 * Visited views of the admin shell (one tab per route path; the latest query string wins).
 * The home tab is pinned, so "close all" always leaves somewhere to be.
 */
export interface ViewTab {
  path: string;
  search: string;
}

export const HOME_TAB = '/data-analysis';
/** Routes that never become tabs (they only bounce somewhere else). */
const NOT_TABS = new Set(['/redirect']);

function load(): ViewTab[] {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEYS.tabs);
    const v = raw ? (JSON.parse(raw) as ViewTab[]) : [];
    return Array.isArray(v) ? v.filter((t) => typeof t?.path === 'string') : [];
  } catch {
    return [];
  }
}

let tabs: readonly ViewTab[] = load();
const listeners = new Set<() => void>();

function set(next: readonly ViewTab[]): void {
  tabs = next;
  try {
    sessionStorage.setItem(STORAGE_KEYS.tabs, JSON.stringify(next));
  } catch {
    // tabs are a convenience; losing them on reload is acceptable
  }
  for (const l of listeners) l();
}

export const fullPath = (t: ViewTab): string => `${t.path}${t.search}`;
export const isPinned = (path: string): boolean => path === HOME_TAB;

export const tabsStore = {
  get: (): readonly ViewTab[] => tabs,
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  visit(path: string, search = ''): void {
    if (NOT_TABS.has(path)) return;
    // The pinned home tab always leads the bar.
    const base = tabs.some((t) => isPinned(t.path)) ? tabs : [{ path: HOME_TAB, search: '' }, ...tabs];
    const i = base.findIndex((t) => t.path === path);
    if (i >= 0) {
      if (base !== tabs || base[i]?.search !== search) set(base.map((t, j) => (j === i ? { path, search } : t)));
      return;
    }
    set([...base, { path, search }]);
  },
  /** Closes one tab; returns where to go if it was the active one (neighbour, else home). */
  close(path: string, activePath: string): string | null {
    if (isPinned(path)) return null;
    const i = tabs.findIndex((t) => t.path === path);
    if (i < 0) return null;
    const next = tabs.filter((t) => t.path !== path);
    set(next);
    if (path !== activePath) return null;
    const neighbour = next[i] ?? next[i - 1];
    return neighbour ? fullPath(neighbour) : HOME_TAB;
  },
  /** Keeps the given tab and the pinned home tab. */
  closeOthers(path: string): void {
    set(tabs.filter((t) => t.path === path || isPinned(t.path)));
  },
  /** Closes everything but the pinned home tab; the caller then goes home. */
  closeAll(): string {
    set(tabs.filter((t) => isPinned(t.path)));
    return HOME_TAB;
  },
  reset(): void {
    set([]);
  },
};

export function useTabs(): readonly ViewTab[] {
  return useSyncExternalStore(tabsStore.subscribe, tabsStore.get, tabsStore.get);
}
