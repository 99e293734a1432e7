import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allCalls } from '../../shared/api/all-calls.ts';
import type { CallDef } from '../../shared/api/contract.ts';
import { badRequestDataSchema, envelopeSchema, ERROR_STATUSES, errorEnvelopeSchema, ServiceCode } from '../../shared/api/envelope.ts';
import { jobCalls } from '../../shared/api/jobs.ts';
import { readerCalls } from '../../shared/api/readers.ts';
import { translationCalls } from '../../shared/api/translation.ts';
import { uploadCalls } from '../../shared/api/upload.ts';
import { xlsxBase64 } from '../import/xlsx-fixture.ts';
import { DbWatch, type Changes } from '../testing/db-digest.ts';
import { callKey, formatCallGroup, formatReport, groupAcrossCalls, groupByCall, truncate, type Failure, type FailureKind } from '../testing/fuzz-report.ts';
import { useTestGateway } from '../testing/gateway-fixture.ts';
import { valuePoolsFrom, type SeededPools } from '../testing/value-pools.ts';
import { fuzzInputArbitrary } from '../testing/zod-arbitrary.ts';

/**
 * The contract fuzz (issue 6, section 3): every call of allCalls, with inputs generated from its
 * zod input schema plus edge values, sent through the in-process gateway as an administrator, a
 * reader and without a token. Per reply: no 5xx; a Content-Type; the documented body for the
 * status; a refused request changes no row; a reader changes no library data; a request without a
 * token changes nothing. A new call is fuzzed without a line here.
 *
 *   FUZZ_RUNS    inputs per call (each sent as the three principals); default 300
 *   FUZZ_SEED    the seed (printed on failure); a call's inputs depend only on it and the call id
 *   FUZZ_ONLY    comma-separated call ids, to replay one failure quickly (all calls otherwise)
 *   FUZZ_REPORT  a file to write the grouped failure report to (Markdown)
 *
 * Every call starts from the seeded database (tables it changed are restored), so a failure
 * reproduces with FUZZ_SEED and FUZZ_ONLY alone.
 */

