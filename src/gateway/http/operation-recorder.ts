import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallDef } from '../../shared/api/contract.ts';
import type { OperationResult } from '../../shared/api/operation-log.ts';
import type { Principal } from '../access/principal.ts';
import { writeTx } from '../db/connect.ts';
import { prepared } from '../db/prepared.ts';
import { probeWrites, type WriteProbe } from '../db/write-probe.ts';
import { AppError } from './app-error.ts';

/**
 * Writes the operation log (shared/api/operation-log.ts): a signed-in caller's call is logged when
 * it changed data (the write probe saw an INSERT, UPDATE or DELETE), and a call marked
 * `log: 'always'` (the desk) also when it was refused. Validation, sign-in and permission
 * refusals happen before the handler and are not operations. Logging follows the call's own
 * transaction: a failure to log is reported on the console and never turns a done call into an error.
 */

const SECRET_KEY = /pass|pwd|psw|pin|secret|token|captcha|otp|verifier|credential/i;
const SKIPPED_KEYS = new Set(['Page', 'Rows']);
const MAX_VALUE = 60;
const MAX_TARGET = 600;
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

function clip(s: string, max: number): string {
  const clean = s.replace(CONTROL, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}

function valueText(v: unknown): string | null {
  if (v == null || v === '') return null;
  if (typeof v === 'string') return clip(v, MAX_VALUE);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) {
    const items = v.map(valueText).filter((x): x is string => x != null);
    if (!items.length) return v.length ? `[${v.length}]` : null;
    const shown = items.slice(0, 5).join(', ');
    return items.length > 5 ? `${clip(shown, MAX_VALUE)} … (${items.length})` : clip(shown, MAX_VALUE);
  }
  return null;
}

/**
 * What the call acted on, from its validated input: its scalar fields and short lists
 * ("Barcode=T0001 · UserID=5"), paging left out, secrets never written (the key is kept, so the log
 * still says a password was set). Nested objects are left out: the target names, it does not copy.
 */
export function describeTarget(input: unknown): string {
  if (input == null || typeof input !== 'object' || Array.isArray(input)) return valueText(input) ?? '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(input)) {
    if (SKIPPED_KEYS.has(k)) continue;
    if (SECRET_KEY.test(k)) {
      if (v != null && v !== '') parts.push(`${k}=***`);
      continue;
    }
    const text = valueText(v);
    if (text != null) parts.push(`${k}=${text}`);
  }
  return clip(parts.join(' · '), MAX_TARGET);
}

/** The workstation name the client sends (X-Workstation, from its settings), cleaned; '' when none. */
export function workstationOf(request: FastifyRequest): string {
  const raw = request.headers['x-workstation'];
  const v = Array.isArray(raw) ? raw[0] : raw;
  if (!v) return '';
  // Header values are Latin-1 on the wire; the client sends the name URI-encoded so Chinese survives.
  let name = v;
  try {
    name = decodeURIComponent(v);
  } catch {
    // not encoded: taken as sent
  }
  return clip(name, 64);
}

interface Outcome {
  result: OperationResult;
  key: string;
  params: Record<string, unknown>;
}

function outcomeOf(err: unknown): Outcome {
  if (err instanceof AppError && err.status < 500) {
    // A desk refusal carries every reason with its key: the first is kept, so each viewer reads it in their language.
    const reasons = (err.data as { Reasons?: unknown[] } | null)?.Reasons;
    const params = Array.isArray(reasons) && reasons[0] ? { ...err.params, reason: undefined, firstReason: reasons[0] } : err.params;
    return { result: 'refused', key: err.key, params };
  }
  return { result: 'failed', key: 'errors:server', params: {} };
}

export interface LoggedCall {
  app: FastifyInstance;
  call: CallDef;
  request: FastifyRequest;
  principal: Principal;
  schoolId: number;
  input: unknown;
}

/** The row's own values; who (name and account) is read from users in the same statement. */
type Row = {
  schoolId: number; at: string; userId: number | null; workstation: string; ip: string; domain: string; callId: string;
  target: string; result: string; messageKey: string; messageParams: string; durationMs: number; fallbackAccount: string;
};

