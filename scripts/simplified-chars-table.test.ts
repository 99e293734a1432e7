import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { characterMap, renderModule } from './simplified-chars-table.ts';
import { SIMPLIFIED_PAIRS } from '../src/shared/domain/search/simplified-chars.ts';

describe('the generated traditional → simplified pairs', () => {
  it('are OpenCC\'s table as installed (else run scripts/generate-simplified-chars.ts)', () => {
    const version = (JSON.parse(readFileSync(new URL('../node_modules/opencc-js/package.json', import.meta.url), 'utf8')) as { version: string }).version;
    const committed = readFileSync(new URL('../src/shared/domain/search/simplified-chars.ts', import.meta.url), 'utf8');
    expect(committed).toBe(renderModule(characterMap(), version));
  });

  it('read back as the same map, astral characters included', () => {
    const map = characterMap();
    const read = new Map<string, string>();
    for (const line of SIMPLIFIED_PAIRS) {
      const cps = [...line];
      for (let i = 0; i < cps.length; i += 2) read.set(cps[i]!, cps[i + 1]!);
    }
    expect(read).toEqual(map);
    expect(read.get('說')).toBe('说');
    expect([...read.keys()].some((c) => c.length === 2)).toBe(true);
  });
});
