/**
 * ISO 28560-2: library data elements on an HF tag as ISO/IEC 15962 objects. Each element is
 *
 *   precursor | [offset] | length | compacted data | [offset × pad byte]
 *
 * precursor bit 7: an offset byte follows (that many pad bytes come after the data);
 * bits 6-4: the compaction scheme; bits 3-0: the relative OID (1-14; 15: an extension byte
 * follows, relative OID = 15 + that byte). A 0x00 where a precursor is expected ends the data.
 *
 * The golden vector of the standard's Annex D (in the tests) decodes exactly and is re-encoded to
 * the same bytes. Verified by it: integer, application-defined bytes, 6-bit and the ISIL scheme's
 * upper case, "-" and shift to lower case. The rest of the ISIL table, the 5-bit and 7-bit pad and
 * numeric compaction follow ISO/IEC 15962 as we read it and are checked only by round trips.
 */

/** Relative OIDs of ISO 28560-1 (the ones we write are named). */
export const OID = {
  primaryItemId: 1,
  contentParameter: 2,
  ownerLibrary: 3,
  setInformation: 4,
  typeOfUsage: 5,
  shelfLocation: 6,
  mediaFormat: 8,
  title: 17,
} as const;

export const COMPACTION = { application: 0, integer: 1, numeric: 2, bit5: 3, bit6: 4, bit7: 5, octets: 6, utf8: 7 } as const;
export type Compaction = (typeof COMPACTION)[keyof typeof COMPACTION];

export interface TagElement {
  oid: number;
  compaction: Compaction;
  /** The compacted bytes as stored. */
  bytes: Uint8Array;
  /** Pad bytes after the data (the offset byte; absent: none), kept so a re-encode gives the same bytes. */
  offset?: number;
}

export class TagFormatError extends Error {
  readonly at: number;
  constructor(message: string, at: number) {
    super(message);
    this.at = at;
  }
}

// shared/ has neither DOM nor Node types: UTF-8 by hand (well-formed input; lone surrogates → U+FFFD).
function utf8Encode(text: string): Uint8Array {
  const out: number[] = [];
  for (const ch of text) {
    let cp = ch.codePointAt(0)!;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 63));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63));
  }
  return Uint8Array.from(out);
}

function utf8Decode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const n = b < 0x80 ? 0 : b >= 0xf0 ? 3 : b >= 0xe0 ? 2 : b >= 0xc0 ? 1 : -1;
    if (n < 0 || i + n >= bytes.length + (n ? 0 : 1)) {
      out += '\ufffd';
      i += 1;
      continue;
    }
    let cp = n ? b & (0x3f >> n) : b;
    for (let k = 1; k <= n; k++) cp = (cp << 6) | (bytes[i + k]! & 63);
    out += String.fromCodePoint(cp);
    i += n + 1;
  }
  return out;
}

// ---- bit packing ----

function packBits(groups: readonly number[], width: number, padBits: (n: number) => number): Uint8Array {
  const total = groups.length * width;
  const bytes = new Uint8Array(Math.ceil(total / 8));
  let bit = 0;
  const put = (v: number, w: number) => {
    for (let i = w - 1; i >= 0; i--, bit++) if ((v >> i) & 1) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
  };
  for (const g of groups) put(g, width);
  const rest = bytes.length * 8 - total;
  if (rest) put(padBits(rest), rest);
  return bytes;
}

function unpackBits(bytes: Uint8Array, width: number): number[] {
  const out: number[] = [];
  const bits = bytes.length * 8;
  for (let at = 0; at + width <= bits; at += width) {
    let v = 0;
    for (let i = 0; i < width; i++) v = (v << 1) | ((bytes[(at + i) >> 3]! >> (7 - ((at + i) & 7))) & 1);
    out.push(v);
  }
  return out;
}

// ---- character compactions ----