// One statement per logged call, compiled once (db/prepared.ts): the desk logs every transaction.
// A signed-in user's name and account are copied from users; a client token has neither, so its
// account is its client id (the left join keeps the row).
const insertRow = prepared((db, p: Row) => db.insertInto('operation_log')
  .columns(['school_id', 'at', 'user_id', 'user_name', 'user_account', 'workstation', 'ip', 'domain', 'call_id', 'target', 'result', 'message_key', 'message_params', 'duration_ms'])
  .expression(db.selectFrom('schools as s')
    .leftJoin('users as u', (j) => j.on('u.id', '=', p.userId))
    .select((eb) => [
      eb.val(p.schoolId).as('school_id'), eb.val(p.at).as('at'), eb.val(p.userId).as('user_id'),
      eb.fn.coalesce('u.name', eb.val('')).as('user_name'),
      eb.fn.coalesce(eb.fn('nullif', ['u.account', eb.val('')]), 'u.reader_id', eb.val(p.fallbackAccount)).as('user_account'),
      eb.val(p.workstation).as('workstation'), eb.val(p.ip).as('ip'), eb.val(p.domain).as('domain'), eb.val(p.callId).as('call_id'),
      eb.val(p.target).as('target'), eb.val(p.result).as('result'), eb.val(p.messageKey).as('message_key'),
      eb.val(p.messageParams).as('message_params'), eb.val(p.durationMs).as('duration_ms'),
    ])
    .where('s.id', '=', p.schoolId)));

/**
 * Rows of calls that end in the same turn of the event loop are written in one transaction (a
 * busy desk's calls end together): one commit for all of them, not one each. Each call still
 * waits for its row to be written before it answers.
 */
const batches = new WeakMap<FastifyInstance, { rows: Row[]; written: Promise<void> }>();

function writeLater(app: FastifyInstance, row: Row): Promise<void> {
  let batch = batches.get(app);
  if (!batch) {
    const rows: Row[] = [];
    const written = new Promise<void>((resolve) => {
      setImmediate(() => {
        batches.delete(app);
        void writeRows(app, rows).finally(resolve);
      });
    });
    batches.set(app, (batch = { rows, written }));
  }
  batch.rows.push(row);
  return batch.written;
}

async function writeRows(app: FastifyInstance, rows: readonly Row[]): Promise<void> {
  try {
    if (rows.length === 1) await insertRow.run(app.db, rows[0]!);
    else {
      await writeTx(app.db, async (trx) => {
        for (const r of rows) await insertRow.run(trx, r);
      });
    }
  } catch (err) {
    console.error(`gateway: the operation log could not record ${rows.map((r) => r.callId).join(', ')}:`, err instanceof Error ? err.message : err);
  }
}

async function record(o: LoggedCall, outcome: Outcome, ms: number): Promise<void> {
  const { app, call, principal, schoolId } = o;
  try {
    await writeLater(app, {
      schoolId, at: new Date().toISOString(), userId: principal.userId, workstation: workstationOf(o.request), ip: clip(o.request.ip ?? '', 64),
      domain: call.id.split('.')[0]!, callId: call.id, target: describeTarget(o.input), result: outcome.result, messageKey: outcome.key,
      messageParams: JSON.stringify(outcome.params), durationMs: Math.round(ms), fallbackAccount: clip(principal.clientId, 100),
    });
  } catch (err) {
    console.error(`gateway: the operation log could not record ${call.id}:`, err instanceof Error ? err.message : err);
  }
}

/** Whether calls of this kind by this caller go through `runLogged`. */
export function isLogged(call: CallDef, principal: Principal | null, schoolId: number | null): boolean {
  return call.log !== 'never' && call.method !== 'GET' && !call.raw && principal != null && schoolId != null;
}

/** Runs the handler under a write probe and logs it as described above. */
export async function runLogged<T>(o: LoggedCall, handler: () => Promise<T>): Promise<T> {
  const probe: WriteProbe = { wrote: false };
  const t0 = performance.now();
  let out: T;
  try {
    out = await probeWrites(probe, handler);
  } catch (err) {
    if (o.call.log === 'always') await record(o, outcomeOf(err), performance.now() - t0);
    throw err;
  }
  if (probe.wrote || o.call.log === 'always') await record(o, { result: 'ok', key: '', params: {} }, performance.now() - t0);
  return out;
}
