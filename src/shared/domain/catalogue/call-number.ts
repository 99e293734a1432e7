/**
 * Call numbers (索书号) as Chinese school libraries write them: class number / book number, then
 * an optional additional number for the volume — `I247.5/123:2` is volume 2 of the 123rd title
 * catalogued in class I247.5. Copies of one title share the call number (barcodes tell them
 * apart). The book number is either a 种次号 (the next sequence number within the class, the
 * usual scheme in Chinese school libraries) or an author number (see authorNumber).
 */

export interface CallNumberParts {
  classNo: string;
  bookNo: string;
  /** Volume / part: the additional number (附加号), '' when none. */
  addNo: string;
}

/** Joins the parts: `I247.5/123`, `I247.5/123:2`; no slash without a book number. */
export function composeCallNumber({ classNo, bookNo, addNo }: CallNumberParts): string {
  const c = classNo.trim();
  const b = bookNo.trim();
  const a = addNo.trim();
  return `${c}${b ? `/${b}` : ''}${a ? `:${a}` : ''}`;
}

/** Splits a written call number; what has no slash is all class number. */
export function parseCallNumber(callNo: string): CallNumberParts {
  const s = callNo.trim();
  const slash = s.indexOf('/');
  const classNo = slash < 0 ? s.replace(/:.*$/, '') : s.slice(0, slash);
  const rest = slash < 0 ? '' : s.slice(slash + 1);
  const colon = slash < 0 ? s.indexOf(':') : rest.indexOf(':');
  const bookNo = slash < 0 ? '' : colon < 0 ? rest : rest.slice(0, colon);
  const addNo = colon < 0 ? '' : (slash < 0 ? s : rest).slice(colon + 1);
  return { classNo, bookNo, addNo };
}

/**
 * The highest 种次号 a class counts from. A longer number typed as the book number (a date, an
 * accession number like 20240000001) is not a place in the class's sequence, and would overflow
 * the class counter (a 32-bit integer on PostgreSQL).
 */
export const MAX_SEQUENCE_NUMBER = 99_999_999;

/** 种次号: one more than the highest numeric book number already used in the class (up to MAX_SEQUENCE_NUMBER). */
export function nextSequenceNumber(existingBookNumbersInClass: Iterable<string>): string {
  let max = 0;
  for (const b of existingBookNumbersInClass) {
    const m = /^\d+/.exec(b.trim());
    if (m && Number(m[0]) <= MAX_SEQUENCE_NUMBER) max = Math.max(max, Number(m[0]));
  }
  return String(max + 1);
}

// ---- author numbers ----

const VOWELS = new Set(['A', 'E', 'I', 'O', 'U']);

/** Second-letter digit after an initial vowel. */
function afterVowel(c: string): number | null {
  if (c === 'B') return 2;
  if (c === 'D') return 3;
  if (c === 'L' || c === 'M') return 4;
  if (c === 'N') return 5;
  if (c === 'P') return 6;
  if (c === 'R') return 7;
  if (c === 'S' || c === 'T') return 8;
  if (c >= 'U' && c <= 'Y') return 9;
  return null;
}

/** Second-letter digit after an initial S (two letters for "ch"). */
function afterS(rest: string): number | null {
  const c = rest[0] ?? '';
  if (c === 'A') return 2;
  if (rest.startsWith('CH')) return 3;
  if (c === 'E') return 4;
  if (c === 'H' || c === 'I') return 5;
  if (c >= 'M' && c <= 'P') return 6;
  if (c === 'T') return 7;
  if (c === 'U') return 8;
  if (c >= 'W' && c <= 'Z') return 9;
  return null;
}

/** Second-letter digit after other initial consonants. */
function afterConsonant(c: string): number | null {
  if (c === 'A') return 3;
  if (c === 'E') return 4;
  if (c === 'I') return 5;
  if (c === 'O') return 6;
  if (c === 'R') return 7;
  if (c === 'U') return 8;
  if (c === 'Y') return 9;
  return null;
}

