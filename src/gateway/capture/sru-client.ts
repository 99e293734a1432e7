import type { MarcFlavour } from '../../shared/domain/marc-rules.ts';
import type { MarcProblem, MarcRecordRead } from '../marc/iso2709-reader.ts';
import { decodeXmlBytes, readMarcXml } from '../marc/marcxml.ts';
import { scanXml, XmlError } from '../marc/xml-scanner.ts';
import { networkReason, reason, tooLarge, type CaptureReason } from './capture-reason.ts';

/**
 * SRU (Search/Retrieve via URL, the HTTP face of Z39.50) searchRetrieve client for capture by
 * ISBN. One GET, a hard deadline covering connect, headers and body (AbortSignal.timeout), a cap
 * on the body size, and one error type whose `kind` says what went wrong so the screen can name
 * the source and the reason: unreachable, timeout, aborted, badResponse, diagnostic.
 */

export type SruRecordSchema = 'marcxml' | 'unimarc' | 'cnmarc' | (string & {});

export interface SruSearchOptions {
  /** Server origin and path prefix, e.g. http://127.0.0.1:9999 or https://sru.example/sru. */
  baseUrl: string;
  /** Database, appended as a path segment (yaz-ztest: Default). */
  database?: string;
  /** CQL, e.g. isbn=9787020002207 or bath.isbn=… */
  query: string;
  recordSchema: SruRecordSchema;
  maximumRecords: number;
  startRecord?: number;
  /** 1.2 (default) and 1.1 use recordPacking; 2.0 recordXMLEscaping. */
  version?: '1.1' | '1.2' | '2.0';
  /** 'string' asks for the record as escaped text (some servers only do that). */
  recordPacking?: 'xml' | 'string';
  timeoutMs: number;
  signal?: AbortSignal;
  /** Largest body accepted; default 20 MB. */
  maxBytes?: number;
}

export interface SruDiagnostic {
  uri: string;
  message?: string;
  details?: string;
}

export interface SruResult {
  /** numberOfRecords: hits on the server, not the records returned. */
  total: number;
  records: MarcRecordRead[];
  /** Returned records that could not be read (malformed MARCXML). */
  problems: MarcProblem[];
  /** Diagnostics for single records (the search itself succeeded). */
  diagnostics: SruDiagnostic[];
  nextRecordPosition?: number;
  /** The URL asked, for logs. */
  url: string;
}

export type SruErrorKind = 'unreachable' | 'timeout' | 'aborted' | 'badResponse' | 'diagnostic';

