import type { Migration } from '../migrate.ts';
import { withId } from '../column-helpers.ts';

/**
 * Security gates and door counters (issue 11): the gates a school registered, each a device client
 * of its own (client id + a hashed secret), and what their controllers posted. An event is one
 * count of entries or exits (a controller may post several people in one event) or one alarm.
 * `event_key` is the controller's own id of the event: unique per gate, so a batch posted again
 * after a lost reply adds nothing. `day` and `hour` are the school's local day and hour at the
 * event, so the statistic per hour, day and month is a GROUP BY on indexed columns on both
 * dialects. An alarm keeps the tag's UID, barcode and AFI as read, the copy they identify and
 * whether that copy was on loan at the moment (the state changes later; the record must not).
 */
export const migration: Migration = {
  id: '0040-gate',
  async up(db, kind) {
    await withId(db.schema.createTable('gates'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('branch_id', 'integer', (c) => c.notNull().references('branches.id'))
      .addColumn('name', 'varchar(50)', (c) => c.notNull())
      .addColumn('location', 'varchar(100)', (c) => c.notNull().defaultTo(''))
      .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('secret_hash', 'varchar(128)', (c) => c.notNull())
      // Raised when the secret is reset: tokens issued for an older secret stop working at once.
      .addColumn('secret_gen', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('last_seen_at', 'varchar(40)')
      .addColumn('created_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('gates_school_ix').on('gates').columns(['school_id', 'branch_id']).execute();

    await withId(db.schema.createTable('gate_events'), kind)
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('gate_id', 'integer', (c) => c.notNull().references('gates.id'))
      .addColumn('branch_id', 'integer', (c) => c.notNull())
      .addColumn('event_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('kind', 'varchar(8)', (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .addColumn('direction', 'varchar(8)')
      .addColumn('tag_uid', 'varchar(64)')
      .addColumn('barcode', 'varchar(64)')
      .addColumn('afi', 'integer')
      .addColumn('copy_id', 'integer')
      .addColumn('on_loan', 'integer')
      .addColumn('at', 'varchar(40)', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('hour', 'integer', (c) => c.notNull())
      .addColumn('received_at', 'varchar(40)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('gate_events_key_ux').on('gate_events').columns(['gate_id', 'event_key']).unique().execute();
    // The event log's period filter.
    await db.schema.createIndex('gate_events_day_ix').on('gate_events').columns(['school_id', 'day']).execute();
    // The event log and the alarm list, newest first.
    await db.schema.createIndex('gate_events_list_ix').on('gate_events').columns(['school_id', 'kind', 'id']).execute();

    // The counts per gate and local hour, kept by the ingest in the same transaction as the events:
    // the statistic and the door's counts read a few rows per gate and day instead of every event
    // (three years of a busy door are a million events; their hours, twenty thousand rows).
    await db.schema.createTable('gate_hours')
      .addColumn('school_id', 'integer', (c) => c.notNull().references('schools.id'))
      .addColumn('gate_id', 'integer', (c) => c.notNull().references('gates.id'))
      .addColumn('branch_id', 'integer', (c) => c.notNull())
      .addColumn('day', 'varchar(10)', (c) => c.notNull())
      .addColumn('hour', 'integer', (c) => c.notNull())
      .addColumn('n_in', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('n_out', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('n_alarm', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('gate_hours_pk', ['gate_id', 'day', 'hour'])
      .execute();
    await db.schema.createIndex('gate_hours_day_ix').on('gate_hours').columns(['school_id', 'day', 'hour', 'branch_id', 'gate_id', 'n_in', 'n_out', 'n_alarm']).execute();
  },
};
