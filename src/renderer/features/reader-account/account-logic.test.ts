import { describe, expect, it } from 'vitest';
import { chartPoints, niceMax } from './reading-chart.tsx';
import { daysUntil } from './loan-list.tsx';
import { pageFrom } from './circulation-screen.tsx';

describe('the reading chart', () => {
  it('rounds the scale up to 1, 2 or 5 × 10ⁿ, never below 5', () => {
    expect([0, 1, 4, 5, 6, 11, 19, 21, 99, 101].map(niceMax)).toEqual([5, 5, 5, 5, 10, 20, 20, 50, 100, 200]);
  });

  it('puts months left to right and more loans higher, inside the box', () => {
    const pts = chartPoints([{ Month: '2026-01', Count: 0 }, { Month: '2026-02', Count: 5 }, { Month: '2026-03', Count: 10 }]);
    expect(pts[0]!.x).toBeLessThan(pts[1]!.x);
    expect(pts[1]!.x).toBeLessThan(pts[2]!.x);
    expect(pts[0]!.y).toBeGreaterThan(pts[1]!.y);
    expect(pts[1]!.y).toBeGreaterThan(pts[2]!.y);
    for (const p of pts) {
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(150);
    }
    // The top month touches the top of the scale.
    expect(pts[2]!.y).toBe(12);
  });
});

describe('due days', () => {
  it('counts calendar days from the device\'s today', () => {
    const today = new Date(2026, 10, 26, 23, 30);
    expect(daysUntil('2026-11-26', today)).toBe(0);
    expect(daysUntil('2026-11-29', today)).toBe(3);
    expect(daysUntil('2026-11-20', today)).toBe(-6);
    expect(daysUntil('2027-01-01', today)).toBe(36);
  });
});

describe('a page number from the address', () => {
  it('takes 1 … 100 000 and makes anything else 1', () => {
    expect(['2', '100000', null, '', '0', '-3', '1e3', 'abc', '1000000', '2.5'].map(pageFrom)).toEqual([2, 100000, 1, 1, 1, 1, 1, 1, 1, 1]);
  });
});
