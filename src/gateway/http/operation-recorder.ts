import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CallDef } from '../../shared/api/contract.ts';
import type { OperationResult } from '../../shared/api/operation-log.ts';
import type { Principal } from '../access/principal.ts';
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

async function record(o: LoggedCall, outcome: Outcome, ms: number): Promise<void> {
  const { app, call, principal, schoolId } = o;
  try {
    const user = principal.userId == null
      ? null
      : await app.db.selectFrom('users').select(['name', 'account', 'reader_id']).where('id', '=', principal.userId).executeTakeFirst();
    await app.db.insertInto('operation_log').values({
      school_id: schoolId,
      at: new Date().toISOString(),
      user_id: principal.userId,
      user_name: clip(user?.name ?? '', 100),
      user_account: clip(user ? user.account || user.reader_id : principal.clientId, 100),
      workstation: workstationOf(o.request),
      ip: clip(o.request.ip ?? '', 64),
      domain: call.id.split('.')[0]!,
      call_id: call.id,
      target: describeTarget(o.input),
      result: outcome.result,
      message_key: outcome.key,
      message_params: JSON.stringify(outcome.params),
      duration_ms: Math.round(ms),
    }).execute();
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
