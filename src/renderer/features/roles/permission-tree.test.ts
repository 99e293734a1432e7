import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../shared/api/roles.ts';
import { groupKeys, menuState, stateOf, toggleKeys, toggleMenu, toggleOperation } from './permission-tree.ts';

const group: MenuNode = {
  Url: 'group:people', Name: '人员', EnName: 'People', Operations: [],
  Children: [
    { Url: '/a', Name: 'A', EnName: 'A', Operations: ['x.a.edit', 'x.a.delete'] },
    { Url: '/b', Name: 'B', EnName: 'B', Operations: [] },
  ],
};
const [a, b] = group.Children as [MenuNode['Children'][number], MenuNode['Children'][number]];

describe('permission tree', () => {
  it('computes tri-state over everything a group covers', () => {
    expect(stateOf(groupKeys(group), new Set())).toBe('unchecked');
    expect(stateOf(groupKeys(group), new Set(['/b']))).toBe('indeterminate');
    expect(stateOf(groupKeys(group), new Set(groupKeys(group)))).toBe('checked');
  });

  it('checks a partly checked group fully, and a full one empties', () => {
    const full = toggleKeys(groupKeys(group), new Set(['/b']));
    expect([...full].sort()).toEqual(['/a', '/b', 'x.a.delete', 'x.a.edit']);
    expect([...toggleKeys(groupKeys(group), full)]).toEqual([]);
  });

  it('grants the menu with an operation, and revokes the operations with the menu', () => {
    const withOp = toggleOperation(a, 'x.a.edit', new Set());
    expect([...withOp].sort()).toEqual(['/a', 'x.a.edit']);
    expect(menuState(a, withOp)).toBe('indeterminate');
    expect(menuState(b, toggleMenu(b, new Set()))).toBe('checked');
    // A partly granted menu gets everything; a fully granted one loses everything.
    const all = toggleMenu(a, withOp);
    expect([...all].sort()).toEqual(['/a', 'x.a.delete', 'x.a.edit']);
    expect([...toggleMenu(a, all)]).toEqual([]);
  });
});
