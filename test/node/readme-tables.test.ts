import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { copyTransitionsMarkdown } from '../../src/shared/domain/catalogue/copy-states.ts';

// Tables the README shows are generated from the code; the README must carry them unchanged.
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README tables', () => {
  it('has the copy state machine of src/shared/domain/catalogue/copy-states.ts', () => {
    expect(readme).toContain(copyTransitionsMarkdown());
  });
});
