import type { ColumnType, Generated } from 'kysely';

/** Tables of the security gates and door counters (0040). */

export interface GatesTable {
  id: Generated<number>;
  school_id: number;
  branch_id: number;
  name: string;
  location: Generated<string>;
  /** What the controller sends as client_id at /oauth2/connect/token ("gate-…", unique). */
  client_id: string;
  /** SHA-256 of the secret (base64url); the secret itself is shown once and never stored. */
  secret_hash: string;
  secret_gen: Generated<number>;
  enabled: Generated<number>;
  last_seen_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

export interface GateEventsTable {
  id: Generated<number>;
  school_id: number;
  gate_id: number;
  branch_id: number;
  event_key: string;
  kind: 'in' | 'out' | 'alarm';
  /** People counted by an in/out event; 1 for an alarm. */
  count: number;
  /** The way the alarmed person went, when the controller knows it. */
  direction: string | null;
  tag_uid: string | null;
  barcode: string | null;
  afi: number | null;
  /** The copy the tag identified (by barcode, else RFID UID), null when none. */
  copy_id: number | null;
  /** 1: that copy was on loan when the alarm rang (a false alarm: the tag was not switched). */
  on_loan: number | null;
  at: string;
  day: string;
  hour: number;
  received_at: string;
}

/** Counts per gate and local hour (0040), kept with the events. */
export interface GateHoursTable {
  school_id: number;
  gate_id: number;
  branch_id: number;
  day: string;
  hour: number;
  n_in: number;
  n_out: number;
  n_alarm: number;
}
