import { hashDeviceSecret } from '../security/device-secrets.ts';
import { Prng } from './prng.ts';
import type { Row, Tables } from './demo-data.ts';

/**
 * Security gates of the demo seed: two gates at each school's first library with the last 30
 * days of entries and exits (counted per gate and hour, the way a controller buffering for an
 * hour posts them; a school day's peaks before classes, at lunch and after school; weekends
 * quiet) and a few alarms, some of a copy on loan (its tag not switched at the desk), some of
 * a copy not lent, one of a tag of no copy. Its own PRNG, so the rest of the demo data stays as it
 * was. The demo gates' credentials are fixed (README: trying `npm run gate:sim`); a real gate's
 * secret is random and shown once.
 */

/** The demo schools' calendars are Beijing time (borrow-rules-data.ts). */
const OFFSET = 480;
const DAYS = 30;
/** People entering per hour (07:00–18:00) on a school day. */
const HOURLY = [18, 26, 8, 10, 6, 30, 22, 8, 10, 24, 16, 6];

export const DEMO_GATES = [
  { school: 1, name: '一楼正门', location: '图书馆一楼入口', clientId: 'gate-demo-s1-main', secret: 'demo-gate-secret-s1-main' },
  { school: 1, name: '二楼阅览室门', location: '二楼阅览室', clientId: 'gate-demo-s1-reading', secret: 'demo-gate-secret-s1-reading' },
  { school: 2, name: 'Main door', location: 'Ground floor', clientId: 'gate-demo-s2-main', secret: 'demo-gate-secret-s2-main' },
] as const;

export function addGateData(tables: Tables, now: Date): void {
  const rows = (t: string): Row[] => {
    let list = tables.get(t);
    if (!list) tables.set(t, (list = []));
    return list;
  };
  const rng = new Prng(0x6a7e0011);
  const created = new Date(now.getTime() - (DAYS + 5) * 86_400_000).toISOString();
  let gateId = 1;
  let eventId = 1;
  for (const g of DEMO_GATES) {
    const branch = rows('branches').filter((b) => b.school_id === g.school).map((b) => Number(b.id)).sort((a, b) => a - b)[0];
    if (branch == null) continue;
    const id = gateId++;
    const busy = g.name.includes('阅览') ? 0.4 : 1;
    rows('gates').push({
      id, school_id: g.school, branch_id: branch, name: g.name, location: g.location, client_id: g.clientId,
      secret_hash: hashDeviceSecret(g.secret), secret_gen: 1, enabled: 1, last_seen_at: now.toISOString(), created_at: created,
    });
    const hours = new Map<string, Row>();
    const put = (day: string, hour: number, kind: 'in' | 'out' | 'alarm', count: number, at: string, extra: Row = {}) => {
      rows('gate_events').push({
        id: eventId, school_id: g.school, gate_id: id, branch_id: branch, event_key: `demo-${eventId}`, kind, count,
        direction: null, tag_uid: null, barcode: null, afi: null, copy_id: null, on_loan: null, ...extra,
        at, day, hour, received_at: at,
      });
      eventId++;
      const key = `${day} ${hour}`;
      let h = hours.get(key);
      if (!h) hours.set(key, (h = { school_id: g.school, gate_id: id, branch_id: branch, day, hour, n_in: 0, n_out: 0, n_alarm: 0 }));
      const col = kind === 'in' ? 'n_in' : kind === 'out' ? 'n_out' : 'n_alarm';
      h[col] = Number(h[col]) + count;
    };
    const localNow = new Date(now.getTime() + OFFSET * 60_000);
    for (let d = DAYS; d >= 0; d--) {
      const local = new Date(localNow.getTime() - d * 86_400_000);
      const day = local.toISOString().slice(0, 10);
      const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6;
      HOURLY.forEach((base, i) => {
        const hour = 7 + i;
        // Today only up to the hour that has passed.
        if (d === 0 && hour >= local.getUTCHours()) return;
        const n = Math.round(base * busy * (weekend ? 0.15 : 1) * (0.7 + rng.next() * 0.6));
        if (!n) return;
        // The hour's count posted at its end (UTC instant of local hour:59).
        const at = new Date(Date.parse(`${day}T${String(hour).padStart(2, '0')}:59:00Z`) - OFFSET * 60_000).toISOString();
        put(day, hour, 'in', n, at);
        // Most who came in this hour leave within it or the next; the rest by closing.
        put(day, hour, 'out', Math.max(0, n - rng.int(0, 3)), at);
      });
    }
    // Alarms at the main doors: copies on loan (tag not switched) and copies not lent, plus one unknown tag.
    if (busy === 1) {
      const copies = rows('copies').filter((c) => c.school_id === g.school);
      const open = new Set(rows('loans').filter((l) => l.school_id === g.school && l.returned_at == null).map((l) => Number(l.copy_id)));
      const lent = copies.filter((c) => open.has(Number(c.id))).slice(0, 4);
      const shelf = copies.filter((c) => !open.has(Number(c.id)) && c.circ_state === 'available').slice(0, 4);
      const alarms = [...lent.map((c) => [c, 1] as const), ...shelf.map((c) => [c, 0] as const), [null, null] as const];
      // Oldest first, as a gate posts them (the lists show the newest first by the order received).
      alarms.forEach(([c, onLoan], i) => {
        const local = new Date(localNow.getTime() - (1 + (alarms.length - 1 - i) * 3) * 86_400_000);
        const day = local.toISOString().slice(0, 10);
        const hour = 8 + (i * 5) % 9;
        const at = new Date(Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(10 + i).padStart(2, '0')}:00Z`) - OFFSET * 60_000).toISOString();
        put(day, hour, 'alarm', 1, at, c
          ? { direction: 'out', barcode: String(c.barcode), afi: onLoan ? 0xc2 : 0x07, copy_id: Number(c.id), on_loan: onLoan, tag_uid: `E004${rng.digits(12)}` }
          : { direction: 'out', tag_uid: `E004${rng.digits(12)}`, afi: 0x07 });
      });
    }
    rows('gate_hours').push(...hours.values());
  }
  // Ids in the order the events happened, as controllers posting every hour would have them.
  const events = rows('gate_events').sort((a, b) => String(a.at).localeCompare(String(b.at)) || Number(a.id) - Number(b.id));
  events.forEach((e, i) => { e.id = i + 1; e.event_key = `demo-${i + 1}`; });
}