export class SruError extends Error {
  readonly kind: SruErrorKind;
  readonly url: string;
  readonly status: number | undefined;
  readonly diagnostics: SruDiagnostic[];
  /** What went wrong in the user's words (capture-reason.ts); the message is for the log. */
  readonly reason: CaptureReason;
  constructor(kind: SruErrorKind, message: string, url: string, reason: CaptureReason, extra: { status?: number; diagnostics?: SruDiagnostic[]; cause?: unknown } = {}) {
    super(message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'SruError';
    this.kind = kind;
    this.reason = reason;
    this.url = url;
    this.status = extra.status;
    this.diagnostics = extra.diagnostics ?? [];
  }
}

export function sruUrl(o: SruSearchOptions): string {
  const url = new URL(o.baseUrl);
  if (o.database) url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodeURIComponent(o.database)}`;
  const version = o.version ?? '1.2';
  const p = url.searchParams;
  p.set('version', version);
  p.set('operation', 'searchRetrieve');
  p.set('query', o.query);
  p.set('maximumRecords', String(o.maximumRecords));
  if (o.startRecord !== undefined) p.set('startRecord', String(o.startRecord));
  p.set('recordSchema', o.recordSchema);
  if (version === '2.0') p.set('recordXMLEscaping', o.recordPacking ?? 'xml');
  else p.set('recordPacking', o.recordPacking ?? 'xml');
  return url.toString();
}

const SRU_NS = new Set(['http://www.loc.gov/zing/srw/', 'http://docs.oasis-open.org/ns/search-ws/sruResponse']);

/** The parts of a searchRetrieveResponse that are not records. */
function readEnvelope(xml: string, url: string): { total: number; next?: number; diagnostics: SruDiagnostic[]; topLevel: SruDiagnostic[] } {
  let rootSeen = false;
  let total: number | undefined;
  let next: number | undefined;
  const diagnostics: SruDiagnostic[] = [];
  const topLevel: SruDiagnostic[] = [];
  const path: string[] = [];
  let text = '';
  let diag: SruDiagnostic | undefined;
  let inTopDiagnostics = false;
  try {
    for (const ev of scanXml(xml)) {
      if (ev.type === 'text') { text += ev.text; continue; }
      if (ev.type === 'open') {
        if (!rootSeen) {
          rootSeen = true;
          if (ev.local !== 'searchRetrieveResponse' || !SRU_NS.has(ev.ns)) throw new SruError('badResponse', `the answer is <${ev.name}>, not an SRU searchRetrieveResponse`, url, reason('notSru', { name: ev.name }));
        }
        path.push(ev.local);
        text = '';
        if (ev.local === 'diagnostics' && path.length === 2) inTopDiagnostics = true;
        if (ev.local === 'diagnostic') diag = { uri: '' };
        continue;
      }
      const depth = path.length;
      path.pop();
      const value = text.trim();
      text = '';
      if (depth === 2 && ev.local === 'numberOfRecords') total = Number(value);
      else if (depth === 2 && ev.local === 'nextRecordPosition') next = Number(value);
      else if (diag && ev.local === 'uri') diag.uri = value;
      else if (diag && ev.local === 'message') diag.message = value;
      else if (diag && ev.local === 'details') diag.details = value;
      else if (diag && ev.local === 'diagnostic') {
        (inTopDiagnostics ? topLevel : diagnostics).push(diag);
        diag = undefined;
      } else if (ev.local === 'diagnostics' && depth === 2) inTopDiagnostics = false;
    }
  } catch (e) {
    if (e instanceof SruError) throw e;
    if (e instanceof XmlError) throw new SruError('badResponse', `the answer is not well-formed XML: ${e.message}`, url, reason('badXml'), { cause: e });
    throw e;
  }
  if (!rootSeen) throw new SruError('badResponse', 'the answer is empty', url, reason('empty'));
  if (total === undefined || !Number.isInteger(total) || total < 0) {
    if (topLevel.length > 0) return { total: 0, diagnostics, topLevel };
    throw new SruError('badResponse', 'the answer has no numberOfRecords', url, reason('noCount'));
  }
  return next === undefined || !Number.isInteger(next) ? { total, diagnostics, topLevel } : { total, next, diagnostics, topLevel };
}

function describe(d: SruDiagnostic): string {
  return [d.message, d.details, d.uri].filter(Boolean).join(' — ');
}

async function readBody(res: Response, max: number, url: string): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw new SruError('badResponse', `the answer is ${declared} bytes, more than ${max}`, url, tooLarge(max), { status: res.status });
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += chunk.byteLength;
    if (size > max) throw new SruError('badResponse', `the answer passes ${max} bytes`, url, tooLarge(max), { status: res.status });
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

export async function searchSru(options: SruSearchOptions): Promise<SruResult> {
  const url = sruUrl(options);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([deadline, options.signal]) : deadline;
  const failure = (e: unknown): SruError => {
    if (e instanceof SruError) return e;
    if (deadline.aborted) return new SruError('timeout', `no complete answer within ${options.timeoutMs} ms`, url, reason('noAnswer', { seconds: options.timeoutMs / 1000 }), { cause: e });
    if (options.signal?.aborted) return new SruError('aborted', 'the search was cancelled', url, reason('cancelled'), { cause: e });
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return new SruError('unreachable', `cannot reach the server (${cause?.code ?? cause?.message ?? (e as Error).message})`, url, networkReason(cause?.code), { cause: e });
  };

  let body: Buffer;
  let status: number;
  try {
    const res = await fetch(url, { signal, headers: { accept: 'application/xml, text/xml;q=0.9, */*;q=0.1' }, redirect: 'follow' });
    status = res.status;
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new SruError('badResponse', `the server answered HTTP ${res.status}`, url, reason('httpStatus', { status: res.status }), { status: res.status });
    }
    body = await readBody(res, options.maxBytes ?? 20 * 1024 * 1024, url);
  } catch (e) {
    throw failure(e);
  }

  const xml = decodeXmlBytes(body);
  const envelope = readEnvelope(xml, url);
  if (envelope.topLevel.length > 0) {
    const messages = envelope.topLevel.map(describe).join('; ');
    throw new SruError('diagnostic', `the server refused the search: ${messages}`, url, reason('serverSays', { messages }), { status, diagnostics: envelope.topLevel });
  }
  const schema = options.recordSchema.toLowerCase();
  const flavour: 'auto' | MarcFlavour = schema.includes('unimarc') || schema.includes('cnmarc') ? 'unimarc' : 'auto';
  const records: MarcRecordRead[] = [];
  const problems: MarcProblem[] = [];
  for (const r of readMarcXml(xml, { flavour, requireRecords: false })) {
    if (r.ok) records.push(r);
    else problems.push(r);
  }
  if (records.length === 0 && problems.length === 0 && envelope.diagnostics.length > 0) {
    // Hits, but every record came back as a diagnostic (yaz-ztest does this for a schema it cannot serve).
    const messages = envelope.diagnostics.map(describe).join('; ');
    throw new SruError('diagnostic', `the server could not deliver ${options.recordSchema} records: ${messages}`, url, reason('noSchema', { schema: options.recordSchema, messages }), { status, diagnostics: envelope.diagnostics });
  }
  const result: SruResult = { total: envelope.total, records, problems, diagnostics: envelope.diagnostics, url };
  if (envelope.next !== undefined) result.nextRecordPosition = envelope.next;
  return result;
}
