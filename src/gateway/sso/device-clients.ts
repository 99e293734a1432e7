import { GATE_CLIENT_PREFIX, GATE_SCOPE } from '../../shared/api/gate.ts';
import { deviceSecretMatches } from '../security/device-secrets.ts';
import type { DeviceClaims } from './sso-service.ts';
import type { SsoDb } from './sso-tables.ts';

/**
 * Device clients of the token endpoint: a security gate registered by staff (table `gates`, one
 * school and branch each) authenticates with its own client id and secret. The provider's static
 * client list cannot hold them (they are per school, made and reset at run time, and their secrets
 * are stored hashed), so the gateway checks the credentials and mints the token itself
 * (SsoService.mintDeviceToken) with the gate's school and id as claims.
 */
export function isDeviceClientId(clientId: string): boolean {
  return clientId.startsWith(GATE_CLIENT_PREFIX);
}

/** The claims and scope of the device's token, or null for unknown, disabled or wrong credentials. */
export async function checkDeviceClient(db: SsoDb, clientId: string, secret: string): Promise<{ claims: DeviceClaims; scope: string } | null> {
  const gate = await db.selectFrom('gates').select(['id', 'school_id', 'secret_hash', 'secret_gen', 'enabled'])
    .where('client_id', '=', clientId).executeTakeFirst();
  // The hash is computed for unknown ids too, so the time taken says nothing about which ids exist.
  const ok = deviceSecretMatches(secret, gate?.secret_hash ?? 'x');
  if (!gate || !ok || !gate.enabled) return null;
  return { claims: { school_id: gate.school_id, device: 'gate', device_id: gate.id, device_gen: gate.secret_gen }, scope: GATE_SCOPE };
}
