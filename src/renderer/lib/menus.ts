import type { Menu } from '../../shared/api/auth.ts';
import type { Language } from '../../shared/domain/ui-constants.ts';

/** Shell routes every signed-in user may open, whatever the server's menus say. */
export const ALWAYS_ALLOWED = new Set(['/data-analysis', '/process', '/setting', '/iframe', '/redirect', '/error', '/404']);

export const menuLabel = (m: Pick<Menu, 'MenuName' | 'MenuEnName'>, lang: Language): string =>
  (lang === 'en-US' ? m.MenuEnName || m.MenuName : m.MenuName || m.MenuEnName) ?? '';

/** The route path of a menu's Url ("surrency/borrow?x=1" -> "/surrency/borrow"). */
export function menuPath(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '';
  return path.startsWith('/') ? path : `/${path}`;
}

export const isExternalMenu = (m: Pick<Menu, 'External' | 'Url'>): boolean => m.External || /^https?:\/\//i.test(m.Url);

/** Where a menu item leads inside the app: its route, or /iframe for an external address. */
export function menuTarget(m: Pick<Menu, 'External' | 'Url'>): string {
  return isExternalMenu(m) ? `/iframe?url=${encodeURIComponent(m.Url)}` : menuPath(m.Url);
}

export interface MenuNode extends Menu {
  children: MenuNode[];
}

/** Builds the menu tree from the flat server list, ordered by Sort; only what the server sent. */
export function buildMenuTree(menus: readonly Menu[]): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  for (const m of menus) nodes.set(m.ID, { ...m, children: [] });
  const roots: MenuNode[] = [];
  for (const n of nodes.values()) {
    const parent = n.ParentID != null ? nodes.get(n.ParentID) : undefined;
    if (parent) parent.children.push(n);
    else roots.push(n);
  }
  const sort = (list: MenuNode[]) => {
    list.sort((a, b) => a.Sort - b.Sort || a.ID - b.ID);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** Paths the user's menus grant (internal menus only). */
export function allowedPaths(menus: readonly Menu[] | undefined): Set<string> {
  const out = new Set<string>();
  for (const m of menus ?? []) if (!isExternalMenu(m) && m.Url) out.add(menuPath(m.Url));
  return out;
}

export function canOpen(path: string, menus: readonly Menu[] | undefined): boolean {
  return ALWAYS_ALLOWED.has(path) || allowedPaths(menus).has(path);
}

export function menuForPath(path: string, menus: readonly Menu[] | undefined): Menu | undefined {
  return menus?.find((m) => !isExternalMenu(m) && m.Url && menuPath(m.Url) === path);
}
