import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REASON_CODES } from '../../src/shared/domain/borrowing/reasons.ts';
import { ASSIGNMENT_CONFLICT_KEY } from '../../src/shared/domain/borrowing/group-resolution.ts';

// Every reason the rules can give has words in both languages (the desk shows them as they are).
const load = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../locales/${lang}/borrowing.json`, import.meta.url), 'utf8')) as {
    reason: Record<string, string>;
    assignment: Record<string, string>;
  };

describe('borrowing reason texts', () => {
  for (const lang of ['zh-CN', 'en-US']) {
    it(`${lang} has a text for every reason code`, () => {
      const texts = load(lang);
      for (const code of REASON_CODES) expect(texts.reason[code], code).toBeTruthy();
      expect(texts.assignment[ASSIGNMENT_CONFLICT_KEY.split('.').pop()!]).toBeTruthy();
    });
  }
});