const isBit5 = (s: string) => /^[\x40-\x5F]*$/.test(s);
const isBit6 = (s: string) => /^[\x20-\x5F]*$/.test(s);
const isBit7 = (s: string) => /^[\x00-\x7F]*$/.test(s);
const isLatin1 = (s: string) => /^[\x00-\xFF]*$/.test(s);

/** The smallest compaction that holds `text`, as ISO/IEC 15962 picks it. */
export function chooseCompaction(text: string): Compaction {
  if (/^[1-9]\d{0,14}$/.test(text)) return COMPACTION.integer;
  if (/^\d+$/.test(text)) return COMPACTION.numeric;
  // A text ending in its scheme's pad character would lose it (padding is indistinguishable).
  if (isBit5(text) && !text.endsWith('_')) return COMPACTION.bit5;
  if (isBit6(text) && !text.endsWith(' ')) return COMPACTION.bit6;
  if (isBit7(text) && !text.endsWith('\x7f')) return COMPACTION.bit7;
  return isLatin1(text) ? COMPACTION.octets : COMPACTION.utf8;
}

function integerBytes(n: bigint): Uint8Array {
  const out: number[] = [];
  do {
    out.unshift(Number(n & 0xffn));
    n >>= 8n;
  } while (n > 0n);
  return Uint8Array.from(out);
}

/** Compacts `text` with the scheme (never the application-defined one). */
export function compact(text: string, scheme: Compaction): Uint8Array {
  switch (scheme) {
    case COMPACTION.integer:
      if (!/^\d+$/.test(text)) throw new TagFormatError(`not an integer: ${text}`, 0);
      return integerBytes(BigInt(text));
    case COMPACTION.numeric: {
      // Binary-coded decimal, two digits a byte, an odd count filled with 0xF (leading zeros kept).
      if (!/^\d+$/.test(text)) throw new TagFormatError(`not numeric: ${text}`, 0);
      return packBits([...text].map(Number), 4, () => 0xf);
    }
    case COMPACTION.bit5:
      if (!isBit5(text)) throw new TagFormatError(`not 5-bit: ${text}`, 0);
      return packBits([...text].map((c) => c.charCodeAt(0) & 0x1f), 5, (n) => (1 << n) - 1);
    case COMPACTION.bit6:
      // Padded with the leading bits of a space (100000), as the Annex D vector is.
      if (!isBit6(text)) throw new TagFormatError(`not 6-bit: ${text}`, 0);
      return packBits([...text].map((c) => c.charCodeAt(0) & 0x3f), 6, (n) => 0x20 >> (6 - n));
    case COMPACTION.bit7:
      if (!isBit7(text)) throw new TagFormatError(`not 7-bit: ${text}`, 0);
      return packBits([...text].map((c) => c.charCodeAt(0)), 7, (n) => (1 << n) - 1);
    case COMPACTION.octets:
      if (!isLatin1(text)) throw new TagFormatError(`not ISO 8859-1: ${text}`, 0);
      return Uint8Array.from([...text].map((c) => c.charCodeAt(0)));
    case COMPACTION.utf8:
      return utf8Encode(text);
    default:
      throw new TagFormatError(`compaction ${scheme} holds no text`, 0);
  }
}

