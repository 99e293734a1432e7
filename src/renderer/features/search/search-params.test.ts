import { describe, expect, it } from 'vitest';
import { isSearching, readCatalogueQuery, readComplexQuery, readConditions, withParams, writeConditions } from './search-params.ts';

describe('search in the address', () => {
  it('reads the one box and its filters, dropping what the contract would refuse', () => {
    const p = new URLSearchParams('q=恐龙&field=author&lang=zh&class=I247&branch=3&avail=1&sort=year&page=2');
    expect(readCatalogueQuery(p)).toEqual({ SearchKey: '恐龙', Field: 'author', Page: 2, Rows: 20, Language: 'zh', ClassNo: 'I247', BranchID: 3, AvailableOnly: true, Sort: 'year' });
    const bad = new URLSearchParams(`q=${'x'.repeat(300)}&field=everything&lang=ZH!&class=<b>&branch=-1&avail=yes&sort=random&page=0`);
    expect(readCatalogueQuery(bad)).toEqual({ SearchKey: 'x'.repeat(200), Field: undefined, Page: 1, Rows: 20 });
  });

  it('is a search with words or a filter, not with a sort order alone', () => {
    expect(isSearching(new URLSearchParams('q=a'))).toBe(true);
    expect(isSearching(new URLSearchParams('class=I'))).toBe(true);
    expect(isSearching(new URLSearchParams('sort=year&page=3'))).toBe(false);
    expect(isSearching(new URLSearchParams('class=<b>'))).toBe(false);
  });

  it('goes back to page 1 when anything but the page changes', () => {
    const p = new URLSearchParams('q=a&page=4');
    expect(withParams(p, { class: 'I' }).toString()).toBe('q=a&class=I');
    expect(withParams(p, { page: 5 }).get('page')).toBe('5');
    expect(withParams(p, { q: '' }).has('q')).toBe(false);
    expect(withParams(p, { avail: true }).get('avail')).toBe('1');
  });

  it('round-trips advanced conditions, values with separators included', () => {
    const cs = [{ Op: 'and', Field: 'title', Value: '西游记: 第1回\n, a&b' }, { Op: 'not', Field: 'author', Value: '吴承恩' }] as const;
    const p = new URLSearchParams({ adv: writeConditions(cs), from: '1990', to: '2020' });
    expect(readComplexQuery(p)).toEqual({ Conditions: cs, YearFrom: 1990, YearTo: 2020, Page: 1, Rows: 20 });
  });

  it('skips broken advanced conditions instead of failing', () => {
    expect(readConditions('and:title:%E0%A4%A\nor:nofield:x\nxor:title:y\nnot:isbn:')).toEqual([]);
    expect(readComplexQuery(new URLSearchParams('adv=&from=99'))).toBeNull();
  });
});
