import type { Migration } from '../migrate.ts';

/**
 * SSO storage (oidc-provider adapter). One table for every provider model (sessions, grants,
 * codes, tokens, interactions) so restarts keep sessions and refresh tokens, plus the grants
 * ended by a sign-out so the gateway can tell "signed out elsewhere" from "expired".
 * Times are epoch seconds (bigint) so the same migration runs on SQLite and PostgreSQL.
 */
export const migration: Migration = {
  id: '0002-sso',
  async up(db) {
    await db.schema
      .createTable('sso_models')
      .addColumn('model', 'varchar(64)', (c) => c.notNull())
      .addColumn('id', 'varchar(255)', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint')
      .addColumn('grant_id', 'varchar(255)')
      .addColumn('uid', 'varchar(255)')
      .addColumn('user_code', 'varchar(255)')
      .addColumn('consumed_at', 'bigint')
      // Refresh-token grace: the previous token may be presented once more (0/1).
      .addColumn('grace_used', 'integer', (c) => c.notNull().defaultTo(0))
      // Revoked by a sign-out: kept as a tombstone until expiry so the verifier can say 'signed-out'.
      .addColumn('revoked', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('sso_models_pk', ['model', 'id'])
      .execute();
    await db.schema.createIndex('sso_models_grant_id').on('sso_models').column('grant_id').execute();
    await db.schema.createIndex('sso_models_uid').on('sso_models').columns(['model', 'uid']).execute();
    await db.schema.createIndex('sso_models_user_code').on('sso_models').columns(['model', 'user_code']).execute();
    await db.schema.createIndex('sso_models_expires_at').on('sso_models').column('expires_at').execute();

    await db.schema
      .createTable('sso_ended_grants')
      .addColumn('grant_id', 'varchar(255)', (c) => c.primaryKey())
      .addColumn('account_id', 'varchar(64)')
      .addColumn('ended_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
  },
};

