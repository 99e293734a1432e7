import type { DataField, MarcField, MarcFlavour, MarcIssue, MarcIssueCode, MarcIssueDetail, MarcIssueFacts, MarcRecord } from '../../shared/domain/marc-rules.ts';
import { chooseEncoding, decodeField, decodeGb18030, isAscii, type EncodingOption, type MarcEncoding } from './marc-encoding.ts';
import { issue, withFacts, type TagArg } from './marc-issue.ts';

/**
 * ISO 2709 reader for files as they come from other systems, not as the standard wishes them.
 * The record terminator (0x1D) delimits records, the leader length is only checked against it
 * (a blank or wrong length costs a warning, not the record); the directory is checked against the
 * field terminators (0x1E) and, when it lies, the fields are found by their terminators. Every
 * record yields either a record with the repairs it needed, or a problem with its position.
 * The loop always advances past at least one byte, so no input can make it spin.
 */

export const RT = 0x1d; // record terminator
export const FT = 0x1e; // field terminator
export const SF = 0x1f; // subfield delimiter

export interface ReadOptions {
  /** 'auto' (default) follows the declaration unless the bytes prove otherwise. */
  encoding?: EncodingOption;
  /** 'auto' (default) decides per record from its tags (245 → MARC 21, 200 → UNIMARC). */
  flavour?: 'auto' | MarcFlavour;
}

export interface MarcRecordRead {
  ok: true;
  /** 0-based position of the record in the file. */
  index: number;
  /** Byte offset of the record in the file, and its length in bytes. */
  offset: number;
  length: number;
  controlNumber?: string;
  record: MarcRecord;
  flavour: MarcFlavour;
  /** The encoding the bytes were decoded from (the record itself is Unicode, leader/09 = 'a'). */
  encoding: MarcEncoding;
  warnings: MarcIssue[];
}

export interface MarcProblem {
  ok: false;
  index: number;
  offset: number;
  length: number;
  controlNumber?: string;
  code: MarcIssueCode;
  /** The sentence that gives the facts (`marc:issueDetail.<detail>`) and its parameters, as for MarcIssue. */
  detail?: MarcIssueDetail;
  params?: MarcIssue['params'];
}

/**
 * Adds a warning to the record being read: its code alone when the message says it all, else
 * also its detail sentence, the facts and (when the sentence names it) the tag.
 */
interface Warn {
  (code: MarcIssueCode): void;
  <K extends MarcIssueDetail>(code: MarcIssueCode, detail: K, facts: MarcIssueFacts<K>, ...tag: TagArg<K>): void;
}
/** Why a record cannot be read: a detail sentence with its facts. */
type Reason = Pick<MarcIssue, 'detail' | 'params'>;

export type MarcReadResult = MarcRecordRead | MarcProblem;

/** State that lives across records (and across chunks when streaming). */
interface FileState {
  index: number;
  separatorsReported: boolean;
}

// Bytes skipped between records: line breaks, NULs and the DOS end-of-file mark.
const SEPARATOR = new Uint8Array(256);
for (const b of [0x0a, 0x0d, 0x00, 0x1a]) SEPARATOR[b] = 1;

const toBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Reads every record of an ISO 2709 file held in memory (a 50 MB file is fine). */
export function* readIso2709(bytes: Uint8Array, options: ReadOptions = {}): Generator<MarcReadResult> {
  const buf = toBuffer(bytes);
  const state: FileState = { index: 0, separatorsReported: false };
  yield* readSegment(buf, 0, true, state, options);
  if (state.index === 0) yield emptyFile(buf.length);
}

function emptyFile(length: number): MarcProblem {
  // An empty file needs no more words than the message; one of line breaks and blanks does.
  return length === 0 ? { ok: false, index: 0, offset: 0, length, code: 'file.empty' } : { ok: false, index: 0, offset: 0, length, code: 'file.empty', detail: 'file.onlySeparators' };
}

/**
 * Streams records from chunks (a file read stream): complete records are parsed as soon as their
 * terminator arrives, so memory holds one chunk plus one partial record.
 */
