import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_TAB, tabsStore } from './tabs-store.ts';

const paths = () => tabsStore.get().map((t) => t.path);

describe('tabs store', () => {
  beforeEach(() => {
    sessionStorage.clear();
    tabsStore.reset();
  });

  it('keeps one tab per path, the pinned home first, the latest query string', () => {
    tabsStore.visit('/process');
    tabsStore.visit('/setting', '?a=1');
    tabsStore.visit('/setting', '?a=2');
    tabsStore.visit('/redirect', '?path=/x');
    expect(paths()).toEqual([HOME_TAB, '/process', '/setting']);
    expect(tabsStore.get()[2]?.search).toBe('?a=2');
    expect(JSON.parse(sessionStorage.getItem('lib.tabs') ?? '[]')).toHaveLength(3);
  });

  it('closing the active tab goes to the right neighbour, else the left one', () => {
    for (const p of ['/a', '/b', '/c']) tabsStore.visit(p);
    expect(tabsStore.close('/b', '/b')).toBe('/c');
    expect(tabsStore.close('/c', '/c')).toBe('/a');
    expect(tabsStore.close('/a', HOME_TAB)).toBeNull();
    expect(paths()).toEqual([HOME_TAB]);
  });

  it('never closes the pinned home tab', () => {
    tabsStore.visit('/a');
    expect(tabsStore.close(HOME_TAB, HOME_TAB)).toBeNull();
    expect(tabsStore.closeAll()).toBe(HOME_TAB);
    expect(paths()).toEqual([HOME_TAB]);
  });
});
