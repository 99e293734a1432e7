import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionSnapshot } from './session-store.ts';

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}
