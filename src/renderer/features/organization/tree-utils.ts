import type { OrgTreeNode } from '../../../shared/api/organization.ts';

/** Ids of `node` and everything below it. */
export function subtreeIds(node: OrgTreeNode): Set<number> {
  const out = new Set<number>();
  const walk = (n: OrgTreeNode) => {
    out.add(n.ID);
    n.Children.forEach(walk);
  };
  walk(node);
  return out;
}

export interface ParentOption {
  id: number | null;
  /** Indented by depth so the select reads like the tree. */
  label: string;
}

/**
 * Where `moving` may go: the top level and every node outside its own subtree (moving a node
 * under itself or a descendant would make a cycle; the gateway refuses it too).
 */
export function parentOptions(roots: readonly OrgTreeNode[], moving: OrgTreeNode | null, nameOf: (n: OrgTreeNode) => string, topLabel: string): ParentOption[] {
  const blocked = moving ? subtreeIds(moving) : new Set<number>();
  const out: ParentOption[] = [{ id: null, label: topLabel }];
  const walk = (n: OrgTreeNode, depth: number) => {
    if (blocked.has(n.ID)) return;
    out.push({ id: n.ID, label: `${'\u3000'.repeat(depth)}${nameOf(n)}` });
    n.Children.forEach((c) => walk(c, depth + 1));
  };
  roots.forEach((r) => walk(r, 0));
  return out;
}

/** Nodes whose name (or English name, or code) contains the text, with their ancestors kept. */
export function filterTree(roots: readonly OrgTreeNode[], text: string): OrgTreeNode[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...roots];
  const keep = (n: OrgTreeNode): OrgTreeNode | null => {
    const children = n.Children.map(keep).filter((c): c is OrgTreeNode => c != null);
    const hit = [n.Name, n.EnName, n.Code].some((s) => s.toLowerCase().includes(q));
    return hit || children.length ? { ...n, Children: children } : null;
  };
  return roots.map(keep).filter((c): c is OrgTreeNode => c != null);
}
