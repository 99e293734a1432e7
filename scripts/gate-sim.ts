// `npm run gate:sim -- --url http://127.0.0.1:8080 --client gate-… --secret … --gate 3`: a simulated
// security gate controller. It takes a client-credentials token with the gate's own credentials
// (registered at /entry-exit-records, shown once), then counts people going in and out at a rate
// and posts them in batches as a controller buffering between posts does; now and then an alarm
// with a tag's barcode or UID (give copies that are not on loan: --alarm-barcodes B1,B2 --alarm-uids U1).
// Options: --rate <events/s> (default 2), --duration <s> (default 60), --batch <events> (default 20),
// --alarm-every <n> (an alarm every n events, default 25; 0: none), --school <id> (SchoolID header, optional).
// The e2e test and the bench use its functions.
import { randomUUID } from 'node:crypto';
import { gateCalls, type GateEventInput } from '../src/shared/api/gate.ts';

export interface GateCredentials {
  url: string;
  clientId: string;
  secret: string;
}

/** A gate's token from /oauth2/connect/token (client credentials). */
export async function gateToken(c: GateCredentials): Promise<string> {
  const res = await fetch(`${c.url}/oauth2/connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.secret }),
  });
  const body = (await res.json()) as { access_token?: string; error_description?: string };
  if (!res.ok || !body.access_token) throw new Error(`token refused (${res.status}): ${body.error_description ?? ''}`);
  return body.access_token;
}

/** Posts one batch; the reply says how many were new and how many were already stored. */
export async function postEvents(url: string, token: string, gateId: number, events: GateEventInput[], school?: number): Promise<{ Accepted: number; Duplicates: number }> {
  const res = await fetch(`${url}${gateCalls.postEvents.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(school ? { schoolid: String(school) } : {}) },
    body: JSON.stringify({ GateID: gateId, Events: events }),
  });
  const body = (await res.json()) as { data?: { Accepted: number; Duplicates: number }; message?: string };
  if (!res.ok || !body.data) throw new Error(`batch refused (${res.status}): ${body.message ?? ''}`);
  return body.data;
}

export interface EventMix {
  /** An alarm every n events (0: none); the alarms cycle through the barcodes, then the UIDs. */
  alarmEvery: number;
  alarmBarcodes: readonly string[];
  alarmUids: readonly string[];
}

/**
 * `n` events ending at `until`, `stepMs` apart: mostly single entries and exits (a few more in
 * than out, as a library fills during the day), an alarm every `alarmEvery`.
 */
export function makeEvents(n: number, mix: EventMix, until = Date.now(), stepMs = 1000, seq = { i: 0 }): GateEventInput[] {
  const tags = [...mix.alarmBarcodes.map((b) => ({ Barcode: b })), ...mix.alarmUids.map((u) => ({ UID: u }))];
  return Array.from({ length: n }, (_, k) => {
    const i = seq.i++;
    const At = new Date(until - (n - 1 - k) * stepMs).toISOString();
    const EventID = `sim-${randomUUID()}`;
    if (mix.alarmEvery > 0 && tags.length && i % mix.alarmEvery === mix.alarmEvery - 1) {
      return { EventID, At, Type: 'alarm', Direction: 'out', AFI: 0x07, ...tags[Math.floor(i / mix.alarmEvery) % tags.length] };
    }
    return { EventID, At, Type: i % 5 < 3 ? 'in' : 'out', People: 1 + (i % 7 === 0 ? 1 : 0) };
  });
}

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
}

async function main(): Promise<void> {
  const url = (arg('url', process.env.LIB_GATEWAY_URL ?? 'http://127.0.0.1:8080') ?? '').replace(/\/$/, '');
  const clientId = arg('client');
  const secret = arg('secret');
  const gateId = Number(arg('gate'));
  if (!clientId || !secret || !Number.isInteger(gateId) || gateId <= 0) {
    console.error('usage: npm run gate:sim -- --url <gateway> --client <client id> --secret <secret> --gate <gate id> [--rate 2] [--duration 60] [--batch 20] [--alarm-every 25] [--alarm-barcodes B1,B2] [--alarm-uids U1]');
    process.exit(2);
  }
  const rate = Number(arg('rate', '2'));
  const duration = Number(arg('duration', '60'));
  const batch = Math.min(500, Math.max(1, Number(arg('batch', '20'))));
  const school = arg('school') ? Number(arg('school')) : undefined;
  const list = (k: string) => (arg(k) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const mix: EventMix = { alarmEvery: Number(arg('alarm-every', '25')), alarmBarcodes: list('alarm-barcodes'), alarmUids: list('alarm-uids') };
  let token = await gateToken({ url, clientId, secret });
  console.log(`gate ${gateId} at ${url}: ${rate} events/s for ${duration} s, posted ${batch} at a time`);
  const seq = { i: 0 };
  const total = Math.round(rate * duration);
  let sent = 0;
  const started = Date.now();
  while (sent < total) {
    const n = Math.min(batch, total - sent);
    // Wait until the batch's events have "happened" at the chosen rate.
    const due = started + ((sent + n) / rate) * 1000;
    await new Promise((r) => setTimeout(r, Math.max(0, due - Date.now())));
    const events = makeEvents(n, mix, Date.now(), 1000 / rate, seq);
    let res;
    try {
      res = await postEvents(url, token, gateId, events, school);
    } catch {
      // The token may have expired: a controller takes a new one and posts the same batch again.
      token = await gateToken({ url, clientId, secret });
      res = await postEvents(url, token, gateId, events, school);
    }
    sent += n;
    console.log(`${new Date().toLocaleTimeString()}  posted ${n}: ${res.Accepted} new, ${res.Duplicates} already stored (${sent}/${total})`);
  }
}

if (import.meta.main) await main();
