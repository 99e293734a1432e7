import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { batchActionFor, batchActionsFrom, BATCH_STATES, discountPrice, sumMoney } from './batch-rules.ts';

describe('batch state machine', () => {
  it('has exactly the edges open → accepted → closed and closed → accepted (reopen)', () => {
    const edges = BATCH_STATES.flatMap((from) => BATCH_STATES.map((to) => [from, to, batchActionFor(from, to)] as const)).filter(([, , a]) => a);
    expect(edges).toEqual([['open', 'accepted', 'accept'], ['accepted', 'closed', 'close'], ['closed', 'accepted', 'reopen']]);
    expect(batchActionsFrom('open')).toEqual(['accept']);
    expect(batchActionsFrom('accepted')).toEqual(['close']);
    expect(batchActionsFrom('closed')).toEqual(['reopen']);
  });
});

describe('money', () => {
  it('prices a copy to the cent, halves up, without float error', () => {
    // 10.7 × 85 % = 9.095 exactly; the float product is 909.4999… cents and would round down.
    expect(10.7 * 85).toBeLessThan(909.5);
    expect(discountPrice(10.7, 85)).toBe(9.1);
    expect(discountPrice(15.1, 85)).toBe(12.84);
    expect(discountPrice(39.8, 72.5)).toBe(28.86);
    expect(discountPrice(20, 100)).toBe(20);
    expect(discountPrice(20, 0)).toBe(0);
  });

  it('never pays more than the list price and stays within a cent of the exact product', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 10_000_00 }), fc.integer({ min: 0, max: 100_00 }), (cents, bp) => {
      const price = cents / 100;
      const rate = bp / 100;
      const paid = discountPrice(price, rate);
      expect(paid).toBeLessThanOrEqual(price);
      expect(Math.abs(paid * 100 - (cents * bp) / 10_000)).toBeLessThanOrEqual(0.5 + 1e-9);
      expect(Math.round(paid * 100)).toBeCloseTo(paid * 100, 6);
    }));
  });

  it('sums in whole cents', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(sumMoney(Array.from({ length: 1000 }, () => 19.99))).toBe(19990);
  });
});