export function expand(bytes: Uint8Array, scheme: Compaction): string {
  switch (scheme) {
    case COMPACTION.integer: {
      let n = 0n;
      for (const b of bytes) n = (n << 8n) | BigInt(b);
      return n.toString();
    }
    case COMPACTION.numeric:
      return unpackBits(bytes, 4).filter((d) => d !== 0xf).map((d) => (d < 10 ? String(d) : '?')).join('');
    case COMPACTION.bit5: {
      // Padding is 1 bits; 5 to 7 of them make one more all-ones group, which is no character.
      const g = unpackBits(bytes, 5);
      if (g.at(-1) === 0x1f && bytes.length * 8 - (g.length - 1) * 5 <= 7) g.pop();
      return g.map((v) => String.fromCharCode(v | 0x40)).join('');
    }
    case COMPACTION.bit6: {
      // Padding is a space's bits; six of them make one more space, which is no character.
      const g = unpackBits(bytes, 6);
      if (g.at(-1) === 0x20 && bytes.length * 8 - (g.length - 1) * 6 <= 7) g.pop();
      return g.map((v) => String.fromCharCode(v < 0x20 ? v | 0x40 : v)).join('');
    }
    case COMPACTION.bit7: {
      const g = unpackBits(bytes, 7);
      if (g.at(-1) === 0x7f && bytes.length * 8 - (g.length - 1) * 7 <= 7) g.pop();
      return g.map((v) => String.fromCharCode(v)).join('');
    }
    case COMPACTION.octets:
      return [...bytes].map((b) => String.fromCharCode(b)).join('');
    case COMPACTION.utf8:
      return utf8Decode(bytes);
    default:
      return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  }
}

// ---- the ISIL scheme (owner library, compaction 0) ----

/**
 * ISIL characters in three modes: upper case and lower case (5 bits: "-", letters, ":"), digits
 * (4 bits: 0-9, "-", ":"), with codes that switch mode for one character (shift) or until the
 * next switch (latch). Starts in upper case.
 */
const UPPER = '-ABCDEFGHIJKLMNOPQRSTUVWXYZ:';
const LOWER = '-abcdefghijklmnopqrstuvwxyz:';
const DIGIT = '0123456789-:';
type Mode = 'upper' | 'lower' | 'digit';
const CTRL: Record<Mode, Partial<Record<`${'latch' | 'shift'}-${Mode}`, number>>> = {
  upper: { 'latch-lower': 28, 'shift-lower': 29, 'latch-digit': 30, 'shift-digit': 31 },
  lower: { 'latch-upper': 28, 'shift-upper': 29, 'latch-digit': 30, 'shift-digit': 31 },
  digit: { 'latch-upper': 12, 'shift-upper': 13, 'latch-lower': 14, 'shift-lower': 15 },
};
const TABLE: Record<Mode, string> = { upper: UPPER, lower: LOWER, digit: DIGIT };
const modeOf = (c: string): Mode => (/[a-z]/.test(c) ? 'lower' : /\d/.test(c) ? 'digit' : 'upper');

export function compactIsil(isil: string): Uint8Array {
  if (!/^[A-Za-z0-9\-:]{1,16}$/.test(isil)) throw new TagFormatError(`not an ISIL: ${isil}`, 0);
  const bits: Array<[number, number]> = [];
  let mode: Mode = 'upper';
  const width = (m: Mode) => (m === 'digit' ? 4 : 5);
  const chars = [...isil];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    // "-" and ":" exist in every mode: stay.
    const want: Mode = TABLE[mode].includes(c) ? mode : modeOf(c);
    if (want !== mode) {
      // Latch when the next character needs the same mode too, else shift for one.
      const next = chars[i + 1];
      const latch = next != null && !TABLE[mode].includes(next) && modeOf(next) === want;
      bits.push([CTRL[mode][`${latch ? 'latch' : 'shift'}-${want}`]!, width(mode)]);
      bits.push([TABLE[want].indexOf(c), width(want)]);
      if (latch) mode = want;
      continue;
    }
    bits.push([TABLE[mode].indexOf(c), width(mode)]);
  }
  const total = bits.reduce((s, [, w]) => s + w, 0);
  const bytes = new Uint8Array(Math.ceil(total / 8));
  let at = 0;
  for (const [v, w] of bits) for (let i = w - 1; i >= 0; i--, at++) if ((v >> i) & 1) bytes[at >> 3]! |= 0x80 >> (at & 7);
  // Pad with 1 bits, as the Annex D vector is.
  for (; at < bytes.length * 8; at++) bytes[at >> 3]! |= 0x80 >> (at & 7);
  return bytes;
}

