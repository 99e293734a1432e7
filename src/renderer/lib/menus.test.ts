import { describe, expect, it } from 'vitest';
import type { Menu } from '../../shared/api/auth.ts';
import { buildMenuTree, canOpen, menuLabel, menuTarget } from './menus.ts';

const m = (ID: number, ParentID: number | null, Url: string, Sort: number, External = false): Menu => ({
  ID, ParentID, Url, Sort, External, MenuName: `菜单${ID}`, MenuEnName: `Menu ${ID}`, Icon: '', Functions: [],
});

describe('menus', () => {
  const menus = [m(1, null, '', 2), m(2, 1, '/surrency/borrow', 2), m(3, 1, 'surrency/return', 1), m(4, null, 'https://x.example/a?b=1', 1, true), m(5, null, '', 3)];

  it('builds the tree from ParentID, ordered by Sort, with only what the server sent', () => {
    const tree = buildMenuTree(menus);
    expect(tree.map((n) => n.ID)).toEqual([4, 1, 5]);
    expect(tree[1]!.children.map((n) => n.ID)).toEqual([3, 2]);
  });

  it('names by language and routes external menus through /iframe', () => {
    expect(menuLabel(menus[0]!, 'en-US')).toBe('Menu 1');
    expect(menuLabel(menus[0]!, 'zh-CN')).toBe('菜单1');
    expect(menuTarget(menus[3]!)).toBe(`/iframe?url=${encodeURIComponent('https://x.example/a?b=1')}`);
    expect(menuTarget(menus[2]!)).toBe('/surrency/return');
  });

  it('grants the menus\' paths and the shell routes, nothing else', () => {
    expect(canOpen('/surrency/return', menus)).toBe(true);
    expect(canOpen('/process', menus)).toBe(true);
    expect(canOpen('/404', [])).toBe(true);
    expect(canOpen('/sys/menu', menus)).toBe(false);
  });
});