const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 300));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
if (!Number.isSafeInteger(SEED)) throw new Error(`FUZZ_SEED must be an integer, not ${process.env.FUZZ_SEED}`);
const ONLY = (process.env.FUZZ_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const CALLS = ONLY.length ? allCalls.filter((c) => ONLY.includes(c.id)) : allCalls;

/**
 * Tables a request may change whoever sends it, and a refused one too: bookkeeping only, each with why.
 * (Failed sign-ins and lookups are counted in memory.) Keep it minimal: an entry here
 * is a table the "refused request changes no row" rule no longer watches.
 */
const BOOKKEEPING_TABLES: Record<string, string> = {
  operation_log: 'the audit trail: a refused desk transaction is recorded too, and every change is logged whoever made it',
  search_log: 'what the public catalogue was searched for (/search-mana): every first page of Search/Catalogue adds a row, anonymous searches too, and nothing reads it back into a reply',
};

/**
 * Tables no self-service call may change even on the caller's own rows: who holds which role.
 * (A reader granting themselves a role is the one change to "their own" rows that is not theirs to make.)
 */
const PRIVILEGE_TABLES = new Set(['user_roles', 'user_role_scopes']);

/**
 * What a reader's own request changes besides their own rows, call by call, each with why: the
 * portal's renewal and holds move a copy through the same state machine the desk uses (the copy
 * and the journal have no owner column of the reader's). Every other self-service call stays held
 * to "only the caller's rows".
 */
const SELF_SERVICE_EFFECTS: Record<string, Record<string, string>> = {
  'readerAccount.renew': {
    copies: 'the copy of the reader\'s own loan records its renewal (copy-change.ts)',
    circ_transactions: 'the desk journal of the reader\'s own loan (reader_id is the reader)',
  },
  'readerAccount.placeHold': { copies: 'a free copy is bound to the reader\'s new hold, to fetch (reserving)' },
  'readerAccount.cancelHold': { copies: 'the copy kept for the reader\'s cancelled hold goes to the next reader or back to the shelf' },
};

/** C0 and C1 controls (tab, line feed, carriage return allowed), bidi embeddings, overrides and isolates. */
const INVISIBLE_ANYWHERE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
/** Zero-width characters at either end of a text (inside, they join emoji and scripts). */
const ZERO_WIDTH_EDGE = /^[\u200b-\u200d\u2060\ufeff]|[\u200b-\u200d\u2060\ufeff]$/;

type PrincipalName = 'anonymous' | 'reader' | 'admin';
interface Principal {
  name: PrincipalName;
  token: string | null;
  school: number;
  userId: number | null;
  /** principalFingerprint() on the seeded data. */
  fingerprint?: string;
}

const LANGS = ['zh-CN', 'en-US'] as const;

/** Kinds whose failure may need data stored by earlier requests (the others follow from one reply). */
const STATEFUL_KINDS = new Set<FailureKind>(['server-error', 'success-envelope', 'refused-but-changed', 'reader-changed-library', 'anonymous-changed-data']);

/** A 32-bit seed per call: inputs of one call do not depend on which other calls run. */
function seedFor(callId: string): number {
  let h = SEED >>> 0;
  for (const ch of callId) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h | 0;
}

/** A library operation needs a permission; a call with none for signed-in users is self-service. */
const isSelfService = (call: CallDef) => !call.perm && (call.auth === 'user' || call.auth === 'client');

/** A 1×1 PNG: an image the upload call accepts. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * Rows and values the demo seed has none of, made through the API before the snapshot, so calls
 * that need them can succeed: a finished export job (GetProgress, StopProgress, its download), a
 * translation (Update/Delete), a small reader sheet and its preview token (ImportPreview/Commit),
 * an image (UploadImage, GetImage). Returns values for fields no table holds. Each step is only a
 * help: one that a contract change breaks is skipped (and said), never a reason to fuzz nothing.
 */
async function seedWhatTheDemoLacks(admin: Principal): Promise<Record<string, unknown[]>> {
  const as = async (call: CallDef, input: unknown) => {
    const { res } = await send(call, admin, input, 'zh-CN');
    if (res.statusCode !== 200) throw new Error(`${call.id} answered ${res.statusCode}: ${truncate(res.body, 200)}`);
    return res.json().data;
  };
  const values: Record<string, unknown[]> = {};
  const add = (field: string, v: unknown) => (values[field] ??= []).push(v);
  /** The parameters of a signed link (ID, Expires, Sig, School) as values of those fields. */
  const linkValues = (url: unknown) => {
    if (typeof url === 'string' && url.includes('?')) for (const [k, v] of new URL(url, 'http://x').searchParams) add(k, v);
  };
  const steps: Array<[string, () => Promise<void>]> = [
    ['translation', async () => void (await as(translationCalls.addTranslation, { Key: 'common:fuzz', ZhCN: '模糊测试', EnUS: 'Fuzz' }))],
    ['export job', async () => {
      const { DataID } = await as(readerCalls.exportReaders, {});
      await t.app.jobs.settled(DataID);
      linkValues((await as(jobCalls.getProgress, { DataID })).ResultFile);
    }],
    ['reader sheet', async () => {
      const sheet = await xlsxBase64(['读者证号', '账号', '姓名', '身份', '手机'], [
        ['FZ0001', 'fuzz01', '模糊一', '学生', '13800000001'],
        ['FZ0002', 'fuzz02', 'Fuzz Two', 'teacher', '13800000002'],
        ['', 'fuzz03', '无证号', '学生', '13800000003'],
      ]);
      add('Content', sheet);
      add('Token', (await as(readerCalls.importPreview, { FileName: '读者.xlsx', Content: sheet, Mode: 'upsert' })).Token);
    }],
    ['image', async () => {
      add('Content', TINY_PNG);
      linkValues((await as(uploadCalls.uploadImage, { FileName: 'fuzz.png', Content: TINY_PNG })).Url);
    }],
  ];
  for (const [name, step] of steps) {
    try {
      await step();
    } catch (err) {
      console.warn(`contract fuzz setup: no ${name} (${(err as Error).message}); calls that need one fuzz without it`);
    }
  }
  return values;
}

const t = useTestGateway({
  hooks: {
    beforeReady(app) {
      // The 500 handler answers a generic message: keep the real error for the report.
      app.addHook('onError', async (_request, _reply, error) => {
        lastServerError = error;
      });
    },
  },
});
let watch: DbWatch;
let pools: SeededPools;
let principals: Principal[];
let lastServerError: Error | null = null;
const allFailures: Failure[] = [];
let requests = 0;
const startedAt = Date.now();
/** Replies per principal and status class, and how many successful ones changed rows: how deep the inputs went. */
const stats = new Map<string, number>();
const count = (key: string) => stats.set(key, (stats.get(key) ?? 0) + 1);
/** Calls the administrator never got a 2xx from: where the generated inputs do not reach the end of the handler. */
const adminSucceeded = new Set<string>();

beforeAll(async () => {
  const sqlite = t.app.dbHandle.sqlite;
  if (!sqlite) throw new Error('the contract fuzz watches the SQLite database');
  const userOf = async (account: string) =>
    (await t.db.selectFrom('users').select(['id', 'school_id']).where('account', '=', account).executeTakeFirstOrThrow());
  const admin = await userOf('admin');
  const reader = await userOf('student');
  principals = [
    { name: 'anonymous', token: null, school: admin.school_id, userId: null },
    { name: 'reader', token: await t.tokenFor('student'), school: reader.school_id, userId: reader.id },
    { name: 'admin', token: await t.tokenFor('admin'), school: admin.school_id, userId: admin.id },
  ];
  const seeded = await seedWhatTheDemoLacks(principals.find((p) => p.name === 'admin')!);
  pools = valuePoolsFrom(sqlite);
  for (const [field, values] of Object.entries(seeded)) pools.add(field, values);
  watch = DbWatch.install(sqlite, join(t.config.dataDir, 'fuzz-snapshot.sqlite'));
  for (const p of principals) p.fingerprint = await principalFingerprint(p);
}, 120_000);

afterAll(async () => {
  const distinct = groupAcrossCalls(allFailures).length;
  const perCall = groupByCall(allFailures).length;
  const figures = [...stats].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => `${k} ${v}`).join(', ');
  const header = [
    `# Contract fuzz: ${distinct} distinct failures (${perCall} per call and principal, ${allFailures.length} failing replies)`,
    '',
    `FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}: ${CALLS.length} calls × ${RUNS} inputs × ${principals?.length ?? 3} principals = ${requests} requests in ${((Date.now() - startedAt) / 1000).toFixed(1)} s.`,
    `Replies: ${figures}.`,
    `Calls without any 2xx for the administrator: ${CALLS.filter((c) => !adminSucceeded.has(c.id)).map((c) => c.id).join(', ') || 'none'}.`,
    '',
    `Replay one call: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} FUZZ_ONLY=<call id> npx vitest run --config test/vitest.config.ts src/gateway/http/contract-fuzz.test.ts`,
  ].join('\n');
  const report = formatReport(allFailures, header);
  if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, report);
  console.info(allFailures.length ? report : header);
  // Before the fixture's own afterAll closes the gateway.
  watch?.dispose();
});