export function expandIsil(bytes: Uint8Array): string {
  let at = 0;
  const bits = bytes.length * 8;
  const read = (w: number) => {
    let v = 0;
    for (let i = 0; i < w; i++, at++) v = (v << 1) | ((bytes[at >> 3]! >> (7 - (at & 7))) & 1);
    return v;
  };
  let mode: Mode = 'upper';
  let out = '';
  while (true) {
    const w = mode === 'digit' ? 4 : 5;
    if (at + w > bits) break;
    const v = read(w);
    const ctrl = Object.entries(CTRL[mode]).find(([, code]) => code === v)?.[0] as `${'latch' | 'shift'}-${Mode}` | undefined;
    if (!ctrl) {
      out += TABLE[mode][v] ?? '?';
      continue;
    }
    const [kind, to] = ctrl.split('-') as ['latch' | 'shift', Mode];
    if (kind === 'latch') {
      mode = to;
      continue;
    }
    const w2 = to === 'digit' ? 4 : 5;
    if (at + w2 > bits) break; // a shift in the padding
    out += TABLE[to][read(w2)] ?? '?';
  }
  return out;
}

// ---- elements ----

export function encodeElements(elements: readonly TagElement[]): Uint8Array {
  const out: number[] = [];
  for (const e of elements) {
    if (e.oid < 1 || e.oid > 15 + 255) throw new TagFormatError(`relative OID out of range: ${e.oid}`, out.length);
    if (e.bytes.length > 255) throw new TagFormatError(`element ${e.oid} is longer than 255 bytes`, out.length);
    const ext = e.oid >= 15;
    out.push((e.offset != null ? 0x80 : 0) | (e.compaction << 4) | (ext ? 15 : e.oid));
    if (ext) out.push(e.oid - 15);
    if (e.offset != null) out.push(e.offset);
    out.push(e.bytes.length, ...e.bytes);
    for (let i = 0; i < (e.offset ?? 0); i++) out.push(0);
  }
  return Uint8Array.from(out);
}

/** Reads elements until a 0x00 precursor or the end; a malformed element is an error with its position. */
export function decodeElements(bytes: Uint8Array): TagElement[] {
  const out: TagElement[] = [];
  let i = 0;
  while (i < bytes.length && bytes[i] !== 0) {
    const start = i;
    const p = bytes[i++]!;
    let oid = p & 0x0f;
    if (oid === 15) {
      if (i >= bytes.length) throw new TagFormatError('extended OID cut off', start);
      oid = 15 + bytes[i++]!;
    }
    const hasOffset = (p & 0x80) !== 0;
    const offset = hasOffset ? bytes[i++] : undefined;
    const len = bytes[i++];
    if ((hasOffset && offset == null) || len == null || i + len > bytes.length) throw new TagFormatError(`element at ${start} runs past the end of the tag data`, start);
    out.push({ oid, compaction: ((p >> 4) & 7) as Compaction, bytes: bytes.slice(i, i + len), ...(hasOffset ? { offset } : {}) });
    i += len + (offset ?? 0);
  }
  return out;
}

// ---- the library model ----

export interface LibraryTagData {
  /** The copy's barcode. */
  primaryItemId: string;
  /** ISIL of the owning library, e.g. CN-110000-X. */
  ownerLibrary?: string;
  /** Part `part` of a set of `total` (a book with its CD is part 1 and 2 of 2). */
  setInformation?: { part: number; total: number };
  /** High nibble: class (1 circulating, 2 not for circulation, 7 discarded, 8 patron card …), low: sub-class. */
  typeOfUsage?: number;
  shelfLocation?: string;
}

/**
 * The content parameter (OID 2) lists which OIDs 3 and up the tag holds: bit 7 of its first byte
 * is OID 3, bit 6 OID 4, and so on. Annex D's 0xD0 = OIDs 3, 4 and 6.
 */
