/** A row of a tree table: antd shows an expander for any `children` array, even an empty one. */
export type TreeRow<T> = Omit<T, 'children'> & { children?: TreeRow<T>[] };

interface Node {
  id: number;
  children?: readonly Node[] | null;
}

/** Rows for a tree table: leaves lose their empty `children`, so they show no expander. */
export function toTreeRows<T extends Node>(nodes: readonly T[]): TreeRow<T>[] {
  return nodes.map(({ children, ...node }) =>
    children?.length ? ({ ...node, children: toTreeRows(children as readonly T[]) } as TreeRow<T>) : (node as TreeRow<T>),
  );
}

/** Every row of a tree, parents before their children. */
export function flattenTree<T extends object>(rows: readonly T[]): T[] {
  return rows.flatMap((row) => [row, ...flattenTree((row as { children?: readonly T[] }).children ?? [])]);
}

/** Replaces the row with `changed.id`, wherever it sits in the tree, keeping its children. */
export function replaceInTree<T extends Node>(rows: readonly T[], changed: Partial<T> & { id: number }): T[] {
  return rows.map((row) => {
    if (row.id === changed.id) return { ...row, ...changed, children: row.children };
    return row.children?.length ? { ...row, children: replaceInTree(row.children as readonly T[], changed) } : row;
  });
}

/** Drops the rows with these ids (and so their subtrees). */
export function removeFromTree<T extends Node>(rows: readonly T[], ids: readonly number[]): T[] {
  return rows
    .filter((row) => !ids.includes(row.id))
    .map((row) => (row.children?.length ? { ...row, children: removeFromTree(row.children as readonly T[], ids) } : row));
}