export async function* readIso2709Stream(source: AsyncIterable<Uint8Array>, options: ReadOptions = {}): AsyncGenerator<MarcReadResult> {
  const state: FileState = { index: 0, separatorsReported: false };
  let carry: Buffer = Buffer.alloc(0);
  let carryOffset = 0; // file offset of carry[0]
  for await (const chunk of source) {
    const buf = carry.length > 0 ? Buffer.concat([carry, toBuffer(chunk)]) : toBuffer(chunk);
    const last = buf.lastIndexOf(RT);
    if (last < 0) { carry = buf; continue; }
    yield* readSegment(buf.subarray(0, last + 1), carryOffset, false, state, options);
    carry = Buffer.from(buf.subarray(last + 1)); // copy: do not pin the whole chunk
    carryOffset += last + 1;
  }
  if (carry.length > 0) yield* readSegment(carry, carryOffset, true, state, options);
  if (state.index === 0) yield emptyFile(carryOffset + carry.length);
}

/** True when the 24 bytes at `at` have the fixed parts of an ISO 2709 leader. */
function looksLikeLeader(buf: Buffer, at: number): boolean {
  if (at + 24 > buf.length) return false;
  for (let i = 0; i < 5; i++) {
    const b = buf[at + i]!;
    if (!(b >= 0x30 && b <= 0x39) && b !== 0x20) return false;
  }
  return buf[at + 10] === 0x32 && buf[at + 11] === 0x32 && buf[at + 20] === 0x34 && buf[at + 21] === 0x35;
}

/** The first position in [from, end - 26) where a leader starts whose length ends at `end`, or -1. */
function leaderEndingAt(buf: Buffer, from: number, end: number): number {
  for (let q = from; q + 26 <= end; q++) {
    if (buf[q + 10] === 0x32 && buf[q + 11] === 0x32 && digits(buf, q, 5) === end - q && looksLikeLeader(buf, q)) return q;
  }
  return -1;
}

/** A run of ASCII digits as a number, or -1. */
function digits(buf: Buffer, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const b = buf[i];
    if (b === undefined || b < 0x30 || b > 0x39) return -1;
    v = v * 10 + (b - 0x30);
  }
  return v;
}

/** indexOf bounded to [from, to): Buffer.indexOf alone would scan to the end of a 50 MB file. */
function find(buf: Buffer, byte: number, from: number, to: number): number {
  if (from >= to) return -1;
  const i = buf.subarray(from, to).indexOf(byte);
  return i < 0 ? -1 : from + i;
}

function isBlankOrSeparator(buf: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const b = buf[i]!;
    if (b !== 0x20 && b !== 0x09 && SEPARATOR[b] !== 1) return false;
  }
  return true;
}

/**
 * `buf` holds whole records (and, at the end of the file, perhaps a broken tail); `base` is the
 * file offset of buf[0].
 */
