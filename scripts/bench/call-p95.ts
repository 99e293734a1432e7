import type { CallDef } from '../../src/shared/api/contract.ts';
import type { TestApp } from '../../src/gateway/testing/test-app.ts';
import { pct } from './percentile.ts';

type CallOptions = NonNullable<Parameters<TestApp['call']>[2]>;

/**
 * Each named call run `runs` times through the gateway, its p95 in ms as `<name>.p95`; a reply
 * that is not 200 stops the bench. `vary` changes the input per run (so a cache cannot answer).
 */
export async function callP95s(
  t: TestApp, cases: Record<string, readonly [CallDef, Record<string, unknown>]>, opts: CallOptions,
  vary: (call: CallDef, input: Record<string, unknown>, run: number) => Record<string, unknown> = (_c, input) => input, runs = 20,
): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [name, [call, input]] of Object.entries(cases)) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const a = performance.now();
      const r = await t.call(call, vary(call, input, i), opts);
      times.push(performance.now() - a);
      if (r.statusCode !== 200) throw new Error(`${name}: ${r.body.slice(0, 200)}`);
    }
    out[`${name}.p95`] = pct(times, 0.95);
  }
  return out;
}
