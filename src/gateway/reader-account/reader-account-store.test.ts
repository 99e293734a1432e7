import { describe, expect, it } from 'vitest';
import { lastMonths } from './reader-account-store.ts';

describe('the reading line\'s months', () => {
  it('are the last 12 months in the school\'s time zone, oldest first', () => {
    expect(lastMonths('2026-03-15T08:00:00.000Z', 480)).toEqual([
      '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03',
    ]);
  });

  it('turn the month at the school\'s midnight, not UTC\'s', () => {
    // 31 Jan 17:00 UTC is already 1 Feb in Beijing (UTC+8), still 31 Jan in New York.
    expect(lastMonths('2026-01-31T17:00:00.000Z', 480).at(-1)).toBe('2026-02');
    expect(lastMonths('2026-01-31T17:00:00.000Z', -300).at(-1)).toBe('2026-01');
  });
});
