/** A node of any tree the platform builds. */
export interface TreeNode<N> {
  children: N[];
}

export interface TreeOptions<T> {
  id: (row: T) => number;
  parentId: (row: T) => number;
  /** What becomes of a row whose parent is not among the rows: a root (default) or nothing. */
  orphans?: 'root' | 'drop';
  /** Rows that are roots even when their parent is present. */
  isRoot?: (row: T) => boolean;
}

/**
 * Builds a forest from rows in one pass, keeping the rows' order among siblings. A cycle cannot
 * loop: each row hangs under exactly one parent, so rows on a cycle are simply unreachable.
 */
export function buildTree<T, N extends TreeNode<N>>(rows: readonly T[], toNode: (row: T) => N, options: TreeOptions<T>): N[] {
  const nodes = new Map<number, N>();
  for (const row of rows) nodes.set(options.id(row), toNode(row));
  const roots: N[] = [];
  for (const row of rows) {
    const node = nodes.get(options.id(row))!;
    if (options.isRoot?.(row)) {
      roots.push(node);
      continue;
    }
    const parent = nodes.get(options.parentId(row));
    if (parent && parent !== node) parent.children.push(node);
    else if (!parent && (options.orphans ?? 'root') === 'root') roots.push(node);
  }
  return roots;
}
