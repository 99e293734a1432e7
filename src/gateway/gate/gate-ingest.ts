import { sql, type Insertable, type Kysely } from 'kysely';
import type { GateEvent } from '../../shared/api/gate.ts';
import type { Database } from '../db/schema.ts';
import type { GateEventsTable } from '../db/schema-gate.ts';
import { writeTx } from '../db/connect.ts';

type Db = Kysely<Database>;
type Event = GateEvent;

export interface IngestGate {
  id: number;
  schoolId: number;
  branchId: number;
}

/** The school's local day (yyyy-mm-dd) and hour (0–23) of an instant. */
export function localDayHour(iso: string, utcOffsetMinutes: number): { day: string; hour: number } {
  const local = new Date(Date.parse(iso) + utcOffsetMinutes * 60_000).toISOString();
  return { day: local.slice(0, 10), hour: Number(local.slice(11, 13)) };
}

/**
 * The copies the alarms' tags name: by the barcode in the tag's data first (what the school wrote
 * on it), else by the tag's UID (copies.rfid, stored upper case), and whether each was on loan.
 */
async function identify(db: Db, schoolId: number, alarms: Event[]): Promise<Map<Event, { copyId: number; onLoan: boolean }>> {
  const out = new Map<Event, { copyId: number; onLoan: boolean }>();
  const barcodes = [...new Set(alarms.map((e) => e.Barcode).filter((b): b is string => !!b))];
  const uids = [...new Set(alarms.map((e) => e.UID?.toUpperCase()).filter((u): u is string => !!u))];
  if (!barcodes.length && !uids.length) return out;
  const copies = await db.selectFrom('copies').select(['id', 'barcode', 'rfid']).where('school_id', '=', schoolId)
    .where((eb) => eb.or([
      ...(barcodes.length ? [eb('barcode', 'in', barcodes)] : []),
      ...(uids.length ? [eb('rfid', 'in', uids)] : []),
    ])).execute();
  if (!copies.length) return out;
  const open = await db.selectFrom('loans').select('copy_id').where('school_id', '=', schoolId)
    .where('copy_id', 'in', copies.map((c) => c.id)).where('returned_at', 'is', null).execute();
  const lent = new Set(open.map((l) => l.copy_id));
  const byBarcode = new Map(copies.map((c) => [c.barcode, c.id]));
  const byUid = new Map(copies.filter((c) => c.rfid).map((c) => [c.rfid!, c.id]));
  for (const e of alarms) {
    const copyId = (e.Barcode && byBarcode.get(e.Barcode)) || (e.UID && byUid.get(e.UID.toUpperCase())) || null;
    if (copyId) out.set(e, { copyId, onLoan: lent.has(copyId) });
  }
  return out;
}

/**
 * Stores a controller's batch. Each event is keyed by (gate, EventID): an event posted again (a
 * retried batch, or one sent twice inside a batch) is skipped by the unique index, not counted
 * twice, and the reply says how many were new. One write transaction for the batch.
 */
export async function ingestEvents(db: Db, gate: IngestGate, events: Event[], utcOffsetMinutes: number, now = new Date()): Promise<{ Accepted: number; Duplicates: number }> {
  const received = now.toISOString();
  const found = await identify(db, gate.schoolId, events.filter((e) => e.Type === 'alarm'));
  const rows: Insertable<GateEventsTable>[] = events.map((e) => {
    const at = new Date(Date.parse(e.At)).toISOString();
    const { day, hour } = localDayHour(at, utcOffsetMinutes);
    const alarm = e.Type === 'alarm';
    const copy = found.get(e);
    return {
      school_id: gate.schoolId, gate_id: gate.id, branch_id: gate.branchId, event_key: e.EventID, kind: e.Type,
      count: alarm ? 1 : e.People,
      direction: alarm ? e.Direction ?? null : null,
      tag_uid: alarm ? e.UID?.toUpperCase() ?? null : null,
      barcode: alarm ? e.Barcode ?? null : null,
      afi: alarm ? e.AFI ?? null : null,
      copy_id: copy?.copyId ?? null,
      on_loan: copy ? (copy.onLoan ? 1 : 0) : null,
      at, day, hour, received_at: received,
    };
  });
  const accepted = await writeTx(db, async (trx) => {
    // Only the events new to the table count towards the hours (the unique index skips the rest).
    const fresh: { day: string; hour: number; kind: string; count: number }[] = [];
    // 500 rows × 16 columns stays under both dialects' parameter limits.
    for (let i = 0; i < rows.length; i += 500) {
      const ins = await trx.insertInto('gate_events').values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['gate_id', 'event_key']).doNothing()).returning(['day', 'hour', 'kind', 'count']).execute();
      fresh.push(...ins);
    }
    const hours = new Map<string, { day: string; hour: number; n_in: number; n_out: number; n_alarm: number }>();
    for (const e of fresh) {
      const key = `${e.day} ${e.hour}`;
      let h = hours.get(key);
      if (!h) hours.set(key, (h = { day: e.day, hour: e.hour, n_in: 0, n_out: 0, n_alarm: 0 }));
      if (e.kind === 'in') h.n_in += e.count;
      else if (e.kind === 'out') h.n_out += e.count;
      else h.n_alarm += 1;
    }
    const hourRows = [...hours.values()].map((h) => ({ school_id: gate.schoolId, gate_id: gate.id, branch_id: gate.branchId, ...h }));
    for (let i = 0; i < hourRows.length; i += 500) {
      await trx.insertInto('gate_hours').values(hourRows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['gate_id', 'day', 'hour']).doUpdateSet((eb) => ({
          n_in: eb('gate_hours.n_in', '+', eb.ref('excluded.n_in')),
          n_out: eb('gate_hours.n_out', '+', eb.ref('excluded.n_out')),
          n_alarm: eb('gate_hours.n_alarm', '+', eb.ref('excluded.n_alarm')),
        }))).execute();
    }
    await trx.updateTable('gates').set({ last_seen_at: received }).where('id', '=', gate.id).execute();
    return fresh.length;
  });
  return { Accepted: accepted, Duplicates: events.length - accepted };
}

/**
 * Recounts a school's gate_hours from its events (events written other than through the ingest:
 * the demo seed, the bench's fixture, a repair after a manual correction).
 */
export async function rebuildGateHours(db: Db, schoolId: number): Promise<void> {
  await writeTx(db, async (trx) => {
    await trx.deleteFrom('gate_hours').where('school_id', '=', schoolId).execute();
    await trx.insertInto('gate_hours').columns(['school_id', 'gate_id', 'branch_id', 'day', 'hour', 'n_in', 'n_out', 'n_alarm'])
      .expression(trx.selectFrom('gate_events').where('school_id', '=', schoolId)
        .select((eb) => [
          'school_id', 'gate_id', eb.fn.max('branch_id').as('branch_id'), 'day', 'hour',
          sql<number>`sum(case when kind = 'in' then count else 0 end)`.as('n_in'),
          sql<number>`sum(case when kind = 'out' then count else 0 end)`.as('n_out'),
          sql<number>`sum(case when kind = 'alarm' then 1 else 0 end)`.as('n_alarm'),
        ])
        .groupBy(['school_id', 'gate_id', 'day', 'hour']))
      .execute();
  });
}
