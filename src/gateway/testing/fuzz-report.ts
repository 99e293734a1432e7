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
  /** What is wrong, in one line, in the harness's words (schema issue, tables changed, error class). */
  detail: string;
  /** The reply's (or the server error's) message, which may echo the input. */
  message?: string;
  /** Where in the reply, when it varies between examples of one failure (data.Name). */
  where?: string;
  input: unknown;
  /** The Accept-Language sent (undefined: none). */
  lang?: string;
  reply: string;
  /** Position of the request in its call's sequence (1-based). */
  seq: number;
  /** Replayed alone on the seeded data: true if it fails the same way, false if it needs earlier requests. */
  alone?: boolean;
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
/** A failure in one line: the harness's detail, then the reply's message. */
export const failureText = (f: Failure) => (f.message ? `${f.detail} — ${f.message}` : f.detail);

/**
 * What identifies a failure: its detail and the reply's message without what varies between
 * examples — values echoed from the input (a name in "no such account: 张三", the list after
 * "unknown permission:"), numbers and ids.
 */
export function normalise(f: Failure): string {
  const fixed = f.detail.replace(/U\+[0-9A-F]{4,6}/g, 'U+…').replace(/\d+/g, '#');
  if (f.message == null) return fixed;
  let m = f.message;
  const inputs = strings(f.input);
  const texts = [...new Set(inputs.flatMap((s) => [s, s.trim()]))].sort((a, b) => b.length - a.length);
  // Generated-looking texts anywhere; a plain word (".xlsx", "Excel") or a short name ("馆藏地")
  // may be the message's own.
  for (const s of inputs.map((x) => x.trim())) if (s.length >= 4 && !/^[\w .-]*$/.test(s) && m.includes(s)) m = m.split(s).join('…');
  // A value named at the end, as its own token: "本校没有账号 x", "无权添加该菜单：/a" (blank included).
  for (const s of texts) {
    const t = m.trimEnd();
    const head = t.slice(0, t.length - s.trim().length);
    if (t.endsWith(s.trim()) && /[\s:：,，、]$/.test(head)) {
      m = `${head}…`;
      break;
    }
  }
  // "Unknown permission: a, b" / "分馆不存在：3, 51": what follows the colon names values.
  const colon = /[:：]/.exec(m);
  if (colon) {
    const tail = m.slice(colon.index + 1);
    if (/[\d…]/.test(tail) || inputs.some((s) => s.trim().length >= 1 && tail.includes(s.trim()))) m = `${m.slice(0, colon.index).trimEnd()}: …`;
  }
  return `${fixed} — ${m.replace(/\d+/g, '#').replace(/"[^"]{20,}"/g, '"…"').slice(0, 200)}`;
}

function group(failures: readonly Failure[], keyOf: (f: Failure) => string): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const f of failures) {
    const key = keyOf(f);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { key, smallest: f, count: 0, calls: new Map() }));
    g.count++;
    // The example shown: one known to reproduce alone, else the smallest input.
    const rank = (x: Failure) => (x.alone === true ? 0 : x.alone === false ? 2 : 1);
    if (rank(f) < rank(g.smallest) || (rank(f) === rank(g.smallest) && inputSize(f) < inputSize(g.smallest))) g.smallest = f;
    let ps = g.calls.get(f.call);
    if (!ps) g.calls.set(f.call, (ps = new Set()));
    ps.add(f.principal);
  }
  return [...groups.values()].sort((a, b) =>
    a.smallest.kind.localeCompare(b.smallest.kind) || b.calls.size - a.calls.size || a.key.localeCompare(b.key));
}

/** What makes failures of one call the same: kind, principal, status and message. */
export const callKey = (f: Failure) => [f.kind, f.call, f.principal, f.status, normalise(f)].join(' | ');

/** Distinct failures of one call. */
export const groupByCall = (failures: readonly Failure[]) => group(failures, callKey);

/** Distinct failures across calls: kind, status and message (the calls and principals listed). */
export const groupAcrossCalls = (failures: readonly Failure[]) =>
  group(failures, (f) => [f.kind, f.status, normalise(f)].join(' | '));

const replayNote = (f: Failure) =>
  f.alone === true ? ' (reproduces alone)' : f.alone === false ? ` (only after earlier requests of the call: request #${f.seq} of its sequence)` : '';

export function formatCallGroup(g: FailureGroup): string {
  const f = g.smallest;
  return [
    `- [${f.kind}] ${f.call} as ${f.principal} → ${f.status}: ${failureText(f)}${f.where ? ` at ${f.where}` : ''} (${g.count}×)`,
    `    input: ${showInput(f.input)}${f.lang ? ` [${f.lang}]` : ''}${replayNote(f)}`,
    `    reply: ${truncate(f.reply, 300)}`,
  ].join('\n');
}

function formatAcrossGroup(g: FailureGroup): string {
  const f = g.smallest;
  const calls = [...g.calls].map(([c, ps]) => `${c} (${[...ps].sort().join(', ')})`).join(', ');
  return [
    `- **${f.status}** ${normalise(f)} — ${g.calls.size} call${g.calls.size > 1 ? 's' : ''}, ${g.count} replies`,
    `    - calls: ${calls}`,
    `    - e.g. ${f.call} as ${f.principal}${f.where ? ` (${f.where})` : ''}: input \`${showInput(f.input, 240)}\`${replayNote(f)}`,
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
