/**
 * What a built screen waits for besides its own chunk (the feature strings of the current
 * language). Registered at start-up, so the registry stays free of i18n and DOM imports and plain
 * Node can read it (spec:coverage).
 */
type Preload = (namespaces?: readonly string[]) => Promise<void>;
let preload: Preload = () => Promise.resolve();

export function setScreenPreload(fn: Preload): void {
  preload = fn;
}

/** `namespaces`: the feature strings the screen uses; all of them when not given. */
export function screenPreload(namespaces?: readonly string[]): Promise<void> {
  return preload(namespaces);
}
