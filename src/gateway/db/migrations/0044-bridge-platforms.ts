import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Sign-in hand-off from a school platform (/bridge): the platforms a school trusts to say who a
 * user is, each with the Ed25519 public key its tickets are signed with (sso/bridge-tickets.ts).
 * Only the public key is stored: nothing here lets anyone forge a ticket. `key_id` is what the
 * platform writes as the ticket's issuer. A ticket is good once: its id is kept until it expires.
 */
export const migration: Migration = {
  id: '0044-bridge-platforms',
  async up(db, kind) {
    await withId(db.schema.createTable('bridge_platforms'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('key_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('public_key', 'varchar(2000)', (c) => c.notNull())
      .addColumn('allow_staff', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('last_used_at', 'varchar(40)')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('updated_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('bridge_platforms_school_ix').on('bridge_platforms').columns(['school_id']).execute();
    await db.schema.createTable('bridge_tickets_used')
      .addColumn('platform_id', 'integer', (c) => c.notNull().references('bridge_platforms.id').onDelete('cascade'))
      .addColumn('jti', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('bridge_tickets_used_pk', ['platform_id', 'jti'])
      .execute();
    await db.schema.createIndex('bridge_tickets_used_exp_ix').on('bridge_tickets_used').columns(['expires_at']).execute();
  },
};
