import { describe, expect, it } from 'vitest';
import type { OrgTreeNode } from '../../../shared/api/organization.ts';
import { filterTree, parentOptions, subtreeIds } from './tree-utils.ts';

const node = (ID: number, Name: string, Children: OrgTreeNode[] = []): OrgTreeNode => ({
  ID, ParentID: null, Kind: 'org', Name, EnName: `${Name}-en`, Code: '', State: 1, Sort: 0, LearningStage: null, GradeLevel: null,
  EntryYear: null, HeadTeacherID: null, HeadTeacherName: '', MemberCount: 0, ChildCount: Children.length, InUse: Children.length > 0, Children,
});
const tree = [node(1, '校长室', [node(2, '教务处', [node(3, '教研室')]), node(4, '总务处')]), node(5, '工会')];

describe('tree utils', () => {
  it('collects a subtree', () => {
    expect([...subtreeIds(tree[0]!.Children[0]!)]).toEqual([2, 3]);
  });

  it('offers every parent outside the moving subtree, indented by depth', () => {
    const opts = parentOptions(tree, tree[0]!.Children[0]!, (n) => n.Name, '（顶级）');
    expect(opts).toEqual([
      { id: null, label: '（顶级）' },
      { id: 1, label: '校长室' },
      { id: 4, label: '\u3000总务处' },
      { id: 5, label: '工会' },
    ]);
    expect(parentOptions(tree, null, (n) => n.Name, 'top').map((o) => o.id)).toEqual([null, 1, 2, 3, 4, 5]);
  });

  it('filters by name, English name or code and keeps the ancestors of hits', () => {
    const hit = filterTree(tree, '教研');
    expect(hit.map((n) => n.ID)).toEqual([1]);
    expect(hit[0]!.Children.map((n) => n.ID)).toEqual([2]);
    expect(hit[0]!.Children[0]!.Children.map((n) => n.ID)).toEqual([3]);
    expect(filterTree(tree, '工会-EN').map((n) => n.ID)).toEqual([5]);
    expect(filterTree(tree, '  ')).toHaveLength(2);
  });
});
