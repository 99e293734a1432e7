import type Provider from 'oidc-provider';
import type { Principal, TokenVerifier } from '../access/principal.ts';
import type { SsoDb } from './sso-tables.ts';
import { FIRST_PARTY } from './client-ids.ts';
import { findAppClient } from './oauth-apps.ts';

const CACHE_MS = 5_000;
const CACHE_MAX = 10_000;

type Result = Principal | null | 'signed-out';

/**
 * Resolves opaque access tokens through the provider's own models (user tokens and
 * client-credentials tokens), with a short cache because it runs on every request.
 * A sign-out in this process drops the cached entries of that grant at once; another process
 * may keep serving a cached principal for up to CACHE_MS.
 */
export class SsoTokenVerifier implements TokenVerifier {
  private readonly provider: () => Promise<Provider>;
  private readonly db: SsoDb;
  private readonly cache = new Map<string, { value: Result; until: number }>();

  constructor(provider: () => Promise<Provider>, db: SsoDb) {
    this.provider = provider;
    this.db = db;
  }

  async verify(token: string): Promise<Result> {
    if (!token || token.length > 512) return null;
    const now = Date.now();
    const hit = this.cache.get(token);
    if (hit && hit.until > now) return hit.value;
    const value = await this.resolve(token);
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    // Only positive answers are cached: a token can turn bad (sign-out) but not good.
    if (value && value !== 'signed-out') this.cache.set(token, { value, until: now + CACHE_MS });
    else this.cache.delete(token);
    return value;
  }

  /** Forget cached principals of a grant (sign-out, revocation). */
  forgetGrant(grantId: string): void {
    for (const [k, v] of this.cache) if (v.value && v.value !== 'signed-out' && v.value.grantId === grantId) this.cache.delete(k);
  }

  /** Forget cached principals of a client (a third-party app switched off, changed or deleted). */
  forgetClient(clientId: string): void {
    for (const [k, v] of this.cache) if (v.value && v.value !== 'signed-out' && v.value.clientId === clientId) this.cache.delete(k);
  }

  clear(): void {
    this.cache.clear();
  }

  private async resolve(token: string): Promise<Result> {
    const provider = await this.provider();
    const at = await provider.AccessToken.find(token).catch(() => undefined);
    if (at && !at.isExpired) {
      const userId = Number(at.accountId);
      if (!Number.isInteger(userId)) return null;
      const user = await this.db
        .selectFrom('users')
        .select(['school_id', 'status'])
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user || user.status !== 'active') return null;
      if (at.grantId && (await this.isEnded(at.grantId))) return 'signed-out';
      // A third-party app's token: only while the app is switched on, and of its own school.
      const thirdParty = !FIRST_PARTY.has(at.clientId);
      if (thirdParty) {
        const app = await findAppClient(this.db, at.clientId);
        if (!app || app.schoolId !== Number(user.school_id)) return null;
      }
      return {
        kind: 'user',
        userId,
        schoolId: Number(user.school_id),
        clientId: at.clientId,
        scopes: (at.scope ?? '').split(' ').filter(Boolean),
        grantId: at.grantId ?? null,
        ...(thirdParty ? { thirdParty: true } : {}),
      };
    }
    const cc = await provider.ClientCredentials.find(token).catch(() => undefined);
    if (cc && !cc.isExpired) {
      const schoolId = Number(cc.extra?.school_id);
      if (!Number.isInteger(schoolId) || schoolId <= 0) return null;
      const deviceId = Number(cc.extra?.device_id);
      const device = cc.extra?.device === 'gate' && Number.isInteger(deviceId) && deviceId > 0
        ? { kind: 'gate' as const, id: deviceId, gen: Number(cc.extra?.device_gen) || 0 }
        : undefined;
      return {
        ...(device ? { device } : {}),
        kind: 'client',
        userId: null,
        schoolId,
        clientId: cc.clientId,
        scopes: (cc.scope ?? '').split(' ').filter(Boolean),
        grantId: null,
      };
    }
    // A revoked user token stays as a tombstone: was its grant ended by a sign-out?
    const tomb = await this.db
      .selectFrom('sso_models')
      .select('grant_id')
      .where('model', '=', 'AccessToken')
      .where('id', '=', token)
      .where('revoked', '=', 1)
      .executeTakeFirst();
    if (tomb?.grant_id && (await this.isEnded(tomb.grant_id))) return 'signed-out';
    return null;
  }

  private async isEnded(grantId: string): Promise<boolean> {
    const row = await this.db.selectFrom('sso_ended_grants').select('grant_id').where('grant_id', '=', grantId).executeTakeFirst();
    return !!row;
  }
}
