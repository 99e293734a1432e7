import { HandlerError } from '../ipc/ipc-error.ts';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * A remote gateway must be https (tokens and reader data cross the network); plain http is only
 * accepted on loopback. Returns the origin: the window always loads <origin>/library/.
 */
export function normalizeGatewayUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new HandlerError('invalid-gateway-url', 'not a URL');
  }
  if (u.username || u.password) throw new HandlerError('invalid-gateway-url', 'credentials in the gateway URL are not allowed');
  if (u.protocol === 'https:') return u.origin;
  if (u.protocol === 'http:' && isLoopbackHost(u.hostname)) return u.origin;
  throw new HandlerError('invalid-gateway-url', 'a remote gateway must use https (http only on loopback)');
}