interface Sent {
  res: LightMyRequestResponse;
  serverError: Error | null;
}

/** GET values as a query string would carry them. */
function queryValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

async function send(call: CallDef, p: Principal, input: unknown, lang: string | undefined): Promise<Sent> {
  const headers: Record<string, string> = { schoolid: String(p.school) };
  if (p.token) headers.authorization = `Bearer ${p.token}`;
  if (lang) headers['accept-language'] = lang;
  lastServerError = null;
  requests++;
  let res: LightMyRequestResponse;
  if (call.method === 'GET') {
    if (input && typeof input === 'object' && !Array.isArray(input)) {
      const query: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(input)) {
        if (v === undefined) continue;
        query[k] = Array.isArray(v) ? v.map(queryValue) : queryValue(v);
      }
      res = await t.app.inject({ method: 'GET', url: call.path, query, headers });
    } else {
      res = await t.app.inject({ method: 'GET', url: `${call.path}?${encodeURIComponent(queryValue(input))}`, headers });
    }
  } else {
    // A string input is sent as the raw body (malformed JSON included); anything else as JSON.
    const payload = input === undefined ? undefined : typeof input === 'string' ? input : JSON.stringify(input);
    res = await t.app.inject({ method: 'POST', url: call.path, payload, headers: { ...headers, 'content-type': 'application/json' } });
  }
  return { res, serverError: lastServerError };
}

/** Jobs (exports) keep writing after their request answered: let them finish before comparing. */
async function settleJobs(): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const running = await t.db.selectFrom('jobs').select('data_id').where('state', '=', 1).execute();
    if (!running.length) return;
    await Promise.all(running.map((r) => t.app.jobs.settled(r.data_id)));
    // A row left "running" with no job behind it would never settle: the loop gives up after 50 turns.
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Who a signed-in principal is, as far as the checks rely on it: their permissions, scopes and
 * card state. The administrator's fuzzed requests may change them (assign the reader a role, edit
 * the reader role, delete the reader); the checks would then judge a reader who is no longer one.
 */
async function principalFingerprint(p: Principal): Promise<string> {
  if (p.userId == null) return '';
  t.app.permissions.forget(p.userId);
  const perms = await t.app.permissions.of(p.userId, p.school);
  const scope = await t.app.permissions.scope(p.userId, p.school);
  const user = await t.db.selectFrom('users').select(['id', 'school_id', 'status', 'identity', 'dept_id', 'expire_at']).where('id', '=', p.userId).executeTakeFirst();
  const list = (s: ReadonlySet<number> | null) => (s ? [...s].sort() : null);
  return JSON.stringify({
    all: perms.all, keys: [...perms.keys].sort(), user: user ?? null,
    branches: list(scope.branchIds), types: list(scope.resourceTypeIds),
    depts: [...scope.deptsByRole].map(([k, v]) => [k, [...v].sort()]).sort(),
  });
}

