import { z } from 'zod';

/**
 * ISBN rules on both sides: normalise what a scanner or a person typed, check the check digit,
 * convert between the 10- and 13-digit forms, and give the 13-digit form as the equivalence key
 * (a title catalogued under 7-5063-1234-X is the same as 978-7-5063-1234-…). Hyphenation needs the
 * ISBN agency's range table and lives in the gateway (catalogue-rules/isbn-hyphenation.ts).
 */

/** Digits and X only, upper-case; hyphens, spaces and the "ISBN" prefix dropped. */
export function normalizeIsbn(raw: string): string {
  return raw.normalize('NFKC').toUpperCase().replace(/^ISBN(?:-1[03])?:?/, '').replace(/[\s\-‐‑–—]/g, '');
}

function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(first9[i]);
  const c = (11 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}

/** The check digit of an ISBN-13's first twelve digits. */
export function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return String((10 - (sum % 10)) % 10);
}

export type IsbnProblem = 'format' | 'checkDigit';

/** Why a normalised ISBN is not valid, or null when it is. */
export function isbnProblem(isbn: string): IsbnProblem | null {
  if (/^\d{9}[\dX]$/.test(isbn)) return isbn10CheckDigit(isbn.slice(0, 9)) === isbn[9] ? null : 'checkDigit';
  if (/^97[89]\d{10}$/.test(isbn)) return isbn13CheckDigit(isbn.slice(0, 12)) === isbn[12] ? null : 'checkDigit';
  return 'format';
}

/** The 13-digit form of a valid ISBN (10-digit ones get the 978 prefix); null when invalid. */
export function toIsbn13(raw: string): string | null {
  const n = normalizeIsbn(raw);
  if (isbnProblem(n)) return null;
  if (n.length === 13) return n;
  const first12 = `978${n.slice(0, 9)}`;
  return first12 + isbn13CheckDigit(first12);
}

/** The 10-digit form; only 978 ISBN-13s have one. */
export function toIsbn10(raw: string): string | null {
  const n = normalizeIsbn(raw);
  if (isbnProblem(n)) return null;
  if (n.length === 10) return n;
  if (!n.startsWith('978')) return null;
  const first9 = n.slice(3, 12);
  return first9 + isbn10CheckDigit(first9);
}

/** Whether two ISBNs name the same book (equal 13-digit forms). */
export function sameIsbn(a: string, b: string): boolean {
  const x = toIsbn13(a);
  return x !== null && x === toIsbn13(b);
}

/**
 * An ISBN input: 10 or 13 digits with or without hyphens and spaces; the value the handler
 * receives is normalised (digits and X). Messages name the problem: form or check digit.
 */
export function isbnField(required = 'validation:required.isbn') {
  return z
    .string({ error: (iss) => (iss.input === undefined ? required : 'validation:text.type') })
    .max(32, { error: 'validation:isbn.format' })
    .regex(/^[0-9Xx\s\-‐‑–—ISBNisbn:]*$/, { error: 'validation:isbn.format' })
    .overwrite(normalizeIsbn)
    .check((ctx) => {
      if (ctx.value === '') {
        ctx.issues.push({ code: 'custom', message: required, input: ctx.value, abort: true });
        return;
      }
      const p = isbnProblem(ctx.value);
      if (p) ctx.issues.push({ code: 'custom', message: p === 'format' ? 'validation:isbn.format' : 'validation:isbn.checkDigit', input: ctx.value, abort: true });
    });
}
