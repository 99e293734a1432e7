/**
 * Failures of the contract fuzz: one record per failing reply, grouped into distinct failures,
 * each shown with its smallest input. Two groupings: per call (the failing test's message) and
 * across calls (the report: one defect of a shared piece shows once, with every call it hits).
 */

export const FAILURE_KINDS = {
  'server-error': 'HTTP 5xx',
  'no-content-type': 'reply without a Content-Type',
  'undocumented-status': 'status outside ERROR_STATUSES',
  'success-envelope': '2xx reply does not match envelopeSchema(call.data) with code 0',
  'error-envelope': 'error reply does not match errorEnvelopeSchema (a 400 carries data.Issues; the code repeats the status)',
  'not-refused': 'a caller without the right was not refused (no token → 401 on a signed-in call, reader → 403 on a call with a permission)',
  'refused-but-changed': 'a refused request changed rows',
  'reader-changed-library': 'a reader changed library data',
  'anonymous-changed-data': 'a request without a token changed rows',
  'invisible-echo': 'a 2xx reply carries control, bidi or edge zero-width characters (text stored as sent)',
} as const;
export type FailureKind = keyof typeof FAILURE_KINDS;

export interface Failure {
  kind: FailureKind;
  call: string;
  principal: string;
  status: number;
  /** What is wrong, in one line (server error, schema issue, tables changed). */
  detail: string;
  input: unknown;
  reply: string;
}

export interface FailureGroup {
  key: string;
  /** The failing example with the shortest input. */
  smallest: Failure;
  count: number;
  /** Call → principals, for groups across calls. */
  calls: Map<string, Set<string>>;
}

export const truncate = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/** JSON that shows invisible characters as escapes (a report must not hide what it is about). */
export function showInput(v: unknown, n = 300): string {
  let s: string;
  try {
    s = v === undefined ? '(no body)' : (JSON.stringify(v) ?? String(v));
  } catch {
    s = String(v);
  }
  s = s.replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return truncate(s, n);
}

const inputSize = (f: Failure) => showInput(f.input, 1e9).length;

function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
  return out;
}

/**
 * What identifies a failure: its detail without what varies between examples — text echoed from
 * the input (a name in "no such account: 张三"), numbers and ids, long quoted values.
 */
export function normalise(f: Failure): string {
  let d = f.detail;
  const echoed = strings(f.input).filter((s) => s.length >= 2 || /[^\x20-\x7e]/.test(s)).sort((a, b) => b.length - a.length);
  for (const s of echoed) if (d.includes(s)) d = d.split(s).join('…');
  return d.replace(/\d+/g, '#').replace(/"[^"]{20,}"/g, '"…"').slice(0, 200);
}

function group(failures: readonly Failure[], keyOf: (f: Failure) => string): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const f of failures) {
    const key = keyOf(f);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, smallest: f, count: 0, calls: new Map() }));
    g.count++;
    if (inputSize(f) < inputSize(g.smallest)) g.smallest = f;
    let ps = g.calls.get(f.call);
    if (!ps) g.calls.set(f.call, (ps = new Set()));
    ps.add(f.principal);
  }
  return [...groups.values()].sort((a, b) =>
    a.smallest.kind.localeCompare(b.smallest.kind) || b.calls.size - a.calls.size || a.key.localeCompare(b.key));
}

/** Distinct failures of one call: kind, principal, status and message. */
export const groupByCall = (failures: readonly Failure[]) =>
  group(failures, (f) => [f.kind, f.call, f.principal, f.status, normalise(f)].join(' | '));

/** Distinct failures across calls: kind, status and message (the calls and principals listed). */
export const groupAcrossCalls = (failures: readonly Failure[]) =>
  group(failures, (f) => [f.kind, f.status, normalise(f)].join(' | '));

export function formatCallGroup(g: FailureGroup): string {
  const f = g.smallest;
  return [
    `- [${f.kind}] ${f.call} as ${f.principal} → ${f.status}: ${f.detail} (${g.count}×)`,
    `    input: ${showInput(f.input)}`,
    `    reply: ${truncate(f.reply, 300)}`,
  ].join('\n');
}

function formatAcrossGroup(g: FailureGroup): string {
  const f = g.smallest;
  const calls = [...g.calls].map(([c, ps]) => `${c} (${[...ps].sort().join(', ')})`).join(', ');
  return [
    `- **${f.status}** ${normalise(f)} — ${g.calls.size} call${g.calls.size > 1 ? 's' : ''}, ${g.count} replies`,
    `    - calls: ${calls}`,
    `    - e.g. ${f.call} as ${f.principal}: input \`${showInput(f.input, 240)}\``,
    `    - reply: \`${truncate(f.reply, 240)}\``,
  ].join('\n');
}

/** The whole report as Markdown, by kind, each failure once with every call it hits. */
export function formatReport(failures: readonly Failure[], header: string): string {
  const groups = groupAcrossCalls(failures);
  const lines = [header, ''];
  for (const kind of Object.keys(FAILURE_KINDS) as FailureKind[]) {
    const of = groups.filter((g) => g.smallest.kind === kind);
    if (!of.length) continue;
    lines.push(`## ${kind}: ${FAILURE_KINDS[kind]} — ${of.length} distinct`, '');
    for (const g of of) lines.push(formatAcrossGroup(g));
    lines.push('');
  }
  return lines.join('\n');
}
