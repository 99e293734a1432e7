import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isbnField, isbnProblem, normalizeIsbn, sameIsbn, toIsbn10, toIsbn13 } from './isbn.ts';

describe('ISBN', () => {
  it('normalises what scanners and people type', () => {
    expect(normalizeIsbn('ISBN 978-7-02-000220-7')).toBe('9787020002207');
    expect(normalizeIsbn('７-５３３３-０２３５-x')).toBe('753330235X');
  });

  it('checks check digits of both forms', () => {
    expect(isbnProblem('9787020002207')).toBeNull();
    expect(isbnProblem('9787020002208')).toBe('checkDigit');
    expect(isbnProblem('702000220X')).toBeNull();
    expect(isbnProblem('0306406152')).toBeNull();
    expect(isbnProblem('0306406153')).toBe('checkDigit');
    expect(isbnProblem('12345')).toBe('format');
    expect(isbnProblem('9777020002207')).toBe('format');
  });

  it('converts 10 ↔ 13 and treats them as one book', () => {
    expect(toIsbn13('7-02-000220-X')).toBe('9787020002207');
    expect(toIsbn10('978-7-02-000220-7')).toBe('702000220X');
    expect(toIsbn10('9791034304306')).toBeNull();
    expect(sameIsbn('702000220x', '978-7-02-000220-7')).toBe(true);
    expect(sameIsbn('702000220X', 'bad')).toBe(false);
  });

  it('10 → 13 → 10 is the identity on valid ISBN-10s (property)', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{9}$/), (first9) => {
      let sum = 0;
      for (let i = 0; i < 9; i++) sum += (10 - i) * Number(first9[i]);
      const c = (11 - (sum % 11)) % 11;
      const isbn10 = first9 + (c === 10 ? 'X' : String(c));
      const isbn13 = toIsbn13(isbn10)!;
      expect(isbnProblem(isbn13)).toBeNull();
      expect(toIsbn10(isbn13)).toBe(isbn10);
    }));
  });

  it('the field normalises and names the problem', () => {
    expect(isbnField().parse('978-7-02-000220-7')).toBe('9787020002207');
    expect(isbnField().safeParse('9787020002208').error?.issues[0]?.message).toBe('validation:isbn.checkDigit');
    expect(isbnField().safeParse('abc').error?.issues[0]?.message).toBe('validation:isbn.format');
    expect(isbnField().safeParse('').error?.issues[0]?.message).toBe('validation:required.isbn');
    expect(isbnField().safeParse(undefined).error?.issues[0]?.message).toBe('validation:required.isbn');
  });
});
