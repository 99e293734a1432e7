/**
 * Operation keys (the buttons a role may use) offered on each admin menu, as its Functions.
 * A gateway call's `perm` is one of these keys; a role grants menu paths and operation keys.
 * One table for the seed (menus, default roles), the gateway (checks) and the role editor.
 * Keys are `<group>.<resource>.<action>`; a screen's reads need only its menu, writes need a key.
 */
export const MENU_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  '/data-analysis': ['home.dashboard', 'people.readers.export'],
  '/sys/transition': ['sys.translation.edit'],
  '/department/dept-manage': ['people.readers.export'],
  '/user-transfer': ['people.readers.export'],
};

/** Every operation key of the given menus. */
export function operationsOf(menuPaths: Iterable<string>): string[] {
  const out = new Set<string>();
  for (const p of menuPaths) for (const op of MENU_OPERATIONS[p] ?? []) out.add(op);
  return [...out];
}
