import { gateCalls as C } from '../../src/shared/api/gate.ts';
import { refreshPlannerStatistics } from '../../src/gateway/db/planner-statistics.ts';
import type { TestApp } from '../../src/gateway/testing/test-app.ts';
import { makeTestApp } from '../../src/gateway/testing/test-app.ts';
import { localDayHour, rebuildGateHours } from '../../src/gateway/gate/gate-ingest.ts';
import { makeEvents } from '../gate-sim.ts';
import { pct } from './percentile.ts';
import { schoolDayOf } from './school-day.ts';

/**
 * Security gates at the gateway: ingest throughput of controllers' batches (500 events each,
 * through the token and the whole call) and the p95 of the statistic and the door's counts on a
 * busy school's three years of gate events (`perDay` events a day on two gates, written directly).
 */
export async function measureGate(t: TestApp, opts: { perDay?: number; ingest?: number; school?: number } = {}): Promise<Record<string, number>> {
  const perDay = opts.perDay ?? 300;
  const ingest = opts.ingest ?? 20_000;
  const school = opts.school ?? 1;
  const db = t.app.db;
  const admin = await t.tokenFor('admin');
  const branch = (await db.selectFrom('branches').select('id').where('school_id', '=', school).orderBy('id').executeTakeFirstOrThrow()).id;
  const gates: { id: number; clientId: string; secret: string }[] = [];
  for (const name of ['bench-east', 'bench-west']) {
    const r = (await t.call(C.saveGate, { Name: name, BranchID: branch }, { token: admin })).json().data;
    gates.push({ id: r.Gate.ID, clientId: r.ClientID, secret: r.ClientSecret });
  }

  // Three years of history, written directly (the fixture, not the measure).
  const now = Date.now();
  const days = 3 * 365;
  let seed = 11;
  const rnd = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  let rows: object[] = [];
  let history = 0;
  for (let d = days; d >= 1; d--) {
    for (let k = 0; k < perDay; k++) {
      const at = new Date(now - d * 86_400_000 + Math.floor((7 + rnd() * 11) * 3_600_000)).toISOString();
      const { day, hour } = localDayHour(at, 480);
      const g = gates[k % 2]!;
      const kind = k % 40 === 39 ? 'alarm' : k % 2 ? 'out' : 'in';
      rows.push({ school_id: school, gate_id: g.id, branch_id: branch, event_key: `h${d}-${k}`, kind, count: 1, at, day, hour, received_at: at });
      if (rows.length === 1000) {
        await db.insertInto('gate_events').values(rows as never).execute();
        history += rows.length;
        rows = [];
      }
    }
  }
  if (rows.length) await db.insertInto('gate_events').values(rows as never).execute();
  history += rows.length;
  await rebuildGateHours(db, school);
  if (t.app.dbHandle.sqlite) refreshPlannerStatistics(t.app.dbHandle);

  // Ingest: each gate takes its token and posts batches of 500 through the gateway.
  const out: Record<string, number> = { history };
  const tokens = await Promise.all(gates.map(async (g) => {
    const r = await t.app.inject({ method: 'POST', url: '/oauth2/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: g.clientId, client_secret: g.secret }).toString() });
    return r.json().access_token as string;
  }));
  const mix = { alarmEvery: 50, alarmBarcodes: [], alarmUids: ['E0040000DEADBEEF'] };
  const batchMs: number[] = [];
  const started = performance.now();
  for (let sent = 0, i = 0; sent < ingest; sent += 500, i++) {
    const g = i % 2;
    const events = makeEvents(500, mix, now - 60_000, 50);
    const a = performance.now();
    const r = await t.call(C.postEvents, { GateID: gates[g]!.id, Events: events }, { token: tokens[g]! });
    batchMs.push(performance.now() - a);
    if (r.statusCode !== 200) throw new Error(`ingest: ${r.body.slice(0, 200)}`);
  }
  out['ingest.perSec'] = ingest / ((performance.now() - started) / 1000);
  out['ingest.batch.p95'] = pct(batchMs, 0.95);

  const day = await schoolDayOf(t, school);
  const cases = {
    'hour.month': { Unit: 'hour', DateFrom: day(now - 30 * 86_400_000), DateTo: day(now) },
    'day.year': { Unit: 'day', DateFrom: day(now - 365 * 86_400_000), DateTo: day(now) },
    'month.3years': { Unit: 'month', DateFrom: day(now - days * 86_400_000), DateTo: day(now) },
  } as const;
  for (const [name, input] of Object.entries(cases)) {
    const xs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const a = performance.now();
      const r = await t.call(C.getStatistic, { ...input, ...(i % 2 ? { GateID: gates[0]!.id } : {}) }, { token: admin });
      xs.push(performance.now() - a);
      if (r.statusCode !== 200) throw new Error(`statistic ${name}: ${r.body.slice(0, 200)}`);
    }
    out[`stat.${name}.p95`] = pct(xs, 0.95);
  }
  const door: number[] = [];
  for (let i = 0; i < 20; i++) {
    const a = performance.now();
    await t.call(C.getPublicCounts, {}, { school });
    door.push(performance.now() - a);
  }
  out['door.p95'] = pct(door, 0.95);
  return out;
}

if (import.meta.main) {
  const t = await makeTestApp({});
  try {
    console.log(await measureGate(t, { perDay: Number(process.env.BENCH_GATE_PER_DAY ?? 300), ingest: Number(process.env.BENCH_GATE_INGEST ?? 20_000) }));
  } finally {
    await t.close();
  }
}
