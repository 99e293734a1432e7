import { LOCAL_KEYS } from './session-store.ts';

/**
 * This computer's name for the operation log ("一楼流通台"), set on /setting and sent with every
 * call as X-Workstation, so the log says at which desk something was done (Evergreen registers
 * workstations the same way). Kept per machine in local storage, never per user.
 */
export const WORKSTATION_MAX = 64;

export function workstationName(): string {
  try {
    return localStorage.getItem(LOCAL_KEYS.workstation) ?? '';
  } catch {
    return '';
  }
}

export function setWorkstationName(name: string): void {
  const v = name.trim().slice(0, WORKSTATION_MAX);
  try {
    if (v) localStorage.setItem(LOCAL_KEYS.workstation, v);
    else localStorage.removeItem(LOCAL_KEYS.workstation);
  } catch {
    // not persisted: calls go without a name, as on a fresh machine
  }
}

/** The header value: URI-encoded, as header values travel as Latin-1. */
export function workstationHeader(): string | null {
  const v = workstationName();
  return v ? encodeURIComponent(v) : null;
}
