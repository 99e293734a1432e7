import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';
import type { MarcIssue } from '../../shared/domain/marc-rules.ts';
import { decodeMarc8, hasMarc8Escape } from './marc8.ts';
import { ENCODING_NAMES, issue } from './marc-issue.ts';

/**
 * Which character set a record's bytes are in, and turning them into Unicode. The declaration
 * (leader/09, UNIMARC 100$a/26-29) is a claim; the bytes are evidence: valid multibyte UTF-8 is
 * UTF-8 whatever the leader says, GB 2312-shaped byte pairs that decode cleanly are GB18030, an
 * escape sequence is MARC-8. When the evidence contradicts the claim we follow the evidence and
 * say so (encoding.mismatch).
 */
export type MarcEncoding = 'utf-8' | 'gb18030' | 'marc-8';
export type EncodingOption = 'auto' | MarcEncoding;

export interface EncodingChoice {
  encoding: MarcEncoding;
  declared: MarcEncoding;
  /** Why the choice differs from the declaration: the warning (encoding.mismatch) to give. */
  mismatch?: MarcIssue;
}

const mismatch = (declared: MarcEncoding, actual: MarcEncoding): MarcIssue =>
  issue('encoding.mismatch', 'encoding.mismatch', { declared: ENCODING_NAMES[declared], actual: ENCODING_NAMES[actual] });

/** True when every byte of the range is 7-bit and no escape is among them. */
export function isAscii(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    if (b >= 0x80 || b === 0x1b) return false;
  }
  return true;
}

/**
 * Chinese text in GBK is almost all pairs of high bytes (GB 2312: lead 0xB0-0xF7, trail
 * 0xA1-0xFE); MARC-8 Latin text puts one high byte (a diacritic) before an ASCII letter. Counting
 * both shapes tells them apart without decoding.
 */
export function looksLikeGbk(bytes: Uint8Array, start: number, end: number): boolean {
  let highPairs = 0;
  let lowTrails = 0;
  for (let i = start; i < end; i++) {
    const b = bytes[i]!;
    if (b < 0x81) continue;
    const t = bytes[i + 1];
    if (i + 1 < end && t !== undefined && t >= 0xa1 && t <= 0xfe && b >= 0xa1) highPairs++;
    else lowTrails++;
    i++;
  }
  return highPairs > 0 && highPairs >= lowTrails * 2;
}

/**
 * Node's built-in WHATWG decoder (ICU) is about four times faster than iconv-lite on record-sized
 * strings and gives the same text; iconv-lite stays for runtimes built without full ICU.
 */
const nativeGb18030 = (() => {
  try {
    return new TextDecoder('gb18030');
  } catch {
    return undefined;
  }
})();

export function decodeGb18030(bytes: Buffer, start: number, end: number): { text: string; invalid: number } {
  const view = bytes.subarray(start, end);
  const text = nativeGb18030 ? nativeGb18030.decode(view) : iconv.decode(view, 'gb18030');
  return { text, invalid: countReplacements(text) };
}

function countReplacements(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) n++;
  return n;
}

/**
 * Picks the encoding of one record's data from its declaration and its bytes. `forced` (an
 * import option) skips the evidence: the user said what the file is.
 */
export function chooseEncoding(bytes: Buffer, start: number, end: number, declared: MarcEncoding, marc21: boolean, forced: EncodingOption): EncodingChoice {
  if (forced !== 'auto') return { encoding: forced, declared };
  if (isAscii(bytes, start, end)) return { encoding: declared, declared };
  if (isUtf8(bytes.subarray(start, end))) {
    // A MARC-8 escape is 7-bit, so an escape plus valid UTF-8 is still MARC-8 (all 7-bit sets).
    if (declared === 'marc-8' && hasMarc8Escape(bytes, start, end)) return { encoding: 'marc-8', declared };
    return declared === 'utf-8' ? { encoding: 'utf-8', declared } : { encoding: 'utf-8', declared, mismatch: mismatch(declared, 'utf-8') };
  }
  if (declared === 'marc-8' && hasMarc8Escape(bytes, start, end)) return { encoding: 'marc-8', declared };
  if (declared !== 'gb18030' && looksLikeGbk(bytes, start, end) && decodeGb18030(bytes, start, end).invalid === 0) {
    return { encoding: 'gb18030', declared, mismatch: mismatch(declared, 'gb18030') };
  }
  if (declared === 'utf-8' && marc21 && decodeMarc8(bytes, start, end).invalid === 0) {
    return { encoding: 'marc-8', declared, mismatch: mismatch(declared, 'marc-8') };
  }
  if (declared === 'gb18030' && !looksLikeGbk(bytes, start, end)) {
    // GBK decodes almost any byte pair, so this would be mojibake without a word.
    return { encoding: declared, declared, mismatch: issue('encoding.mismatch', 'encoding.notGbk', {}) };
  }
  return { encoding: declared, declared };
}

/** Decodes one field's bytes; `invalid` counts what became U+FFFD. */
export function decodeField(bytes: Buffer, start: number, end: number, encoding: MarcEncoding): { text: string; invalid: number; unsupported?: string[] } {
  if (encoding === 'utf-8') {
    const text = bytes.toString('utf8', start, end);
    return { text, invalid: text.includes('\uFFFD') && !isUtf8(bytes.subarray(start, end)) ? countReplacements(text) : 0 };
  }
  if (isAscii(bytes, start, end)) return { text: bytes.toString('latin1', start, end), invalid: 0 };
  if (encoding === 'gb18030') return decodeGb18030(bytes, start, end);
  const r = decodeMarc8(bytes, start, end);
  return r.unsupported.length > 0 ? r : { text: r.text, invalid: r.invalid };
}
