/**
 * What a built screen waits for besides its own chunk (the feature strings of the current
 * language). Registered at start-up, so the registry stays free of i18n and DOM imports and plain
 * Node can read it (spec:coverage).
 */
let preload: () => Promise<void> = () => Promise.resolve();

export function setScreenPreload(fn: () => Promise<void>): void {
  preload = fn;
}

export function screenPreload(): Promise<void> {
  return preload();
}
