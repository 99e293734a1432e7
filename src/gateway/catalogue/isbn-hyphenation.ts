import { createRequire } from 'node:module';
import { normalizeIsbn, toIsbn10, toIsbn13 } from '../../shared/domain/catalogue/isbn.ts';

/**
 * Hyphenation needs the ISBN agency's range table, which isbn3 keeps up to date. It costs ~17 ms
 * to load, so it is loaded on the first use, not at gateway start.
 */
type Isbn3 = { hyphenate(isbn: string): string | null };
let isbn3: Isbn3 | undefined;
function lib(): Isbn3 {
  isbn3 ??= createRequire(import.meta.url)('isbn3') as Isbn3;
  return isbn3;
}

export interface IsbnForms {
  isbn13: string;
  isbn10: string | null;
  /** Hyphenated 13-digit form, or the plain one when the range table does not know the group. */
  hyphenated13: string;
  hyphenated10: string | null;
}

/** The forms of a valid ISBN, or null when it is not one. */
export function isbnForms(raw: string): IsbnForms | null {
  const isbn13 = toIsbn13(raw);
  if (!isbn13) return null;
  const isbn10 = toIsbn10(raw);
  return {
    isbn13,
    isbn10,
    hyphenated13: lib().hyphenate(isbn13) ?? isbn13,
    hyphenated10: isbn10 ? (lib().hyphenate(isbn10) ?? isbn10) : null,
  };
}

/** The hyphenated form of what was typed (10 stays 10, 13 stays 13); unknown ranges unhyphenated. */
export function hyphenateIsbn(raw: string): string {
  const n = normalizeIsbn(raw);
  return lib().hyphenate(n) ?? n;
}