/** Expansion digit for the next letter. */
function expansion(c: string): number | null {
  if (!/[A-Z]/.test(c)) return null;
  if (c <= 'D') return 3;
  if (c <= 'H') return 4;
  if (c <= 'L') return 5;
  if (c <= 'O') return 6;
  if (c <= 'S') return 7;
  if (c <= 'V') return 8;
  return 9;
}

/**
 * An author number in the Cutter–Sanborn style, by the short public rules of the Library of
 * Congress Cutter table (initial letter, then one digit for the second letter and one for the
 * next): "Smith" → S65, "Adams" → A33, "Quinn" → Q56. Chinese authors are given here romanised
 * (the gateway writes the pinyin of surname and given name with pinyin-pro): 鲁迅 → "lu xun" →
 * L89. One rule for both scripts, so a shelf of translated and Chinese authors files alike.
 * Returns '' for a name without Latin letters.
 */
export function authorNumber(romanisedName: string, digits = 2): string {
  const letters = romanisedName.normalize('NFKD').toUpperCase().replace(/[^A-Z]/g, '');
  if (!letters) return '';
  const initial = letters[0]!;
  let pos = 1;
  const out: number[] = [];
  if (initial === 'Q' && letters[1] === 'U') {
    // Qu: the third letter decides.
    const c = letters[2] ?? '';
    const d = c === 'A' ? 3 : c === 'E' ? 4 : c === 'I' ? 5 : c === 'O' ? 6 : c === 'R' ? 7 : c === 'T' ? 8 : c === 'Y' ? 9 : null;
    if (d != null) out.push(d);
    pos = 3;
  } else if (initial === 'Q') {
    out.push(2);
  } else {
    const rest = letters.slice(1);
    const d = VOWELS.has(initial) ? afterVowel(rest[0] ?? '') : initial === 'S' ? afterS(rest) : afterConsonant(rest[0] ?? '');
    if (d != null) out.push(d);
    else if (rest[0]) out.push(expansion(rest[0]) ?? 3);
    pos = initial === 'S' && rest.startsWith('CH') ? 3 : 2;
  }
  while (out.length < digits && pos < letters.length) {
    const d = expansion(letters[pos]!);
    if (d != null) out.push(d);
    pos++;
  }
  return initial + out.join('');
}

// ---- shelf order ----

/**
 * Auxiliary notations of CLC sort before further decimal places of the same number: I247.5 <
 * I247.5-53 < I247.5(2) < I247.5=6 < I247.51. Mapped to characters below the digits.
 */
const AUX_ORDER: Record<string, string> = { '-': '\u0002', '(': '\u0003', ')': '', '=': '\u0004', '"': '\u0005', '<': '\u0006', '>': '', ':': '\u0007', '+': '\u0008', '/': '\u0009' };

function classKey(classNo: string): string {
  let out = '';
  for (const ch of classNo.trim().toUpperCase()) {
    if (ch === '.' || ch === ' ') continue; // the point only groups digits: the notation is a decimal fraction
    if (ch in AUX_ORDER) out += AUX_ORDER[ch];
    else out += ch;
  }
  return out + '\u0001';
}

/** Numbers within a book or additional number compare numerically, the rest as text. */
function mixedKey(s: string): string {
  return s.trim().toUpperCase().replace(/\d+/g, (d) => d.replace(/^0+(?=\d)/, '').padStart(8, '0'));
}

/** A key whose plain string order is shelf order. */
export function callNumberSortKey(callNo: string): string {
  const p = parseCallNumber(callNo);
  return `${classKey(p.classNo)}\u0000${mixedKey(p.bookNo)}\u0000${mixedKey(p.addNo)}`;
}

export function compareCallNumbers(a: string, b: string): number {
  const x = callNumberSortKey(a);
  const y = callNumberSortKey(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
