import { CAPTURE_MAPPED_FIELDS } from '../../shared/api/capture.ts';
import type { StoredSource } from './capture-sources.ts';
import { networkReason, reason, tooLarge, type CaptureReason } from './capture-reason.ts';

/**
 * The generic adapter for the commercial sources, whose interfaces are contracts between a school
 * and its vendor: GET the configured address with {isbn} and {key} filled in; the answer is JSON
 * (the record at `Root`, each field at its `Mapping` path) or, for cover sources, the image itself.
 * One deadline covers connect, headers and body; bodies are capped. Failures carry a `kind` so the
 * screen can name the source and the reason.
 */
export type SourceErrorKind = 'unreachable' | 'timeout' | 'badResponse';
export class SourceError extends Error {
  readonly kind: SourceErrorKind;
  /** What went wrong in the user's words (capture-reason.ts); the message is for the log. */
  readonly reason: CaptureReason;
  constructor(kind: SourceErrorKind, message: string, reason: CaptureReason) {
    super(message);
    this.name = 'SourceError';
    this.kind = kind;
    this.reason = reason;
  }
}

type Field = (typeof CAPTURE_MAPPED_FIELDS)[number];
/** Names vendors commonly use, tried when the school has not mapped a field. */
const GUESSES: Record<Field, string[]> = {
  Title: ['title', 'name', 'bookName'], ParallelTitle: ['parallelTitle', 'originTitle', 'subtitle'], Author: ['author', 'authors', 'writer'],
  Publisher: ['publisher', 'press'], Place: ['place', 'pubPlace'], PubYear: ['pubYear', 'pubdate', 'publishDate', 'year'], ISBN: ['isbn', 'isbn13', 'isbn10'],
  Price: ['price', 'listPrice'], ClassNo: ['clc', 'classNo', 'ztf', 'class'], Summary: ['summary', 'description', 'intro'], Subjects: ['subjects', 'tags', 'subject'],
  Series: ['series'], Edition: ['edition'], Extent: ['pages', 'extent'], Cover: ['cover', 'image', 'img', 'coverUrl'], Lexile: ['lexile', 'lexileMeasure'],
};
const MAX_JSON = 2 * 1024 * 1024;

export function pathValue(root: unknown, path: string): unknown {
  let node = root;
  for (const part of path.split('.').filter(Boolean)) {
    const m = /^([^[]+)?((?:\[\d+\])*)$/.exec(part);
    if (!m) return undefined;
    if (m[1]) node = node != null && typeof node === 'object' ? (node as Record<string, unknown>)[m[1]] : undefined;
    for (const idx of m[2]!.matchAll(/\[(\d+)\]/g)) node = Array.isArray(node) ? node[Number(idx[1])] : undefined;
  }
  return node;
}

const asText = (v: unknown): string => {
  if (v == null) return '';
  if (Array.isArray(v)) return v.map(asText).filter(Boolean).join('; ');
  if (typeof v === 'object') return '';
  return String(v).trim();
};

export function sourceUrl(s: StoredSource, isbn: string): string {
  const fill = (u: string) => u.replaceAll('{isbn}', encodeURIComponent(isbn)).replaceAll('{key}', encodeURIComponent(s.ApiKey));
  if (s.URL.includes('{isbn}')) return fill(s.URL);
  const url = new URL(fill(s.URL));
  url.searchParams.set('isbn', isbn);
  if (s.ApiKey && !s.URL.includes('{key}')) url.searchParams.set('key', s.ApiKey);
  return url.toString();
}

async function readCapped(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw new SourceError('badResponse', `answer of ${declared} bytes`, tooLarge(max));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > max) throw new SourceError('badResponse', `answer over ${max} bytes`, tooLarge(max));
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/** GET with the source's deadline; 404 is "not found", other failures a SourceError. */
export async function fetchWithDeadline(url: string, timeoutMs: number, max: number, accept: string, signal?: AbortSignal): Promise<{ type: string; body: Buffer } | null> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const any = signal ? AbortSignal.any([deadline, signal]) : deadline;
  try {
    const res = await fetch(url, { signal: any, headers: { accept }, redirect: 'follow' });
    if (res.status === 404) {
      await res.body?.cancel().catch(() => undefined);
      return null;
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new SourceError('badResponse', `HTTP ${res.status}`, reason('httpStatus', { status: res.status }));
    }
    return { type: res.headers.get('content-type') ?? '', body: await readCapped(res, max) };
  } catch (e) {
    if (e instanceof SourceError) throw e;
    if (deadline.aborted) throw new SourceError('timeout', `no answer within ${timeoutMs} ms`, reason('noAnswer', { seconds: timeoutMs / 1000 }));
    const code = (e as { cause?: { code?: string } }).cause?.code;
    throw new SourceError('unreachable', code ?? (e as Error).message, networkReason(code));
  }
}

export interface JsonRecord {
  fields: Partial<Record<Field, string>>;
}

/** The record for the ISBN, or null when the source has none. */
export async function fetchJsonRecord(s: StoredSource, isbn: string, signal?: AbortSignal): Promise<JsonRecord | null> {
  const got = await fetchWithDeadline(sourceUrl(s, isbn), s.TimeoutMs, MAX_JSON, 'application/json', signal);
  if (!got) return null;
  let json: unknown;
  try {
    json = JSON.parse(got.body.toString('utf8'));
  } catch {
    throw new SourceError('badResponse', 'the answer is not JSON', reason('notJson'));
  }
  let record = s.Root ? pathValue(json, s.Root) : json;
  if (Array.isArray(record)) record = record[0];
  if (record == null || typeof record !== 'object') return null;
  const fields: Partial<Record<Field, string>> = {};
  for (const f of CAPTURE_MAPPED_FIELDS) {
    const mapped = s.Mapping?.[f];
    const value = mapped ? asText(pathValue(record, mapped)) : GUESSES[f].map((k) => asText((record as Record<string, unknown>)[k])).find(Boolean) ?? '';
    if (value) fields[f] = value;
  }
  return Object.keys(fields).length ? { fields } : null;
}