/** After a write: if a principal is no longer who they were, put the data back (rare; counted). */
async function keepPrincipals(): Promise<void> {
  for (const p of principals) {
    if (p.userId == null || (await principalFingerprint(p)) === p.fingerprint) continue;
    watch.restore();
    t.app.permissions.forget();
    count('principal restores');
    return;
  }
}

function invisibleKind(ch: string): string {
  const c = ch.codePointAt(0)!;
  if (c < 0x20 || c === 0x7f) return 'a control character of U+0000–U+001F';
  if (c <= 0x9f) return 'a control character of U+0080–U+009F';
  if ((c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return 'a bidi control';
  return 'a zero-width character at an end';
}

/** The first string in a reply's data with a character no stored text should keep. */
function firstInvisible(v: unknown, path = 'data'): { path: string; ch: string } | null {
  if (typeof v === 'string') {
    const m = INVISIBLE_ANYWHERE.exec(v) ?? ZERO_WIDTH_EDGE.exec(v);
    return m ? { path, ch: m[0] } : null;
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const r = firstInvisible(v[i], `${path}.${i}`);
      if (r) return r;
    }
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      const r = firstInvisible(x, `${path}.${k}`);
      if (r) return r;
    }
  }
  return null;
}

const issueText = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) =>
  issues.slice(0, 3).map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');

type Finding = Pick<Failure, 'kind' | 'detail' | 'message' | 'where'>;

/** Every check of one reply; returns what fails (kind + one-line detail). */
function checkReply(call: CallDef, p: Principal, input: unknown, sent: Sent, changes: Changes): Finding[] {
  const out: Finding[] = [];
  const { res } = sent;
  const status = res.statusCode;
  const ok = status >= 200 && status < 300;
  let body: unknown;
  let json = false;
  try {
    body = JSON.parse(res.body);
    json = true;
  } catch {
    body = undefined;
  }
  const message = json && body && typeof body === 'object' && 'message' in body ? String((body as { message: unknown }).message) : truncate(res.body, 120);

  if (status >= 500) {
    const err = sent.serverError;
    out.push({ kind: 'server-error', detail: err?.name ?? 'HTTP 5xx', message: err ? err.message.split('\n')[0] : message });
  }
  if (!res.headers['content-type']) out.push({ kind: 'no-content-type', detail: res.body.length ? 'no Content-Type' : 'no Content-Type (empty body)' });

  if (ok) {
    if (!call.raw) {
      const env = envelopeSchema(call.data).safeParse(body);
      if (!json) out.push({ kind: 'success-envelope', detail: 'body is not JSON' });
      else if (!env.success) out.push({ kind: 'success-envelope', detail: issueText(env.error.issues) });
      else if (env.data.code !== ServiceCode.ok || env.data.success !== true) {
        out.push({ kind: 'success-envelope', detail: `code ${env.data.code}, success ${env.data.success} with HTTP ${status}`, message });
      }
      if (json) {
        const bad = firstInvisible((body as { data?: unknown }).data);
        if (bad) {
          const hex = bad.ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
          const sent = JSON.stringify(input ?? null).includes(JSON.stringify(bad.ch).slice(1, -1)) || (typeof input === 'string' && input.includes(bad.ch));
          out.push({ kind: 'invisible-echo', detail: `${invisibleKind(bad.ch)} (U+${hex}) ${sent ? 'sent in this request' : 'stored by an earlier request'}`, where: bad.path });
        }
      }
    }
  } else if (status < 500) {
    if (!(ERROR_STATUSES as readonly number[]).includes(status)) out.push({ kind: 'undocumented-status', detail: `HTTP ${status}`, message });
    const env = errorEnvelopeSchema.safeParse(body);
    if (!json) out.push({ kind: 'error-envelope', detail: `body is not JSON: ${truncate(res.body, 80)}` });
    else if (!env.success) out.push({ kind: 'error-envelope', detail: issueText(env.error.issues) });
    else {
      const code = env.data.code;
      const codeOk = code === status || (status === 401 && (code === ServiceCode.tokenExpired || code === ServiceCode.signedOutElsewhere));
      if (!codeOk) out.push({ kind: 'error-envelope', detail: `code ${code} with HTTP ${status}` });
      if (status === 400) {
        const issues = badRequestDataSchema.safeParse(env.data.data);
        if (!issues.success) out.push({ kind: 'error-envelope', detail: 'without data.Issues', message });
      }
    }
  }

  // A body the server cannot read is refused before anyone is asked who sends it; a flood guard may answer first.
  const unreadable = call.method === 'POST' && typeof input === 'string' ? [400, 413, 415] : [];
  if (p.name === 'anonymous' && (call.auth === 'user' || call.auth === 'client') && ![401, 429, ...unreadable].includes(status)) {
    out.push({ kind: 'not-refused', detail: `HTTP ${status} without a token (expected 401)`, message });
  }
  if (p.name === 'reader' && call.perm && ![403, 429, ...unreadable].includes(status)) {
    out.push({ kind: 'not-refused', detail: `HTTP ${status} for a reader without "${call.perm}" (expected 403)`, message });
  }

  const changed = [...changes.keys()].filter((tbl) => !Object.hasOwn(BOOKKEEPING_TABLES, tbl));
  if (changed.length) {
    if (!ok) out.push({ kind: 'refused-but-changed', detail: `changed ${changed.join(', ')}` });
    else if (p.name === 'anonymous') out.push({ kind: 'anonymous-changed-data', detail: `changed ${changed.join(', ')}` });
    else if (p.name === 'reader') {
      if (!isSelfService(call)) out.push({ kind: 'reader-changed-library', detail: `changed ${changed.join(', ')}` });
      else {
        // Self-service: only rows that belong to the reader, never who holds which role.
        const effects = SELF_SERVICE_EFFECTS[call.id] ?? {};
        const others = changed.filter((tbl) => !Object.hasOwn(effects, tbl))
          .filter((tbl) => PRIVILEGE_TABLES.has(tbl) || [...changes.get(tbl)!].some((o) => o == null || Number(o) !== p.userId));
        if (others.length) out.push({ kind: 'reader-changed-library', detail: `self-service call changed rows of others in ${others.join(', ')}` });
      }
    }
  }
  return out;
}

