/**
 * Navigation for code outside React (api client, sign-out). The router registers itself at start;
 * before that (or in tests) the hash is set directly, which the hash router follows.
 */
type Navigate = (to: string, opts?: { replace?: boolean }) => void;

let navigator: Navigate = (to, opts) => {
  const hash = `#${to}`;
  if (opts?.replace) window.location.replace(hash);
  else window.location.hash = hash;
};

export function setNavigator(fn: Navigate): void {
  navigator = fn;
}

export function navigateTo(to: string, opts?: { replace?: boolean }): void {
  navigator(to, opts);
}

/** Full-page navigation to another address (SSO). Replaceable in tests. */
let assign = (url: string) => window.location.assign(url);
export function setAssign(fn: (url: string) => void): void {
  assign = fn;
}
export function leaveTo(url: string): void {
  assign(url);
}
