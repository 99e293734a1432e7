import type { MarcIssue, MarcRecord } from '../../shared/domain/marc-rules.ts';
import { isDataField } from '../../shared/domain/marc-rules.ts';
import { issue } from './marc-issue.ts';

/**
 * ISO 2709 writer: UTF-8 always (leader/09 'a'), lengths and positions in bytes, 2 indicators,
 * 2-byte subfield codes, a 4-5-0 directory. A field over 9,999 bytes or a record over 99,999
 * cannot be written in this format; `fitForIso2709` shortens such records first (and says so)
 * so an export never writes a directory that lies.
 */

export const MAX_FIELD_BYTES = 9999;
export const MAX_RECORD_BYTES = 99999;

export class MarcWriteError extends Error {
  readonly code: 'field.tooLong' | 'record.tooLong';
  readonly tag: string | undefined;
  constructor(code: 'field.tooLong' | 'record.tooLong', message: string, tag?: string) {
    super(message);
    this.name = 'MarcWriteError';
    this.code = code;
    this.tag = tag;
  }
}

// Delimiters inside a value would cut the record; they never belong to data.
const DELIMITERS = /[\x1d\x1e\x1f]/g;
const clean = (v: string) => (v.length > 0 && (v.includes('\x1d') || v.includes('\x1e') || v.includes('\x1f')) ? v.replace(DELIMITERS, ' ') : v);

function fieldBody(field: MarcRecord['fields'][number]): string {
  if (!isDataField(field)) return `${clean(field.value)}\x1e`;
  let s = `${field.ind1 || ' '}${field.ind2 || ' '}`;
  for (const sf of field.subfields) s += `\x1f${sf.code}${clean(sf.value)}`;
  return `${s}\x1e`;
}

function leaderTail(leader: string): { status: string; impl: string; map: string } {
  const l = leader.padEnd(24, ' ');
  const map = /^45[0-9 ][0-9 ]$/.test(l.slice(20, 24)) ? l.slice(20, 24) : '4500';
  return { status: l.slice(5, 9), impl: l.slice(17, 20), map };
}

/** One record as ISO 2709 bytes. Throws MarcWriteError when it cannot be represented. */
export function writeIso2709(record: MarcRecord): Buffer {
  const bodies: string[] = [];
  const lens: number[] = [];
  let dataLen = 0;
  for (const field of record.fields) {
    const body = fieldBody(field);
    const n = Buffer.byteLength(body, 'utf8');
    if (n > MAX_FIELD_BYTES) throw new MarcWriteError('field.tooLong', `field ${field.tag} has ${n - 1} bytes; ISO 2709 allows 9,998 and a terminator`, field.tag);
    bodies.push(body);
    lens.push(n);
    dataLen += n;
  }
  const base = 24 + 12 * bodies.length + 1;
  const total = base + dataLen + 1;
  if (total > MAX_RECORD_BYTES) throw new MarcWriteError('record.tooLong', `the record has ${total} bytes; ISO 2709 allows 99,999`);
  const { status, impl, map } = leaderTail(record.leader);
  let head = `${String(total).padStart(5, '0')}${status}a22${String(base).padStart(5, '0')}${impl}${map}`;
  let pos = 0;
  record.fields.forEach((field, i) => {
    head += `${field.tag.padEnd(3, ' ').slice(0, 3)}${String(lens[i]).padStart(4, '0')}${String(pos).padStart(5, '0')}`;
    pos += lens[i]!;
  });
  head += '\x1e';
  const out = Buffer.allocUnsafe(total);
  let at = out.write(head, 0, 'latin1');
  for (const body of bodies) at += out.write(body, at, 'utf8');
  out[at] = 0x1d;
  return out;
}

/** Bytes of `value` cut to at most `max` UTF-8 bytes, on a character boundary. */
function cutUtf8(value: string, max: number): string {
  const b = Buffer.from(value, 'utf8');
  if (b.length <= max) return value;
  let end = max;
  while (end > 0 && (b[end]! & 0xc0) === 0x80) end--; // do not split a character
  return b.toString('utf8', 0, end);
}

/**
 * The record, with over-long fields shortened (the longest subfield first, on a character
 * boundary) and, if still too big, the longest fields dropped, each step reported.
 */
export function fitForIso2709(record: MarcRecord): { record: MarcRecord; warnings: MarcIssue[] } {
  const warnings: MarcIssue[] = [];
  let changed = false;
  const fields = record.fields.map((field) => {
    const n = Buffer.byteLength(fieldBody(field), 'utf8');
    if (n <= MAX_FIELD_BYTES) return field;
    changed = true;
    const over = n - MAX_FIELD_BYTES;
    if (!isDataField(field)) {
      warnings.push(issue('field.tooLong', 'field.shortened', { count: over }, field.tag));
      return { tag: field.tag, value: cutUtf8(field.value, Buffer.byteLength(field.value) - over) };
    }
    let longest = 0;
    field.subfields.forEach((sf, i) => { if (sf.value.length > field.subfields[longest]!.value.length) longest = i; });
    const subfields = field.subfields.map((sf, i) => (i === longest ? { code: sf.code, value: cutUtf8(sf.value, Math.max(0, Buffer.byteLength(sf.value) - over)) } : sf));
    warnings.push(issue('field.tooLong', 'field.subfieldShortened', { code: field.subfields[longest]?.code ?? '?', count: over }, field.tag));
    return { ...field, subfields };
  });
  let out: MarcRecord = changed ? { leader: record.leader, fields } : record;
  let total = 24 + 1 + 1 + out.fields.reduce((sum, f) => sum + 12 + Buffer.byteLength(fieldBody(f), 'utf8'), 0);
  while (total > MAX_RECORD_BYTES && out.fields.length > 1) {
    let longest = 0;
    let longestLen = 0;
    out.fields.forEach((f, i) => {
      const n = Buffer.byteLength(fieldBody(f), 'utf8');
      if (n > longestLen && f.tag !== '001') { longest = i; longestLen = n; }
    });
    warnings.push(issue('field.tooLong', 'field.leftOut', {}, out.fields[longest]!.tag));
    out = { leader: out.leader, fields: out.fields.filter((_, i) => i !== longest) };
    total -= 12 + longestLen;
  }
  return { record: out, warnings };
}

/** Many records, one file. */
export function writeIso2709File(records: Iterable<MarcRecord>): Buffer {
  const parts: Buffer[] = [];
  for (const r of records) parts.push(writeIso2709(r));
  return Buffer.concat(parts);
}