describe(`contract fuzz (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS})`, () => {
  it('covers every call of the contract', () => {
    expect(CALLS.length).toBeGreaterThan(0);
    if (!ONLY.length) expect(CALLS.length).toBe(allCalls.length);
  });

  it.each(CALLS.map((c) => [c.id, c] as const))('%s', async (_id, call) => {
    // Each call starts from the seeded data, so a failure reproduces with FUZZ_ONLY alone.
    if (watch.restore().length) t.app.permissions.forget();
    const arb = fc.tuple(fuzzInputArbitrary(call.input, { pools, hint: call.id }), fc.constantFrom(...LANGS, undefined));
    const samples = fc.sample(arb, { seed: seedFor(call.id), numRuns: RUNS });
    const failures: Failure[] = [];
    let seq = 0;
    for (const [input, lang] of samples) {
      for (const p of principals) {
        seq++;
        const sent = await send(call, p, input, lang);
        await settleJobs();
        const changes = watch.collect();
        const status = sent.res.statusCode;
        count(`${p.name} ${status < 300 ? '2xx' : status < 500 ? '4xx' : '5xx'}`);
        if (status < 300 && changes.size) count(`${p.name} 2xx writes`);
        if (status < 300 && p.name === 'admin') adminSucceeded.add(call.id);
        for (const f of checkReply(call, p, input, sent, changes)) {
          failures.push({ ...f, call: call.id, principal: p.name, status, input, lang, reply: truncate(sent.res.body, 400), seq });
        }
        if (changes.size) await keepPrincipals();
      }
    }
    // Failures that may depend on what earlier requests stored: replay the example alone on the
    // seeded data, so the report says whether it reproduces by itself.
    for (const g of groupByCall(failures)) {
      const f = g.smallest;
      if (!STATEFUL_KINDS.has(f.kind)) continue;
      if (watch.restore().length) t.app.permissions.forget();
      const p = principals.find((x) => x.name === f.principal)!;
      const sent = await send(call, p, f.input, f.lang);
      await settleJobs();
      const alone = checkReply(call, p, f.input, sent, watch.collect()).some((x) => x.kind === f.kind);
      if (alone) f.alone = true;
      else for (const x of failures) if (callKey(x) === g.key) x.alone = false;
    }
    allFailures.push(...failures);
    const groups = groupByCall(failures);
    expect(groups.length, `FUZZ_SEED=${SEED} FUZZ_ONLY=${call.id}\n${groups.map(formatCallGroup).join('\n')}`).toBe(0);
  }, 120_000);
});

