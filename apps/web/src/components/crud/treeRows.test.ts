import { describe, expect, it } from 'vitest';
import { flattenTree, removeFromTree, replaceInTree, toTreeRows } from './treeRows';

const tree = [
  { id: 1, name: 'a', children: [{ id: 2, name: 'b', children: [{ id: 3, name: 'c', children: [] }] }] },
  { id: 4, name: 'd', children: [] },
];

describe('tree rows', () => {
  it('drops empty children so leaves show no expander', () => {
    const rows = toTreeRows(tree);
    expect(rows[1]).toEqual({ id: 4, name: 'd' });
    expect(rows[0].children?.[0].children?.[0]).toEqual({ id: 3, name: 'c' });
  });

  it('flattens parents before children', () => {
    expect(flattenTree(tree).map((row) => row.id)).toEqual([1, 2, 3, 4]);
  });

  it('replaces a row at any depth, keeping its children, and removes rows with their subtrees', () => {
    const renamed = replaceInTree(tree, { id: 2, name: 'B' });
    expect(renamed[0].children[0]).toMatchObject({ id: 2, name: 'B', children: [{ id: 3 }] });
    expect(tree[0].children[0].name).toBe('b');
    expect(flattenTree(removeFromTree(tree, [2])).map((row) => row.id)).toEqual([1, 4]);
  });
});
