import type { Insertable, Kysely } from 'kysely';
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
    let n = 0;
    // 500 rows × 16 columns stays under both dialects' parameter limits.
    for (let i = 0; i < rows.length; i += 500) {
      const ins = await trx.insertInto('gate_events').values(rows.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['gate_id', 'event_key']).doNothing()).returning('id').execute();
      n += ins.length;
    }
    await trx.updateTable('gates').set({ last_seen_at: received }).where('id', '=', gate.id).execute();
    return n;
  });
  return { Accepted: accepted, Duplicates: events.length - accepted };
}
