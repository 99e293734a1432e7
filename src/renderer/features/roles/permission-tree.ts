import type { MenuNode } from '../../../shared/api/roles.ts';

/** Tri-state of a tree node: every key it covers granted, none, or some. */
export type CheckState = 'checked' | 'unchecked' | 'indeterminate';

type Menu = MenuNode['Children'][number];

/** Every key a menu covers: its path and its operations. */
export const menuKeys = (m: Menu): string[] => [m.Url, ...m.Operations];
export const groupKeys = (g: MenuNode): string[] => g.Children.flatMap(menuKeys);

export function stateOf(keys: readonly string[], granted: ReadonlySet<string>): CheckState {
  const n = keys.filter((k) => granted.has(k)).length;
  return n === 0 ? 'unchecked' : n === keys.length ? 'checked' : 'indeterminate';
}

/** Checking a partly or un-checked node grants all it covers; checking a full one revokes it all. */
export function toggleKeys(keys: readonly string[], granted: ReadonlySet<string>): Set<string> {
  const next = new Set(granted);
  const on = stateOf(keys, granted) !== 'checked';
  for (const k of keys) {
    if (on) next.add(k);
    else next.delete(k);
  }
  return next;
}

/** An operation needs its menu (a button on a screen one cannot open is useless); revoking the menu revokes its operations. */
export function toggleOperation(menu: Menu, op: string, granted: ReadonlySet<string>): Set<string> {
  const next = new Set(granted);
  if (next.has(op)) next.delete(op);
  else next.add(op).add(menu.Url);
  return next;
}

/** A menu row toggles like a group: all of it (path and operations) on, or, when all is on, all off. */
export function toggleMenu(menu: Menu, granted: ReadonlySet<string>): Set<string> {
  return menuState(menu, granted) === 'checked' ? toggleKeys(menuKeys(menu), new Set(granted)) : new Set([...granted, ...menuKeys(menu)]);
}

/** State of a menu row: its own path decides checked; operations only partly held show indeterminate. */
export function menuState(menu: Menu, granted: ReadonlySet<string>): CheckState {
  if (!granted.has(menu.Url)) return 'unchecked';
  return menu.Operations.every((o) => granted.has(o)) ? 'checked' : 'indeterminate';
}
