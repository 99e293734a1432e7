import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The tests read the spec's routes.json and endpoints.json from test/fixtures/spec so the
// repository stands alone; when the shared spec sits beside the checkout, the copies must match it.
const shared = new URL('../../../shared/spec/', import.meta.url);
const fixtures = new URL('../fixtures/spec/', import.meta.url);

describe('spec fixtures', () => {
  for (const file of ['routes.json', 'endpoints.json']) {
    it.skipIf(!existsSync(new URL(file, shared)))(`${file} equals the shared spec`, () => {
      const a = JSON.parse(readFileSync(new URL(file, shared), 'utf8'));
      const b = JSON.parse(readFileSync(new URL(file, fixtures), 'utf8'));
      expect(b).toEqual(a);
    });
  }
});