function* readSegment(buf: Buffer, base: number, endOfFile: boolean, state: FileState, options: ReadOptions): Generator<MarcReadResult> {
  const len = buf.length;
  let p = 0;
  let skipped = 0;
  let nextRT = -1; // cached: a file without terminators must not be searched to its end per record
  // A UTF-8 byte order mark before the first record (files saved by Windows editors).
  if (base === 0 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    p = 3;
    skipped = 3;
  }
  while (p < len) {
    const from = p;
    while (p < len && SEPARATOR[buf[p]!] === 1) p++;
    skipped += p - from;
    if (p >= len) break;
    if (nextRT < p) {
      nextRT = buf.indexOf(RT, p);
      if (nextRT < 0) nextRT = len;
    }
    if (!looksLikeLeader(buf, p) && nextRT < len) {
      // Bytes that are not a record before one (a text header, a torn fragment): if a leader
      // whose length ends exactly at the terminator starts further on, the bytes before it are
      // reported alone and the record is kept.
      const q = leaderEndingAt(buf, p + 1, nextRT + 1);
      if (q > 0) {
        yield problem(state, base + p, q - p, 'file.strayBytes', issue('file.strayBytes', 'file.strayBytes', { count: q - p, at: base + q }));
        state.index++;
        p = q;
      }
    }
    const hasRT = nextRT < len;
    let end = hasRT ? nextRT + 1 : len;
    const repairs: MarcIssue[] = [];
    // A record without its terminator, followed by the next one (perhaps after a line break):
    // the leader length finds the seam.
    const declared = digits(buf, p, 5);
    let seam = false;
    // The length may count the missing terminator, so the next leader is at +declared or one before.
    for (const at of [p + declared, p + declared - 1]) {
      if (seam || declared <= 25 || at >= end) continue;
      let q = at;
      while (q < end && SEPARATOR[buf[q]!] === 1) q++;
      if (looksLikeLeader(buf, q)) {
        end = at;
        seam = true;
      }
    }
    if (!seam && !hasRT) {
      // The rest of the file has no terminator: a last record that lost it, or a cut file.
      let last = len;
      while (last > p && SEPARATOR[buf[last - 1]!] === 1) last--;
      if (isBlankOrSeparator(buf, p, len)) break;
      // Complete but unterminated when it ends with a field terminator and the leader does not
      // claim more (its length may count the missing terminator); the directory checks the rest.
      const complete = endOfFile && buf[last - 1] === FT && looksLikeLeader(buf, p) && declared <= last - p + 1;
      if (!complete) {
        const looks = looksLikeLeader(buf, p);
        const reason = !looks ? issue('file.trailingBytes', 'file.trailingBytes', { count: len - p })
          : declared > 0 ? issue('record.truncated', 'record.truncated', { bytes: len - p, declared })
          : issue('record.truncated', 'record.truncatedNoLength', { bytes: len - p });
        yield problem(state, base + p, len - p, looks ? 'record.truncated' : 'file.trailingBytes', reason, looks ? controlNumberOf(buf, p, len) : undefined);
        state.index++;
        break;
      }
      end = last;
      seam = true;
    }
    if (seam) {
      while (end > p + 1 && SEPARATOR[buf[end - 1]!] === 1) end--; // a line break standing in for the terminator
      const last = buf[end - 1]!;
      repairs.push(last === FT
        ? issue('record.noTerminator', 'record.endsByLength', {})
        : issue('record.noTerminator', 'record.endsByLengthAfter', { byte: `0x${last.toString(16).toUpperCase().padStart(2, '0')}` }));
    }
    const noteSeparators = skipped > 0 && !state.separatorsReported;
    if (noteSeparators) repairs.push(issue('file.separators', 'file.separators', { count: skipped }));
    skipped = 0;
    const result = parseRecord(buf, p, end, base, state, options, repairs);
    // Said once per file, on a record (a problem has room for its own code only).
    if (noteSeparators && result.ok) state.separatorsReported = true;
    yield result;
    state.index++;
    p = end;
  }
}

function problem(state: FileState, offset: number, length: number, code: MarcIssueCode, reason: Reason, controlNumber?: string): MarcProblem {
  const p = withFacts<MarcProblem>({ ok: false, index: state.index, offset, length, code }, reason);
  if (controlNumber) p.controlNumber = controlNumber;
  return p;
}

/** The 001 of a broken record, when its first directory entry and first field allow it. */
function controlNumberOf(buf: Buffer, s: number, e: number): string | undefined {
  if (buf.toString('latin1', s + 24, s + 27) !== '001') return undefined;
  const f = find(buf, FT, s + 24, e);
  if (f < 0) return undefined;
  const g = find(buf, FT, f + 1, Math.min(e, f + 66));
  if (g < 0) return undefined;
  const v = buf.toString('latin1', f + 1, g).trim();
  return /^[\x21-\x7e][\x20-\x7e]*$/.test(v) ? v : undefined;
}

interface FieldSpan {
  tag: string;
  start: number; // absolute, first byte of the field
  end: number; // absolute, the field terminator (excluded)
}

const TAG_CHAR = new Uint8Array(256);
for (let b = 0x30; b <= 0x39; b++) TAG_CHAR[b] = 1;
for (let b = 0x41; b <= 0x5a; b++) TAG_CHAR[b] = 1;
for (let b = 0x61; b <= 0x7a; b++) TAG_CHAR[b] = 1;

/**
 * A tag's string, made once per distinct tag: a file of 20,000 records has some 400,000 directory
 * entries but a few dozen tags, and the same string objects make the mapping's lookups cheaper.
 */
const TAGS = new Map<number, string>();
function tagOf(b0: number, b1: number, b2: number): string {
  const k = (b0 << 16) | (b1 << 8) | b2;
  let tag = TAGS.get(k);
  if (tag === undefined) {
    tag = String.fromCharCode(b0, b1, b2);
    // Bounded: a broken file's garbage tags are not kept.
    if (TAGS.size < 4096) TAGS.set(k, tag);
  }
  return tag;
}

