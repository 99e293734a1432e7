import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The portal's first screen paints before the api layer loads (its 250 kB budget, README "The
 * public portal"): the modules a browser needs before /search shows import zod, ky, the client
 * and the contract only with import(), never statically. This walks the static imports from the
 * entry and the portal's two first chunks, as the bundler does, and names the path to any
 * offender, so a new static import is caught the day it is written.
 */
const renderer = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/renderer');
const FORBIDDEN = [/^zod$/, /^ky$/, /lib\/api-client\.ts$/, /shared\/api\/(?!.*\.d\.ts$)/];
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;

function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(STATIC_IMPORT)].map((m) => m[1]!);
}

/** The first chain of static imports from `roots` to a forbidden module, or null. */
function offendingPath(roots: string[]): string[] | null {
  const seen = new Set<string>();
  const queue: string[][] = roots.map((r) => [resolve(renderer, r)]);
  while (queue.length) {
    const chain = queue.shift()!;
    const file = chain[chain.length - 1]!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of staticImports(file)) {
      const target = spec.startsWith('.') ? resolve(dirname(file), spec) : spec;
      if (FORBIDDEN.some((f) => f.test(target))) return [...chain, target].map((p) => p.replace(`${renderer}/`, ''));
      // Only our own modules are walked; packages (react, MUI …) are not the api layer.
      if (spec.startsWith('.') && /\.(ts|tsx)$/.test(target) && !target.includes('/locales/')) queue.push([...chain, target]);
    }
  }
  return null;
}

describe('the portal first load', () => {
  it('reaches the api layer from no static import of the entry, the portal frame or /search', () => {
    expect(offendingPath(['main.tsx', 'app/shell/portal-layout.tsx', 'features/search/portal-search-screen.tsx'])).toBeNull();
  });

  it('would name the chain to a static import of the client', () => {
    // The walk itself is checked on a module that does import the client.
    expect(offendingPath(['features/ledgers/ledger-summary-screen.tsx'])?.at(-1)).toMatch(/api-client\.ts$|shared\/api\//);
  });
});
