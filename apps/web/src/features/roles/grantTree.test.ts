import type { GrantTreeNode } from '@macro/contract/roles';
import { describe, expect, it } from 'vitest';
import { allIds, emptyFolders, filterTree, linkable, linkedKeys, parentIds, withAncestors } from './grantTree';

const node = (id: number, name: string, children: GrantTreeNode[] = [], category = 1): GrantTreeNode => ({
  id,
  parentId: 0,
  code: `c${id}`,
  name,
  category,
  i18n: '',
  children,
});
// 流程中心 → (我的任务 → 办理 button), (流程监控); 系统管理 → 字典管理
const tree = [node(1, '流程中心', [node(2, '我的任务', [node(3, '办理', [], 2)]), node(4, '流程监控')]), node(5, '系统管理', [node(6, '字典管理')])];
const label = (n: GrantTreeNode) => n.name;

describe('the role grant tree', () => {
  it('lists every id and the ids that can be expanded', () => {
    expect(allIds(tree)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(parentIds(tree)).toEqual([1, 2, 5]);
  });

  it('ticks only granted leaves in a linked tree, so a granted parent does not tick children the role lacks', () => {
    expect(linkedKeys(tree, new Set([1, 2, 3, 5]))).toEqual([3]);
    expect(linkedKeys(tree, new Set([1, 2, 4]))).toEqual([4]);
  });

  it('finds granted folders with no granted page beneath them', () => {
    expect(emptyFolders(tree, new Set([1, 5])).map(label)).toEqual(['流程中心', '系统管理']);
    // A page with only a button under it is a page, not a folder; a granted page fills its folder.
    expect(emptyFolders(tree, new Set([1, 2, 5, 6]))).toEqual([]);
    expect(emptyFolders(tree, new Set([1, 3]))).toEqual([tree[0]]);
    expect(emptyFolders(tree, new Set([2]))).toEqual([]);
  });

  it('filters by a word in the label, keeping the ancestors of a match and the whole subtree under it', () => {
    expect(filterTree(tree, '监控', label)).toEqual([{ ...tree[0], children: [tree[0].children[1]] }]);
    expect(filterTree(tree, '流程', label)).toEqual([tree[0]]);
    expect(filterTree(tree, '  ', label)).toEqual(tree);
    expect(filterTree(tree, '不存在', label)).toEqual([]);
  });

  it('grants the leaves of a linked tree with their folders, and no folder left without a leaf', () => {
    expect(withAncestors(tree, new Set([3])).sort()).toEqual([1, 2, 3]);
    expect(withAncestors(tree, new Set([4, 6])).sort()).toEqual([1, 4, 5, 6]);
    expect(withAncestors(tree, new Set([1, 5]))).toEqual([]);
  });

  it('opens a grant linked only when a linked tree shows it as it is', () => {
    expect(linkable(tree, new Set([1, 2, 3, 4]))).toBe(true);
    expect(linkable(tree, new Set([]))).toBe(true);
    expect(linkable(tree, new Set([1, 4, 5, 6]))).toBe(true);
    // A page without its button, a folder without a page.
    expect(linkable(tree, new Set([1, 2]))).toBe(false);
    expect(linkable(tree, new Set([5]))).toBe(false);
  });
});
