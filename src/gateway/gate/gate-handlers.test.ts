import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { gateCalls as C, type GateEventInput } from '../../shared/api/gate.ts';
import { downloadJobFile, pollJob } from '../testing/job-files.ts';
import { useTestGateway, type TestGateway } from '../testing/gateway-fixture.ts';

/** A gate registered by the admin, with its credentials as shown once. */
async function registerGate(t: TestGateway, name: string, who = 'admin', school = 1) {
  const [branch] = await t.db.selectFrom('branches').select('id').where('school_id', '=', school).orderBy('id').execute();
  return t.data(C.saveGate, { Name: name, BranchID: branch!.id, Location: '一楼大门' }, who);
}

async function token(t: TestGateway, clientId: string, secret: string) {
  const res = await t.app.inject({
    method: 'POST', url: '/oauth2/connect/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }).toString(),
  });
  return { status: res.statusCode, body: res.json() as { access_token?: string; scope?: string; error?: string } };
}

function post(t: TestGateway, tok: string | null, GateID: number, Events: GateEventInput[], school?: number) {
  return t.call(C.postEvents, { GateID, Events }, { token: tok, school });
}

describe('security gates', () => {
  const t = useTestGateway();

  it('registers a gate with its secret shown once (stored hashed) and issues its token only for the right secret', async () => {
    const made = await registerGate(t, '测试门A');
    expect(made.ClientID).toMatch(/^gate-/);
    expect(made.ClientSecret).toHaveLength(43);
    const row = await t.db.selectFrom('gates').selectAll().where('id', '=', made.Gate.ID).executeTakeFirstOrThrow();
    expect(row.secret_hash).not.toContain(made.ClientSecret!);
    const list = await t.data(C.getGates, {}, 'admin');
    expect(JSON.stringify(list)).not.toContain(made.ClientSecret!);
    expect(list.find((g) => g.ID === made.Gate.ID)).toMatchObject({ Name: '测试门A', Location: '一楼大门', Enabled: true, LastSeenAt: null });
    // Editing keeps the secret (and shows none).
    const edited = await t.data(C.saveGate, { ID: made.Gate.ID, Name: '测试门A', BranchID: made.Gate.BranchID, Location: '东门' }, 'admin');
    expect(edited.ClientSecret).toBeNull();

    const bad = await token(t, made.ClientID, 'wrong-secret');
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe('invalid_client');
    expect((await token(t, 'gate-nosuchgate', made.ClientSecret!)).status).toBe(401);
    const ok = await token(t, made.ClientID, made.ClientSecret!);
    expect(ok.status).toBe(200);
    expect(ok.body.scope).toBe('gate');
    expect(await t.app.tokens.verify(ok.body.access_token!)).toMatchObject({ kind: 'client', schoolId: 1, device: { kind: 'gate', id: made.Gate.ID } });
    // A reader may not register gates.
    expect((await t.fail(C.saveGate, { Name: 'x', BranchID: made.Gate.BranchID }, 'student')).status).toBe(403);
  });

  it('accepts events only from the gate\'s own token, for its own gate and school', async () => {
    const a = await registerGate(t, '测试门B');
    const b = await registerGate(t, '测试门C');
    const tokA = (await token(t, a.ClientID, a.ClientSecret!)).body.access_token!;
    const ev: GateEventInput[] = [{ EventID: 'x1', At: new Date().toISOString(), Type: 'in' }];
    expect((await post(t, null, a.Gate.ID, ev)).statusCode).toBe(401);
    expect((await post(t, await t.tokenFor('admin'), a.Gate.ID, ev)).statusCode).toBe(403);
    expect((await post(t, t.clientToken(1), a.Gate.ID, ev)).statusCode).toBe(403);
    expect((await post(t, tokA, b.Gate.ID, ev)).statusCode).toBe(403);
    // The SchoolID header must be the token's school.
    expect((await post(t, tokA, a.Gate.ID, ev, 2)).statusCode).toBe(403);
    expect((await post(t, tokA, a.Gate.ID, ev, 1)).statusCode).toBe(200);
    // Bounded: an empty batch, a bad type, a batch over 500.
    expect((await post(t, tokA, a.Gate.ID, [])).statusCode).toBe(400);
    expect((await post(t, tokA, a.Gate.ID, [{ ...ev[0]!, Type: 'jump' as never }])).statusCode).toBe(400);
    expect((await post(t, tokA, a.Gate.ID, Array.from({ length: 501 }, (_, i) => ({ ...ev[0]!, EventID: `m${i}` })))).statusCode).toBe(400);
    // A new secret outdates every earlier token at once; so does disabling the gate.
    const reset = await t.data(C.resetSecret, { ID: a.Gate.ID }, 'admin');
    expect((await post(t, tokA, a.Gate.ID, ev)).statusCode).toBe(401);
    expect((await token(t, a.ClientID, a.ClientSecret!)).status).toBe(401);
    const tokA2 = (await token(t, a.ClientID, reset.ClientSecret!)).body.access_token!;
    expect((await post(t, tokA2, a.Gate.ID, ev)).statusCode).toBe(200);
    await t.data(C.saveGate, { ID: a.Gate.ID, Name: '测试门B', BranchID: a.Gate.BranchID, Enabled: false }, 'admin');
    expect((await post(t, tokA2, a.Gate.ID, ev)).statusCode).toBe(401);
    expect((await token(t, a.ClientID, reset.ClientSecret!)).status).toBe(401);
  });

  it('counts a retried batch once, identifies alarmed copies, and its figures match counts made independently', async () => {
    const g = await registerGate(t, '测试门D');
    const tok = (await token(t, g.ClientID, g.ClientSecret!)).body.access_token!;
    const lent = await t.db.selectFrom('loans').innerJoin('copies', 'copies.id', 'loans.copy_id').innerJoin('titles', 'titles.id', 'copies.title_id')
      .select(['copies.barcode', 'titles.title']).where('loans.school_id', '=', 1).where('loans.returned_at', 'is', null).executeTakeFirstOrThrow();
    const free = await t.db.selectFrom('copies').innerJoin('titles', 'titles.id', 'copies.title_id').select(['copies.id', 'copies.barcode', 'titles.title'])
      .where('copies.school_id', '=', 1).where('copies.circ_state', '=', 'available').executeTakeFirstOrThrow();
    await t.db.updateTable('copies').set({ rfid: 'E0040150AABBCC01' }).where('id', '=', free.id).execute();
    // Beijing time (the demo school's offset): 09:xx and 15:xx on 2026-03-02, one event on 03-03.
    const at = (day: string, hm: string) => `${day}T${hm}:00+08:00`;
    const batch: GateEventInput[] = [
      { EventID: 'e1', At: at('2026-03-02', '09:05'), Type: 'in', People: 3 },
      { EventID: 'e2', At: at('2026-03-02', '09:40'), Type: 'in', People: 2 },
      { EventID: 'e3', At: at('2026-03-02', '15:10'), Type: 'out', People: 4 },
      // The same event twice in one batch counts once.
      { EventID: 'e3', At: at('2026-03-02', '15:10'), Type: 'out', People: 4 },
      { EventID: 'e4', At: at('2026-03-03', '00:30'), Type: 'in', People: 1 },
      { EventID: 'a1', At: at('2026-03-02', '15:11'), Type: 'alarm', Direction: 'out', Barcode: lent.barcode, AFI: 0x07 },
      { EventID: 'a2', At: at('2026-03-02', '15:12'), Type: 'alarm', Direction: 'out', UID: 'e0040150aabbcc01' },
      { EventID: 'a3', At: at('2026-03-02', '15:13'), Type: 'alarm', UID: 'DEADBEEF' },
    ];
    const first = await post(t, tok, g.Gate.ID, batch);
    expect(first.json().data).toEqual({ Accepted: 7, Duplicates: 1 });
    // The controller did not get the reply and posts the whole batch again, plus one new event.
    const again = await post(t, tok, g.Gate.ID, [...batch, { EventID: 'e5', At: at('2026-03-02', '09:59'), Type: 'out', People: 1 }]);
    expect(again.json().data).toEqual({ Accepted: 1, Duplicates: 8 });

    // Expected figures from the posted events themselves (unique EventIDs), not from the store.
    const unique = new Map([...batch, { EventID: 'e5', At: at('2026-03-02', '09:59'), Type: 'out' as const, People: 1 }].map((e) => [e.EventID, e]));
    const sum = (type: string, pred: (e: GateEventInput) => boolean) => [...unique.values()].filter((e) => e.Type === type && pred(e)).reduce((n, e) => n + (type === 'alarm' ? 1 : Number(e.People ?? 1)), 0);
    const onDay = (d: string) => (e: GateEventInput) => e.At.startsWith(d);
    const inHour = (h: string) => (e: GateEventInput) => e.At.startsWith('2026-03-02') && e.At.slice(11, 13) === h;

    const days = await t.data(C.getStatistic, { DateFrom: '2026-03-01', DateTo: '2026-03-03', Unit: 'day', GateID: g.Gate.ID }, 'admin');
    expect(days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03'].map((d) => ({ Period: d, In: sum('in', onDay(d)), Out: sum('out', onDay(d)), Alarms: sum('alarm', onDay(d)) })));
    expect(days[1]).toEqual({ Period: '2026-03-02', In: 5, Out: 5, Alarms: 3 });
    const hours = await t.data(C.getStatistic, { DateFrom: '2026-03-02', DateTo: '2026-03-02', Unit: 'hour', GateID: g.Gate.ID }, 'admin');
    expect(hours).toHaveLength(24);
    for (const h of ['00', '09', '15']) expect(hours.find((r) => r.Period === `${h}:00`)).toEqual({ Period: `${h}:00`, In: sum('in', inHour(h)), Out: sum('out', inHour(h)), Alarms: sum('alarm', inHour(h)) });
    const months = await t.data(C.getStatistic, { DateFrom: '2026-02-15', DateTo: '2026-04-01', Unit: 'month', GateID: g.Gate.ID }, 'admin');
    expect(months).toEqual([
      { Period: '2026-02', In: 0, Out: 0, Alarms: 0 },
      { Period: '2026-03', In: sum('in', () => true), Out: sum('out', () => true), Alarms: 3 },
      { Period: '2026-04', In: 0, Out: 0, Alarms: 0 },
    ]);
    // The same sums straight from the table with SQL of our own.
    const raw = await t.db.selectFrom('gate_events').select(['kind', 'count']).where('gate_id', '=', g.Gate.ID).execute();
    expect(raw.filter((r) => r.kind === 'in').reduce((n, r) => n + r.count, 0)).toBe(months[1]!.In);
    expect((await t.fail(C.getStatistic, { DateFrom: '2026-03-02', DateTo: '2026-03-01' }, 'admin')).status).toBe(400);
    // Without dates: the last 14 days to the school's today (Beijing time, not the server's).
    const recent = await t.data(C.getStatistic, {}, 'admin');
    const today = new Date(Date.now() + 480 * 60_000).toISOString().slice(0, 10);
    expect(recent).toHaveLength(14);
    expect(recent.at(-1)!.Period).toBe(today);
    expect((await t.fail(C.getStatistic, { DateFrom: '2020-01-01', DateTo: '2026-03-01' }, 'admin')).status).toBe(400);

    const alarms = await t.data(C.getAlarms, { Page: 1, Rows: 10, GateID: g.Gate.ID }, 'admin');
    expect(alarms.Total).toBe(3);
    expect(alarms.List.map((a) => [a.Barcode, a.Title, a.OnLoan])).toEqual([
      ['', '', 'unknown'],
      [free.barcode, free.title, 'no'],
      [lent.barcode, lent.title, 'yes'],
    ]);
    expect(alarms.List[0]).toMatchObject({ UID: 'DEADBEEF', AFI: '' });
    expect(alarms.List[2]).toMatchObject({ AFI: '0x07', Direction: 'out' });
    expect((await t.data(C.getAlarms, { Page: 1, Rows: 10, GateID: g.Gate.ID, IdentifiedOnly: true }, 'admin')).Total).toBe(2);

    const events = await t.data(C.getEvents, { Page: 1, Rows: 50, GateID: g.Gate.ID, Type: 'in' }, 'admin');
    expect(events.Total).toBe(3);
    expect((await t.data(C.getEvents, { Page: 1, Rows: 50, GateID: g.Gate.ID, DateFrom: '2026-03-03' }, 'admin')).Total).toBe(1);
    expect((await t.data(C.getGates, {}, 'admin')).find((x) => x.ID === g.Gate.ID)!.LastSeenAt).not.toBeNull();

    // Another school sees none of it.
    expect((await t.data(C.getEvents, { Page: 1, Rows: 50, GateID: g.Gate.ID }, 'admin2')).Total).toBe(0);

    // The export of the statistic: headers in the caller's language, the same figures.
    const admin = await t.tokenFor('admin');
    const job = await t.data(C.exportStatistic, { DateFrom: '2026-03-01', DateTo: '2026-03-03', Unit: 'day', GateID: g.Gate.ID }, { as: 'admin', lang: 'en-US' });
    await pollJob(t, job.DataID, admin);
    const file = await downloadJobFile(t, job.DataID, admin);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Period', 'Entries', 'Exits', 'Alarms']);
    expect(sheet.getRow(3).values).toEqual([undefined, '2026-03-02', 5, 5, 3]);
  });

  it('shows the door\'s counts without sign-in (SchoolID header): numbers only, today and this week', async () => {
    const g = await registerGate(t, '测试门E');
    const tok = (await token(t, g.ClientID, g.ClientSecret!)).body.access_token!;
    const before = await t.data(C.getPublicCounts, {}, { school: 1 });
    const now = new Date().toISOString();
    await post(t, tok, g.Gate.ID, [
      { EventID: 'p1', At: now, Type: 'in', People: 7 },
      { EventID: 'p2', At: now, Type: 'out', People: 2 },
    ]);
    const after = await t.data(C.getPublicCounts, {}, { school: 1 });
    expect(after.TodayIn - before.TodayIn).toBe(7);
    expect(after.TodayOut - before.TodayOut).toBe(2);
    expect(after.WeekIn - before.WeekIn).toBe(7);
    expect(after.Occupancy).toBe(Math.max(0, after.TodayIn - after.TodayOut));
    expect(Object.keys(after).sort()).toEqual(['BranchName', 'Day', 'Occupancy', 'TodayIn', 'TodayOut', 'WeekFrom', 'WeekIn']);
    const branch = await t.data(C.getPublicCounts, { BranchID: g.Gate.BranchID }, { school: 1 });
    expect(branch.BranchName).not.toBe('');
    expect((await t.fail(C.getPublicCounts, {}, null)).status).toBe(400);
    // Another school's branch is not found through this school's header.
    const [other] = await t.db.selectFrom('branches').select('id').where('school_id', '=', 2).execute();
    expect((await t.fail(C.getPublicCounts, { BranchID: other!.id }, { school: 1 })).status).toBe(404);
  });
});
