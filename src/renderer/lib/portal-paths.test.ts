import { describe, expect, it } from 'vitest';
import { safePortalPath } from './portal-paths.ts';

describe('safePortalPath', () => {
  it('forwards to portal paths with their query, and to the portal home by default', () => {
    expect(safePortalPath(null)).toBe('/search');
    expect(safePortalPath('/search/book/details?id=12')).toBe('/search/book/details?id=12');
    expect(safePortalPath('/search/libpic?school=OTHER')).toBe('/search/libpic');
  });
  it('never leaves the portal', () => {
    for (const bad of ['https://evil.example/', '//evil.example/search', '/\\evil.example', 'javascript:alert(1)', '/surrency/borrow', '/search/../sys/menu', 'search', '/ search', '/search\n']) {
      expect(safePortalPath(bad), bad).toBeNull();
    }
  });
});
