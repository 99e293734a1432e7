import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Single-use download tickets (issue 6): `Download/GetTicket` issues one to a signed-in user for
 * a finished job of theirs; `Download/GetFile` serves the file once against it. Kept in the
 * database (not in memory) so a ticket issued by one gateway instance is honoured, once, by any.
 * Only hashes are stored: a copy of the table holds no usable ticket.
 */
export const migration: Migration = {
  id: '0010-download-tickets',
  async up(db, kind) {
    await withId(db.schema.createTable('download_tickets'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
      /** sha256 (base64url) of the ticket in the URL. */
      .addColumn('ticket_hash', 'varchar(64)', (c) => c.notNull().unique())
      /** sha256 (base64url) of the browser-binding cookie sent with the ticket. */
      .addColumn('binding_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('expires_at', 'varchar(40)', (c) => c.notNull())
      .addColumn('used_at', 'varchar(40)')
      .execute();
    await db.schema.createIndex('download_tickets_expiry_ix').on('download_tickets').column('expires_at').execute();
  },
};
