import { APP_SCOPES } from '../../shared/api/contract.ts';
import type { SsoDb } from './sso-tables.ts';

/**
 * Third-party apps as OAuth clients of the SSO (table oauth_apps, registered by a school on
 * /library/basic-info). The provider's static list holds the first-party apps; these are looked up
 * by the adapter when a request names them, so a change or a switch-off applies at once.
 * Public clients: authorization code + PKCE (required for every client), no secret to keep.
 */
export const APP_CLIENT_PREFIX = 'app-';
/** The OIDC scopes any app gets with the user's consent, beside its library.* ones. */
export const APP_BASE_SCOPES = ['openid', 'profile', 'offline_access'] as const;

export function isAppClientId(clientId: string): boolean {
  return clientId.startsWith(APP_CLIENT_PREFIX);
}

export interface AppClient { id: number; schoolId: number; clientId: string; name: string; enName: string; scopes: string[]; redirectUris: string[] }

export async function findAppClient(db: SsoDb, clientId: string): Promise<AppClient | null> {
  if (!isAppClientId(clientId)) return null;
  const row = await db.selectFrom('oauth_apps').selectAll().where('client_id', '=', clientId).where('enabled', '=', 1).executeTakeFirst();
  if (!row) return null;
  let redirectUris: string[] = [];
  try {
    const v = JSON.parse(row.redirect_uris) as unknown;
    if (Array.isArray(v)) redirectUris = v.filter((u): u is string => typeof u === 'string');
  } catch {
    // a damaged row has no return address, so no flow can finish through it
  }
  const allowed = new Set<string>(APP_SCOPES);
  return {
    id: row.id, schoolId: row.school_id, clientId: row.client_id, name: row.name, enName: row.en_name,
    scopes: row.scopes.split(' ').filter((s) => allowed.has(s)), redirectUris,
  };
}

/** The client metadata oidc-provider reads from the adapter's Client model. */
export async function appClientMetadata(db: SsoDb, clientId: string): Promise<Record<string, unknown> | undefined> {
  const app = await findAppClient(db, clientId);
  if (!app) return undefined;
  return {
    client_id: app.clientId,
    client_name: app.name,
    redirect_uris: app.redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
    scope: [...APP_BASE_SCOPES, ...app.scopes].join(' '),
  };
}
