import fc from 'fast-check';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { allCalls } from '../../shared/api/all-calls.ts';
import { EDGE_DATES, fuzzInputArbitrary, generatorsFor } from './zod-arbitrary.ts';

interface Node {
  Name: string;
  Children: Node[];
}
const node: z.ZodType<Node> = z.lazy(() => z.object({ Name: z.string().max(5), Children: z.array(node).max(2) }));

const sample = z.object({
  Name: z.string().trim().min(1).max(20),
  Code: z.string().max(8).regex(/^[A-Z][0-9]+$/i),
  Page: z.coerce.number().int().min(1).max(500).default(1),
  Ratio: z.number().min(0).max(1),
  Kind: z.enum(['a', 'b']),
  Face: z.literal([1, 2]),
  Day: z.iso.date(),
  At: z.iso.datetime({ offset: true }).optional(),
  Mail: z.union([z.literal(''), z.email()]),
  Ids: z.array(z.number().int().positive()).min(1).max(3),
  Parent: z.number().int().nullable(),
  Tags: z.record(z.string(), z.boolean()),
  Count: z.string().transform(Number),
  Tree: node.optional(),
});

describe('zod → fast-check', () => {
  it('generates values the schema accepts in valid mode', () => {
    for (const v of fc.sample(generatorsFor(sample).valid, { seed: 7, numRuns: 300 })) {
      const r = sample.safeParse(v);
      expect(r.success, `${JSON.stringify(v)}: ${JSON.stringify(r.error?.issues)}`).toBe(true);
    }
  });

  it('puts exactly one edge value in one field in edge mode, and edge dates come up', () => {
    const flat = z.object({ A: z.iso.date(), B: z.number().int().min(0).max(9), C: z.enum(['x', 'y']) });
    let refused = 0;
    let ancient = 0;
    for (const v of fc.sample(generatorsFor(flat).edge, { seed: 3, numRuns: 400 })) {
      if (!flat.safeParse(v).success) refused++;
      if (v && typeof v === 'object' && (EDGE_DATES as readonly unknown[]).includes((v as { A?: unknown }).A)) ancient++;
      // Objects with their keys (a wrong type or a missing field is the one edge of those samples).
      if (v && typeof v === 'object' && !Array.isArray(v) && Object.keys(flat.shape).every((k) => k in v)) {
        const bad = Object.keys(flat.shape).filter((k) => !flat.shape[k as keyof typeof flat.shape].safeParse((v as Record<string, unknown>)[k]).success);
        expect(bad.length, JSON.stringify(v)).toBeLessThanOrEqual(1);
      }
    }
    expect(refused).toBeGreaterThan(200);
    expect(ancient).toBeGreaterThan(20);
  });

  it('generates for every call of the contract, mostly inputs the call accepts', () => {
    let accepted = 0;
    let total = 0;
    for (const call of allCalls) {
      for (const v of fc.sample(fuzzInputArbitrary(call.input), { seed: 1, numRuns: 20 })) {
        total++;
        if (call.input.safeParse(v).success) accepted++;
      }
    }
    // About a third valid by design, and some edge values are valid too (control characters in names).
    expect(accepted / total).toBeGreaterThan(0.3);
    expect(accepted / total).toBeLessThan(0.9);
  });
});
