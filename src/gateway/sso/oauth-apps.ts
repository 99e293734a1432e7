import { APP_SCOPES, type AppScope } from '../../shared/api/contract.ts';
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

export interface AppClient { id: number; schoolId: number; clientId: string; name: string; enName: string; scopes: AppScope[]; redirectUris: string[] }

const KNOWN_SCOPES = new Set<string>(APP_SCOPES);
/** The library.* scopes of a row's column (unknown words dropped). */
export const appScopesOf = (column: string): AppScope[] => column.split(' ').filter((s): s is AppScope => KNOWN_SCOPES.has(s));

/** The return addresses of a row's JSON column; a damaged one has none, so no flow can finish through it. */
export function redirectUrisOf(column: string): string[] {
  try {
    const v = JSON.parse(column) as unknown;
    return Array.isArray(v) ? v.filter((u): u is string => typeof u === 'string') : [];
  } catch {
    return [];
  }
}

export async function findAppClient(db: SsoDb, clientId: string): Promise<AppClient | null> {
  if (!isAppClientId(clientId)) return null;
  const row = await db.selectFrom('oauth_apps').selectAll().where('client_id', '=', clientId).where('enabled', '=', 1).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id, schoolId: row.school_id, clientId: row.client_id, name: row.name, enName: row.en_name,
    scopes: appScopesOf(row.scopes), redirectUris: redirectUrisOf(row.redirect_uris),
  };
}

/** The live grants of an app (each user's connection to it), from the provider's stored models. */
export async function appGrants(db: SsoDb, clientId: string): Promise<Array<{ grantId: string; accountId: string | null }>> {
  const rows = await db.selectFrom('sso_models').select(['id', 'payload']).where('model', '=', 'Grant')
    .where('payload', 'like', `%"clientId":"${clientId}"%`).execute();
  return rows
    .map((r) => ({ id: r.id, p: JSON.parse(r.payload) as { clientId?: string; accountId?: string } }))
    .filter((r) => r.p.clientId === clientId)
    .map((r) => ({ grantId: r.id, accountId: r.p.accountId ?? null }));
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