function parseRecord(buf: Buffer, s: number, e: number, base: number, state: FileState, options: ReadOptions, repairs: MarcIssue[] = []): MarcReadResult {
  const warnings: MarcIssue[] = repairs;
  const warn = (<K extends MarcIssueDetail>(code: MarcIssueCode, detail?: K, facts?: MarcIssueFacts<K>, ...tag: TagArg<K>) => {
    warnings.push(detail === undefined ? { code } : issue(code, detail, facts!, ...tag));
  }) as Warn;
  const length = e - s;
  const hasRT = buf[e - 1] === RT;
  if (length < 26) return problem(state, base + s, length, 'record.tooShort', issue('record.tooShort', 'record.tooShort', { count: length }));

  const declaredLength = digits(buf, s, 5);
  if (declaredLength < 0) warn('leader.badLength', 'leader.badLengthBlank', {});
  else if (declaredLength !== length) warn('leader.badLength', 'leader.badLength', { declared: declaredLength, actual: length });
  if (buf[s + 10] !== 0x32 || buf[s + 11] !== 0x32 || buf[s + 20] !== 0x34 || buf[s + 21] !== 0x35) {
    warn('leader.badStructure', 'leader.badStructure', { lengths: buf.toString('latin1', s + 10, s + 12), map: buf.toString('latin1', s + 20, s + 22) });
  }

  const dirStart = s + 24;
  const dirEnd = find(buf, FT, dirStart, e);
  if (dirEnd < 0) return problem(state, base + s, length, 'directory.bad', issue('directory.bad', 'directory.noEnd', {}), controlNumberOf(buf, s, e));
  const declaredBase = digits(buf, s + 12, 5);
  if (declaredBase !== dirEnd + 1 - s) {
    if (declaredBase < 0) warn('leader.badBaseAddress', 'leader.badBaseAddressBlank', { actual: dirEnd + 1 - s });
    else warn('leader.badBaseAddress', 'leader.badBaseAddress', { declared: declaredBase, actual: dirEnd + 1 - s });
  }
  const dataStart = dirEnd + 1;
  const dataEnd = hasRT ? e - 1 : e;

  const spans = readDirectory(buf, dirStart, dirEnd, dataStart, dataEnd, warn);
  if (!Array.isArray(spans)) return problem(state, base + s, length, 'directory.bad', spans, controlNumberOf(buf, s, e));

  // Flavour and declared encoding come from the raw fields; the bytes then have their say.
  let flavour: MarcFlavour;
  if (options.flavour && options.flavour !== 'auto') flavour = options.flavour;
  else {
    const guess = guessFlavour(spans.map((x) => x.tag));
    flavour = guess.flavour;
    // No detail: the code's translated message says it all.
    if (guess.guessed) warn('flavour.guessed');
  }
  const declared = declaredEncoding(buf, s, spans, flavour);
  const choice = chooseEncoding(buf, dataStart, dataEnd, declared.encoding, flavour === 'marc21', options.encoding ?? 'auto');
  if (declared.unsupported && choice.encoding === declared.encoding && !isAscii(buf, dataStart, dataEnd)) warn('encoding.unsupported', 'encoding.unsupportedIso', declared.unsupported);
  if (choice.mismatch) warnings.push(choice.mismatch);

  const fields: MarcField[] = [];
  let controlNumber: string | undefined;
  const pre = choice.encoding === 'gb18030' ? decodeDataArea(buf, dataStart, dataEnd) : undefined;
  for (const span of spans) {
    const field = decodeSpan(buf, span, choice.encoding, warn, pre?.get(span.start));
    if (span.tag === '001' && !controlNumber && 'value' in field) controlNumber = field.value.trim() || undefined;
    fields.push(field);
  }
  const record: MarcRecord = { leader: normalizeLeader(buf.toString('latin1', s, s + 24), flavour), fields };
  const read: MarcRecordRead = { ok: true, index: state.index, offset: base + s, length, record, flavour, encoding: choice.encoding, warnings };
  if (controlNumber) read.controlNumber = controlNumber;
  return read;
}

/**
 * The field spans of a record. Fast path: every entry points at a terminated field. Otherwise the
 * data area is cut at its field terminators and entries are matched to those pieces by start
 * position or, when the counts agree, in order. A Reason says why nothing could be matched.
 */
