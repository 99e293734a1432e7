import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Third-party apps a school lets its users connect to their library account (/connect/oauth):
 * OAuth public clients (authorization code + PKCE, no secret), each with its return addresses and
 * the scopes it may ask for. The SSO reads them as clients of their own (sso/oauth-apps.ts); the
 * user consents per app on /connect/oauth and can end the connection on /connect/unoauth.
 */
export const migration: Migration = {
  id: '0045-oauth-apps',
  async up(db, kind) {
    await withId(db.schema.createTable('oauth_apps'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('en_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      // JSON array of absolute addresses, compared exactly by the provider.
      .addColumn('redirect_uris', 'varchar(3000)', (c) => c.notNull())
      // Space-separated library.* scopes it may ask for.
      .addColumn('scopes', 'varchar(200)', (c) => c.notNull())
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('oauth_apps_school_ix').on('oauth_apps').columns(['school_id']).execute();
  },
};