function contentParameter(oids: readonly number[]): Uint8Array {
  const max = Math.max(3, ...oids);
  const bytes = new Uint8Array(Math.ceil((max - 2) / 8));
  for (const o of oids) if (o >= 3) bytes[(o - 3) >> 3]! |= 0x80 >> ((o - 3) & 7);
  return bytes;
}

/**
 * Set information as digits: the total first, then the part, each padded to the same width
 * (Annex D's 1203 = part 3 of 12; the other reading, part 12 of 3, cannot be).
 */
function setDigits(s: { part: number; total: number }): string {
  const w = Math.max(String(s.total).length, String(s.part).length);
  return String(s.total).padStart(w, '0') + String(s.part).padStart(w, '0');
}

const element = (oid: number, text: string): TagElement => {
  const compaction = chooseCompaction(text);
  return { oid, compaction, bytes: compact(text, compaction) };
};

/**
 * The bytes of a tag: primary item ID first (a gate reads only that), the content parameter,
 * then the optional elements in OID order; padded with zeros to whole blocks of `blockSize`.
 */
export function encodeLibraryTag(d: LibraryTagData, blockSize = 4): Uint8Array {
  if (!d.primaryItemId) throw new TagFormatError('a tag needs its primary item ID', 0);
  const optional: TagElement[] = [];
  if (d.ownerLibrary) optional.push({ oid: OID.ownerLibrary, compaction: COMPACTION.application, bytes: compactIsil(d.ownerLibrary) });
  // An integer, as Annex D stores it: leading zeros go, the decoder restores an even digit count.
  if (d.setInformation) optional.push({ oid: OID.setInformation, compaction: COMPACTION.integer, bytes: compact(String(Number(setDigits(d.setInformation))), COMPACTION.integer) });
  if (d.typeOfUsage != null) optional.push({ oid: OID.typeOfUsage, compaction: COMPACTION.application, bytes: Uint8Array.of(d.typeOfUsage & 0xff) });
  if (d.shelfLocation) optional.push(element(OID.shelfLocation, d.shelfLocation));
  const head = [element(OID.primaryItemId, d.primaryItemId), ...(optional.length ? [{ oid: OID.contentParameter, compaction: COMPACTION.application, bytes: contentParameter(optional.map((o) => o.oid)) } as TagElement] : [])];
  const body = encodeElements([...head, ...optional]);
  const size = Math.ceil((body.length + 1) / blockSize) * blockSize; // at least one 0x00 terminator
  const out = new Uint8Array(size);
  out.set(body);
  return out;
}

export function decodeLibraryTag(bytes: Uint8Array): LibraryTagData & { elements: TagElement[] } {
  const elements = decodeElements(bytes);
  const first = elements[0];
  if (!first || first.oid !== OID.primaryItemId) throw new TagFormatError('the tag does not start with a primary item ID', 0);
  const text = (e: TagElement) => (e.compaction === COMPACTION.application ? expand(e.bytes, COMPACTION.octets) : expand(e.bytes, e.compaction));
  const out: LibraryTagData & { elements: TagElement[] } = { primaryItemId: text(first), elements };
  for (const e of elements.slice(1)) {
    if (e.oid === OID.ownerLibrary) out.ownerLibrary = e.compaction === COMPACTION.application ? expandIsil(e.bytes) : text(e);
    else if (e.oid === OID.setInformation) {
      let digits = expand(e.bytes, e.compaction === COMPACTION.application ? COMPACTION.integer : e.compaction);
      if (digits.length % 2) digits = `0${digits}`;
      const h = digits.length / 2;
      out.setInformation = { total: Number(digits.slice(0, h)), part: Number(digits.slice(h)) };
    } else if (e.oid === OID.typeOfUsage) out.typeOfUsage = e.bytes[0];
    else if (e.oid === OID.shelfLocation) out.shelfLocation = text(e);
  }
  return out;
}