function readDirectory(buf: Buffer, dirStart: number, dirEnd: number, dataStart: number, dataEnd: number, warn: Warn): FieldSpan[] | Reason {
  interface Entry { tag: string; len: number; start: number; wide: boolean }
  const entries: Entry[] = [];
  let pos = dirStart;
  let leftover = false;
  let tagsReadable = true;
  while (pos + 12 <= dirEnd) {
    const b0 = buf[pos]!;
    const b1 = buf[pos + 1]!;
    const b2 = buf[pos + 2]!;
    const tagOk = TAG_CHAR[b0] === 1 && TAG_CHAR[b1] === 1 && TAG_CHAR[b2] === 1;
    const tag = tagOf(b0, b1, b2);
    if (!tagOk) tagsReadable = false;
    const len = digits(buf, pos + 3, 4);
    const start = digits(buf, pos + 7, 5);
    if (!fits(len, start)) {
      // A writer that let a field pass 9,999 bytes wrote a 5-digit length: a 13-byte entry.
      const len5 = digits(buf, pos + 3, 5);
      const start5 = digits(buf, pos + 8, 5);
      if (pos + 13 <= dirEnd && len5 > 9999 && fits(len5, start5)) {
        entries.push({ tag, len: len5, start: start5, wide: true });
        pos += 13;
        continue;
      }
    }
    entries.push({ tag, len, start, wide: false });
    pos += 12;
  }
  if (pos !== dirEnd) leftover = true;

  function fits(len: number, start: number): boolean {
    if (len < 1 || start < 0) return false;
    const a = dataStart + start;
    const z = a + len;
    return z <= dataEnd && buf[z - 1] === FT && (start === 0 || buf[a - 1] === FT);
  }

  if (!leftover && tagsReadable && entries.every((x) => fits(x.len, x.start))) {
    let covered = 0;
    for (const x of entries) {
      covered += x.len;
      if (x.wide || x.len > 9999) warn('field.tooLong', 'field.tooLong', { bytes: x.len - 1 }, x.tag);
    }
    // Data no entry points at would vanish without a word: say so.
    if (covered < dataEnd - dataStart) warn('directory.repaired', 'directory.uncovered', { count: dataEnd - dataStart - covered });
    return entries.map((x) => ({ tag: x.tag, start: dataStart + x.start, end: dataStart + x.start + x.len - 1 }));
  }

  // Slow path: the field terminators are the truth.
  const pieces: { start: number; end: number }[] = [];
  let a = dataStart;
  for (let f = find(buf, FT, a, dataEnd); f >= 0; f = find(buf, FT, a, dataEnd)) {
    pieces.push({ start: a, end: f });
    a = f + 1;
  }
  if (a < dataEnd) pieces.push({ start: a, end: dataEnd }); // a last field without its terminator
  if (!tagsReadable) return issue('directory.bad', 'directory.unreadableTags', { entries: entries.length, fields: pieces.length });
  if (entries.length === 0) return issue('directory.bad', 'directory.empty', {});

  const byStart = new Map<number, number>();
  pieces.forEach((piece, i) => byStart.set(piece.start - dataStart, i));
  const used = new Set<number>();
  const spans: FieldSpan[] = [];
  let matched = true;
  for (const x of entries) {
    const i = x.start >= 0 ? byStart.get(x.start) : undefined;
    if (i === undefined || used.has(i)) { matched = false; break; }
    used.add(i);
    spans.push({ tag: x.tag, start: pieces[i]!.start, end: pieces[i]!.end });
  }
  if (matched && used.size === pieces.length) {
    reportLengths(spans, entries.map((x) => x.len));
    // The code's message says the positions were recomputed; a detail only for what it leaves out.
    if (leftover) warn('directory.repaired', 'directory.notMultipleOf12', {});
    else warn('directory.repaired');
    return spans;
  }
  if (entries.length === pieces.length) {
    const paired = entries.map((x, i) => ({ tag: x.tag, start: pieces[i]!.start, end: pieces[i]!.end }));
    reportLengths(paired, entries.map((x) => x.len));
    warn('directory.repaired', leftover ? 'directory.notMultipleOf12InOrder' : 'directory.inOrder', {});
    return paired;
  }
  return issue('directory.bad', 'directory.countMismatch', { entries: entries.length, fields: pieces.length });

  function reportLengths(spans: FieldSpan[], lens: number[]) {
    spans.forEach((span, i) => {
      const real = span.end - span.start + 1;
      const len = lens[i]!;
      if (real > 9999) warn('field.tooLong', 'field.tooLong', { bytes: real - 1 }, span.tag);
      else if (len !== real) {
        if (len < 0) warn('directory.repaired', 'directory.fieldLengthBlank', { actual: real }, span.tag);
        else warn('directory.repaired', 'directory.fieldLength', { declared: len, actual: real }, span.tag);
      }
    });
  }
}

