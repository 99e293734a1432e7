// Generates src/gateway/marc/marc8-tables.ts from Debian's yaz (`yaz-marcdump -f marc8`), so our MARC-8
// decoder and yaz agree character for character, and nobody hand-types 15,000 CJK mappings.
// Run once when yaz changes: `npx node scripts/generate-marc8-tables.ts`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ESC = 0x1b;
const RESET = [ESC, 0x28, 0x42]; // ESC ( B: G0 back to ASCII

/**
 * Decodes many MARC-8 byte strings with yaz's library: each one becomes a subfield of a MARC
 * record (a field starts in the default sets) and yaz-marcdump converts the file to UTF-8
 * MARCXML. (The yaz-iconv command line loses characters around escape sequences in long inputs,
 * so it is not used.)
 */
function yaz(samples: number[][]): string[] {
  const records: Buffer[] = [];
  const perField = 600;
  const perRecord = 10;
  for (let i = 0; i < samples.length; i += perField * perRecord) {
    const bodies: Buffer[] = [];
    for (let j = i; j < Math.min(samples.length, i + perField * perRecord); j += perField) {
      const parts = [Buffer.from('  ', 'latin1')];
      for (const sample of samples.slice(j, j + perField)) parts.push(Buffer.from([0x1f, 0x61, ...sample]));
      parts.push(Buffer.from([0x1e]));
      bodies.push(Buffer.concat(parts));
    }
    let dir = '';
    let pos = 0;
    for (const b of bodies) {
      dir += `245${String(b.length).padStart(4, '0')}${String(pos).padStart(5, '0')}`;
      pos += b.length;
    }
    const base = 24 + dir.length + 1;
    records.push(Buffer.concat([Buffer.from(`${String(base + pos + 1).padStart(5, '0')}nam  22${String(base).padStart(5, '0')}   4500${dir}\x1e`, 'latin1'), ...bodies, Buffer.from([0x1d])]));
  }
  const dir = mkdtempSync(join(tmpdir(), 'marc8-'));
  try {
    const file = join(dir, 'in.mrc');
    writeFileSync(file, Buffer.concat(records));
    const xml = execFileSync('yaz-marcdump', ['-f', 'marc8', '-t', 'utf8', '-i', 'marc', '-o', 'marcxml', file], { maxBuffer: 1 << 30 }).toString('utf8');
    const out = [...xml.matchAll(/<subfield code="a">([^<]*)<\/subfield>|<subfield code="a"\/>/g)].map((m) => (m[1] ?? '')
      .replace(/&#x([0-9A-Fa-f]+);/g, (_, h: string) => String.fromCodePoint(parseInt(h, 16)))
      .replace(/&#(\d+);/g, (_, d: string) => String.fromCodePoint(Number(d)))
      .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&'));
    if (out.length !== samples.length) throw new Error(`yaz-marcdump gave ${out.length} values for ${samples.length} samples`);
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const COMBINING = /^\p{M}+$/u;

/**
 * One 94-character set: each byte 0x21..0x7E is followed by a reset and an 'a', so a combining
 * mark (which MARC-8 writes before its base) lands on that 'a' and shows itself.
 */
function singleByteSet(designate: number[], reset: number[]): string {
  const samples: number[][] = [];
  for (let b = 0x21; b <= 0x7e; b++) samples.push([...designate, b, ...reset, 0x61]);
  const answers = yaz(samples);
  let table = '';
  for (let i = 0; i < 94; i++) {
    const s = answers[i] ?? '';
    let ch = '';
    if (s.startsWith('a') && COMBINING.test(s.slice(1))) ch = s.slice(1);
    else if (s.endsWith('a') && s.length > 1) ch = s.slice(0, -1);
    if ([...ch].length > 1) throw new Error(`set ${designate}: byte ${i + 0x21} maps to several characters`);
    table += ch || '\u0000';
  }
  return table;
}

const sets: Record<string, string> = {
  // ANSEL is G1 by default; designated as G0 its characters sit at 0x21..0x7E.
  E: singleByteSet([ESC, 0x28, 0x45], RESET),
  '2': singleByteSet([ESC, 0x28, 0x32], RESET), // Hebrew
  '3': singleByteSet([ESC, 0x28, 0x33], RESET), // basic Arabic
  '4': singleByteSet([ESC, 0x28, 0x34], RESET), // extended Arabic
  N: singleByteSet([ESC, 0x28, 0x4e], RESET), // basic Cyrillic
  Q: singleByteSet([ESC, 0x28, 0x51], RESET), // extended Cyrillic
  S: singleByteSet([ESC, 0x28, 0x53], RESET), // basic Greek
  // Technique 1 sets: ESC + final, back with ESC s.
  b: singleByteSet([ESC, 0x62], [ESC, 0x73]), // subscripts
  p: singleByteSet([ESC, 0x70], [ESC, 0x73]), // superscripts
  g: singleByteSet([ESC, 0x67], [ESC, 0x73]), // Greek symbols
};
for (const [k, v] of Object.entries(sets)) {
  if (!/[^\u0000]/.test(v)) throw new Error(`yaz knows no character of set ${k}`);
}

// EACC (CJK, ESC $ 1): every 3-byte code 0x21..0x7E each; unmapped ones come back empty.
const codes: number[] = [];
const samples: number[][] = [];
for (let a = 0x21; a <= 0x7e; a++) {
  for (let b = 0x21; b <= 0x7e; b++) {
    for (let c = 0x21; c <= 0x7e; c++) {
      codes.push((a << 16) | (b << 8) | c);
      samples.push([ESC, 0x24, 0x31, a, b, c, ...RESET]);
    }
  }
}
const answers = yaz(samples);
// Runs of consecutive codes: "hhhhhh" (first code, hex) then one character per code.
const runs: string[] = [];
let run = '';
let next = -1;
let count = 0;
for (let i = 0; i < codes.length; i++) {
  const ch = answers[i] ?? '';
  if (!ch) continue;
  if ([...ch].length !== 1) throw new Error(`EACC ${codes[i]!.toString(16)} maps to several characters`);
  count++;
  if (codes[i] !== next) {
    if (run) runs.push(run);
    run = codes[i]!.toString(16);
  }
  run += ch;
  next = codes[i]! + 1;
}
if (run) runs.push(run);

const version = (execFileSync('yaz-marcdump', ['-V'], { encoding: 'utf8' }).split('\n')[0] ?? 'YAZ').replace(/ [0-9a-f]{40}$/, '');
const out = `// Generated by scripts/generate-marc8-tables.ts from ${version} (yaz-marcdump -f marc8 -t utf8). Do not edit.
// ${count} EACC characters in ${runs.length} runs.

/** 94-character sets by final byte, indexed by (byte & 0x7f) - 0x21; U+0000 = not a character. */
export const MARC8_SETS: Readonly<Record<string, string>> = ${JSON.stringify(sets, null, 2)};

/** EACC runs: 6 hex digits (first code) followed by the characters of consecutive codes. */
export const EACC_RUNS: readonly string[] = ${JSON.stringify(runs)};
`;
writeFileSync(new URL('../src/gateway/marc/marc8-tables.ts', import.meta.url), out);
console.log(`marc8-tables.ts: ${Object.keys(sets).length} sets, ${count} EACC characters, ${runs.length} runs`);
