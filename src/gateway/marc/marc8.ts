import { EACC_RUNS, MARC8_SETS } from './marc8-tables.ts';

/**
 * MARC-8 (the pre-Unicode character encoding of MARC 21) to Unicode NFC. G0 starts as ASCII and
 * G1 as ANSEL at every call (we decode one field at a time, and a field starts in that state);
 * escape sequences switch sets: ESC ( , ) - with a final byte for 94-character sets, ESC $ for
 * the multibyte EACC (CJK), ESC g / b / p / s for Greek symbols, subscripts, superscripts and
 * back. MARC-8 writes a combining mark BEFORE its base character; Unicode after it, so marks wait
 * for their base. The tables come from yaz-iconv (scripts/generate-marc8-tables.ts).
 */

export interface Marc8Result {
  text: string;
  /** Bytes or codes that are not characters in the set in force (each became U+FFFD). */
  invalid: number;
  /** Final bytes of designated sets we have no table for. */
  unsupported: string[];
}

const ASCII = 'B';
const ANSEL = 'E';
const EACC = '1';
const REPLACEMENT = '\uFFFD';
const ESC = 0x1b;

interface SetTable {
  chars: string[];
  combining: Uint8Array;
}

const COMBINING = /^\p{M}$/u;
let tables: Map<string, SetTable> | undefined;
let eacc: Map<number, string> | undefined;

function setTable(final: string): SetTable | undefined {
  if (!tables) {
    tables = new Map();
    for (const [key, chars] of Object.entries(MARC8_SETS)) {
      const list = Array.from(chars);
      const combining = new Uint8Array(list.length);
      list.forEach((c, i) => { combining[i] = COMBINING.test(c) ? 1 : 0; });
      tables.set(key, { chars: list, combining });
    }
  }
  return tables.get(final);
}

function eaccTable(): Map<number, string> {
  if (!eacc) {
    eacc = new Map();
    for (const run of EACC_RUNS) {
      let code = parseInt(run.slice(0, 6), 16);
      for (const ch of run.slice(6)) eacc.set(code++, ch);
    }
  }
  return eacc;
}

/** True when some byte of the range could only be MARC-8 (an escape sequence). */
export function hasMarc8Escape(bytes: Uint8Array, start: number, end: number): boolean {
  return start < end && bytes.subarray(start, end).indexOf(ESC) >= 0; // bounded: indexOf alone scans to the end of the file
}

export function decodeMarc8(bytes: Uint8Array, start = 0, end = bytes.length): Marc8Result {
  let g0 = ASCII;
  let g1 = ANSEL;
  let out = '';
  let pending = ''; // combining marks waiting for their base character
  let invalid = 0;
  let ascii = true;
  const unsupported: string[] = [];

  const emit = (ch: string, combining: boolean) => {
    if (combining) { pending += ch; return; }
    out += ch + pending;
    pending = '';
  };
  const bad = () => { invalid++; emit(REPLACEMENT, false); };

  let i = start;
  while (i < end) {
    const b = bytes[i]!;
    if (b === ESC) {
      i = escape(i);
      continue;
    }
    if (b === 0x20) { emit(' ', false); i++; continue; }
    if (b < 0x20 || b === 0x7f) { emit(String.fromCharCode(b), false); i++; continue; }
    const high = b >= 0x80;
    if (high) ascii = false;
    if (high && b < 0xa1) {
      // ANSEL's four C1 codes: non-sort begin/end and the two joiners.
      if (b === 0x88) emit('\u0098', false);
      else if (b === 0x89) emit('\u009c', false);
      else if (b === 0x8d) emit('\u200d', false);
      else if (b === 0x8e) emit('\u200c', false);
      else bad();
      i++;
      continue;
    }
    if (b === 0xff) { bad(); i++; continue; }
    const set = high ? g1 : g0;
    if (set === EACC) {
      // Three bytes of the same half; a short or mixed triple is invalid.
      const b1 = bytes[i + 1];
      const b2 = bytes[i + 2];
      const inHalf = (x: number | undefined) => x !== undefined && x !== 0x20 && (high ? x >= 0xa1 && x <= 0xfe : x >= 0x21 && x <= 0x7e);
      if (i + 2 < end && inHalf(b1) && inHalf(b2)) {
        ascii = false;
        const code = ((b & 0x7f) << 16) | ((b1! & 0x7f) << 8) | (b2! & 0x7f);
        const ch = eaccTable().get(code);
        if (ch === undefined) bad();
        else emit(ch, false);
        i += 3;
      } else {
        bad();
        i++;
      }
      continue;
    }
    if (set === ASCII) {
      emit(String.fromCharCode(b & 0x7f), false);
      i++;
      continue;
    }
    ascii = false;
    const table = setTable(set);
    const index = (b & 0x7f) - 0x21;
    const ch = table?.chars[index];
    if (!table || ch === undefined || ch === '\u0000') bad();
    else emit(ch, table.combining[index] === 1);
    i++;
  }
  if (pending) out += pending;
  return { text: ascii ? out : out.normalize('NFC'), invalid, unsupported };

  /** Reads one escape sequence at i; returns the index after it. */
  function escape(at: number): number {
    const next = bytes[at + 1];
    const designate = (final: number | undefined, g: 0 | 1, multibyte: boolean, after: number): number => {
      if (final === undefined || at + after > end) { invalid++; return end; }
      let f = String.fromCharCode(final);
      // A multibyte set other than EACC gets a name no table has, so its bytes become U+FFFD.
      if (multibyte && f !== EACC) f = `$${f}`;
      if (f !== ASCII && f !== EACC && !setTable(f) && !unsupported.includes(f)) unsupported.push(f);
      if (g === 0) g0 = f;
      else g1 = f;
      return at + after;
    };
    switch (next) {
      case 0x28: case 0x2c: return designate(bytes[at + 2], 0, false, 3); // ( ,
      case 0x29: case 0x2d: return designate(bytes[at + 2], 1, false, 3); // ) -
      case 0x24: { // $
        const third = bytes[at + 2];
        if (third === 0x28 || third === 0x2c) return designate(bytes[at + 3], 0, true, 4);
        if (third === 0x29 || third === 0x2d) return designate(bytes[at + 3], 1, true, 4);
        return designate(third, 0, true, 3);
      }
      case 0x67: g0 = 'g'; return at + 2; // Greek symbols
      case 0x62: g0 = 'b'; return at + 2; // subscripts
      case 0x70: g0 = 'p'; return at + 2; // superscripts
      case 0x73: g0 = ASCII; return at + 2;
      default:
        invalid++;
        return at + 1;
    }
  }
}