const UNIMARC_TAGS = new Set(['010', '101', '200', '205', '210', '215', '225', '330', '606', '690', '701', '702', '711', '905']);
const MARC21_TAGS = new Set(['008', '020', '041', '082', '245', '246', '250', '260', '264', '300', '490', '520', '650', '700', '710', '852', '952']);

/** MARC 21 or UNIMARC from the tags a record uses; `guessed` when nothing tells them apart. */
export function guessFlavour(tags: Iterable<string>): { flavour: MarcFlavour; guessed: boolean } {
  let unimarc = 0;
  let marc21 = 0;
  for (const tag of tags) {
    if (tag === '245') marc21 += 10;
    else if (tag === '200') unimarc += 10;
    else if (UNIMARC_TAGS.has(tag)) unimarc++;
    else if (MARC21_TAGS.has(tag)) marc21++;
  }
  if (unimarc > marc21) return { flavour: 'unimarc', guessed: false };
  return { flavour: 'marc21', guessed: marc21 === unimarc };
}


/**
 * leader/09 'a' is UTF-8 in both flavours. Otherwise MARC 21 means MARC-8, and UNIMARC says it
 * in 100$a/26-29 (G0 and G1 sets): '50' is ISO 10646 (UTF-8); what Chinese systems write there
 * ("0120", "0110", or nothing) goes with GB 2312/GBK bytes, read as GB18030. The other ISO sets
 * UNIMARC names (ISO 5426 extended Latin, Cyrillic, Greek...) have no decoder here: `unsupported`
 * names them so the record says so instead of showing mojibake without a word.
 */
function declaredEncoding(buf: Buffer, s: number, spans: FieldSpan[], flavour: MarcFlavour): { encoding: MarcEncoding; unsupported?: MarcIssueFacts<'encoding.unsupportedIso'> } {
  if (buf[s + 9] === 0x61) return { encoding: 'utf-8' };
  if (flavour === 'marc21') return { encoding: 'marc-8' };
  const f100 = spans.find((x) => x.tag === '100');
  if (f100) {
    const a = find(buf, SF, f100.start, f100.end);
    if (a >= 0 && buf[a + 1] === 0x61 && a + 2 + 30 <= f100.end) {
      const sets = buf.toString('latin1', a + 2 + 26, a + 2 + 30);
      const g0 = sets.slice(0, 2);
      const g1 = sets.slice(2, 4);
      if (g0 === '50' || g1 === '50') return { encoding: 'utf-8' };
      const foreign = [g0, g1].find((g) => /^(0[2-9]|11)$/.test(g));
      if (foreign) return { encoding: 'gb18030', unsupported: { sets, set: foreign } };
    }
  }
  return { encoding: 'gb18030' };
}

function printable(ch: string): string {
  return ch >= ' ' && ch <= '~' ? ch : ' ';
}

interface Piece { end: number; text: string }

/**
 * GB18030 through iconv-lite costs a call per string, so a GBK record is decoded in one call and
 * cut at its field terminators (0x1E is never part of a GB18030 character). Pieces are keyed by
 * their first byte; undefined when the cut does not line up, and fields are then decoded alone.
 */
function decodeDataArea(buf: Buffer, dataStart: number, dataEnd: number): Map<number, Piece> | undefined {
  const texts = decodeGb18030(buf, dataStart, dataEnd).text.split('\x1e');
  const pieces = new Map<number, Piece>();
  let a = dataStart;
  let i = 0;
  for (let f = find(buf, FT, a, dataEnd); f >= 0; f = find(buf, FT, a, dataEnd)) {
    const text = texts[i++];
    if (text === undefined) return undefined;
    pieces.set(a, { end: f, text });
    a = f + 1;
  }
  return texts.length === i + 1 ? pieces : undefined;
}

