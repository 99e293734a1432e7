import { describe, expect, it } from 'vitest';
import { hyphenateIsbn, isbnForms } from './isbn-hyphenation.ts';

describe('ISBN hyphenation', () => {
  it('hyphenates by the agency ranges, both forms', () => {
    expect(isbnForms('702000220X')).toEqual({ isbn13: '9787020002207', isbn10: '702000220X', hyphenated13: '978-7-02-000220-7', hyphenated10: '7-02-000220-X' });
    expect(hyphenateIsbn('0306406152')).toBe('0-306-40615-2');
    expect(isbnForms('9787020002208')).toBeNull();
  });
});
