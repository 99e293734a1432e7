import { useSyncExternalStore } from 'react';
import { LOCAL_KEYS } from './session-store.ts';

export type ThemeMode = 'light' | 'dark' | 'system';
const MODES: readonly ThemeMode[] = ['light', 'dark', 'system'];

function readMode(): ThemeMode {
  try {
    const v = localStorage.getItem(LOCAL_KEYS.theme);
    return MODES.includes(v as ThemeMode) ? (v as ThemeMode) : 'light';
  } catch {
    return 'light';
  }
}

let mode: ThemeMode = readMode();
const listeners = new Set<() => void>();

export const themeModeStore = {
  get: (): ThemeMode => mode,
  set(next: ThemeMode): void {
    mode = next;
    try {
      localStorage.setItem(LOCAL_KEYS.theme, next);
    } catch {
      // not persisted; still applied
    }
    for (const l of listeners) l();
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(themeModeStore.subscribe, themeModeStore.get, themeModeStore.get);
}