function decoded(buf: Buffer, start: number, end: number, encoding: MarcEncoding, piece: Piece | undefined, skip: number): { text: string; invalid: number; unsupported?: string[] } {
  if (!piece || piece.end !== end) return decodeField(buf, start, end, encoding);
  const text = skip > 0 ? piece.text.slice(skip) : piece.text;
  let invalid = 0;
  if (text.includes('\uFFFD')) for (const ch of text) if (ch === '\uFFFD') invalid++;
  return { text, invalid };
}

function decodeSpan(buf: Buffer, span: FieldSpan, encoding: MarcEncoding, warn: Warn, piece?: Piece): MarcField {
  const { tag } = span;
  let { start } = span;
  const end = span.end;
  // 00X are control fields; a non-numeric tag (Aleph's FMT, CAT) is one when it has no subfields.
  const c0 = tag.charCodeAt(0);
  const c1 = tag.charCodeAt(1);
  const c2 = tag.charCodeAt(2);
  const numeric = c0 >= 0x30 && c0 <= 0x39 && c1 >= 0x30 && c1 <= 0x39 && c2 >= 0x30 && c2 <= 0x39;
  const isControl = numeric ? c0 === 0x30 && c1 === 0x30 : find(buf, SF, start, end) < 0;
  if (isControl) {
    const { text, invalid, unsupported } = decoded(buf, start, end, encoding, piece, 0);
    noteInvalid(tag, invalid, unsupported, warn);
    return { tag, value: text };
  }
  let ind1 = ' ';
  let ind2 = ' ';
  if (end - start >= 2 && buf[start] !== SF && buf[start + 1] !== SF) {
    ind1 = printable(String.fromCharCode(buf[start]!));
    ind2 = printable(String.fromCharCode(buf[start + 1]!));
    start += 2;
  } else if (end - start >= 1 && buf[start] !== SF) {
    ind1 = printable(String.fromCharCode(buf[start]!));
    start += 1;
    warn('field.noIndicators', 'field.oneIndicator', {}, tag);
  } else {
    warn('field.noIndicators', 'field.noIndicators', {}, tag);
  }
  // Indicators are bytes; the piece's text can skip them only when each was one ASCII character.
  const skip = start - span.start;
  const asciiIndicators = skip === 0 || (buf[span.start]! < 0x80 && (skip === 1 || buf[span.start + 1]! < 0x80));
  const { text, invalid, unsupported } = decoded(buf, start, end, encoding, asciiIndicators ? piece : undefined, skip);
  noteInvalid(tag, invalid, unsupported, warn);
  const field: DataField = { tag, ind1, ind2, subfields: [] };
  // Cut at the delimiters with indexOf: no array of pieces and no second copy of each value.
  let d = text.indexOf('\x1f');
  if (d !== 0 && text.length > 0) warn('field.dataBeforeSubfield', 'field.dataBeforeSubfield', { text: text.slice(0, Math.min(d < 0 ? text.length : d, 40)) }, tag);
  while (d >= 0) {
    const next = text.indexOf('\x1f', d + 1);
    const end = next < 0 ? text.length : next;
    if (end === d + 1) warn('field.emptySubfieldCode', 'field.emptySubfieldCode', {}, tag);
    else field.subfields.push({ code: text[d + 1]!, value: text.slice(d + 2, end) });
    d = next;
  }
  return field;
}

function noteInvalid(tag: string, invalid: number, unsupported: string[] | undefined, warn: Warn) {
  if (unsupported?.length) warn('encoding.unsupported', 'encoding.unsupportedMarc8', { sets: unsupported.join(', ') }, tag);
  if (invalid > 0) warn('encoding.invalidBytes', 'encoding.invalidBytes', { count: invalid }, tag);
}

/** Our records are Unicode: leader/09 'a', the standard structure; lengths are computed on write. */
export function normalizeLeader(leader: string, flavour: MarcFlavour): string {
  let l = '';
  for (let i = 0; i < 24; i++) l += printable(leader[i] ?? ' ');
  return `00000${l.slice(5, 9)}a2200000${l.slice(17, 20)}${flavour === 'unimarc' ? '450 ' : '4500'}`;
}
