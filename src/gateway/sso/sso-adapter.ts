import { appClientMetadata } from './oauth-apps.ts';
import { epochNow, type SsoDb } from './sso-tables.ts';

/** What oidc-provider stores through its adapter interface. */
export type AdapterPayload = Record<string, unknown> & {
  grantId?: string;
  uid?: string;
  userCode?: string;
  consumed?: number;
};

export interface AdapterOptions {
  /** Seconds a rotated refresh token still works, once (concurrent windows, a lost response). */
  refreshGraceSeconds: number;
}

/**
 * oidc-provider adapter on the gateway database (Kysely: SQLite or PostgreSQL).
 * Refresh-token grace lives here because the provider revokes the whole grant as soon as a
 * consumed refresh token comes back; for `refreshGraceSeconds` after its first use we hand the
 * token out once more as unconsumed, later reuse stays "consumed" and the provider revokes.
 */
export class SsoAdapter {
  readonly db: SsoDb;
  readonly model: string;
  readonly opts: AdapterOptions;

  constructor(db: SsoDb, model: string, opts: AdapterOptions) {
    this.db = db;
    this.model = model;
    this.opts = opts;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: JSON.stringify(payload),
      expires_at: typeof expiresIn === 'number' ? epochNow() + expiresIn : null,
      grant_id: payload.grantId ?? null,
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
    };
    await this.db
      .insertInto('sso_models')
      .values({ model: this.model, id, ...row, consumed_at: null, grace_used: 0, revoked: 0 })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    // Third-party apps are clients kept in their own table (sso/oauth-apps.ts).
    if (this.model === 'Client') return (await appClientMetadata(this.db, id)) as AdapterPayload | undefined;
    const row = await this.db
      .selectFrom('sso_models')
      .select(['payload', 'expires_at', 'consumed_at', 'grace_used', 'revoked'])
      .where('model', '=', this.model)
      .where('id', '=', id)
      .executeTakeFirst();
    return this.toPayload(id, row);
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('sso_models')
      .select(['id', 'payload', 'expires_at', 'consumed_at', 'grace_used', 'revoked'])
      .where('model', '=', this.model)
      .where('uid', '=', uid)
      .executeTakeFirst();
    return row ? this.toPayload(row.id, row) : undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('sso_models')
      .select(['id', 'payload', 'expires_at', 'consumed_at', 'grace_used', 'revoked'])
      .where('model', '=', this.model)
      .where('user_code', '=', userCode)
      .executeTakeFirst();
    return row ? this.toPayload(row.id, row) : undefined;
  }

  async consume(id: string): Promise<void> {
    // Keep the first consumption time: the grace window counts from it.
    const now = epochNow();
    const row = await this.db
      .selectFrom('sso_models')
      .select('consumed_at')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || row.consumed_at != null) return;
    await this.db
      .updateTable('sso_models')
      .set({ consumed_at: now })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db.deleteFrom('sso_models').where('model', '=', this.model).where('id', '=', id).execute();
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    if (this.model === 'AccessToken') {
      // Tombstone: unusable at once, but the verifier can still tell which grant it belonged to.
      await this.db
        .updateTable('sso_models')
        .set({ revoked: 1 })
        .where('model', '=', this.model)
        .where('grant_id', '=', grantId)
        .execute();
      return;
    }
    await this.db.deleteFrom('sso_models').where('model', '=', this.model).where('grant_id', '=', grantId).execute();
  }

  private async toPayload(
    id: string,
    row: { payload: string; expires_at: number | null; consumed_at: number | null; grace_used: number; revoked: number } | undefined,
  ): Promise<AdapterPayload | undefined> {
    if (!row || Number(row.revoked) === 1) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    if (row.consumed_at == null) return payload;
    const consumedAt = Number(row.consumed_at);
    if (this.model === 'RefreshToken' && Number(row.grace_used) === 0 && epochNow() - consumedAt <= this.opts.refreshGraceSeconds) {
      // Claim the single grace use atomically; a concurrent second claimer sees it consumed.
      const res = await this.db
        .updateTable('sso_models')
        .set({ grace_used: 1 })
        .where('model', '=', this.model)
        .where('id', '=', id)
        .where('grace_used', '=', 0)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 1) return payload;
    }
    return { ...payload, consumed: consumedAt };
  }
}

/** Drops rows that expired (with a margin for clock tolerance) and old ended-grant marks. */
export async function purgeExpired(db: SsoDb, marginSeconds = 300): Promise<void> {
  const limit = epochNow() - marginSeconds;
  await db.deleteFrom('sso_models').where('expires_at', 'is not', null).where('expires_at', '<', limit).execute();
  await db.deleteFrom('sso_ended_grants').where('expires_at', '<', limit).execute();
}
