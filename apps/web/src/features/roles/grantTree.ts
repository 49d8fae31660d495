import type { GrantTreeNode } from '@macro/contract/roles';

/** A menu row (a folder or a page), not a button. */
const MENU = 1;

const isFolder = (node: GrantTreeNode) => node.children.some((child) => child.category === MENU);

/** Every id of the tree, depth first. */
export function allIds(nodes: readonly GrantTreeNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...allIds(node.children)]);
}

/** The ids of the nodes that have children: what "expand all" opens. */
export function parentIds(nodes: readonly GrantTreeNode[]): number[] {
  return nodes.flatMap((node) => (node.children.length ? [node.id, ...parentIds(node.children)] : []));
}

/**
 * What a linked tree ticks for a grant: its granted leaves. The tree derives a parent's state
 * from its children, so a parent passed in would tick every child the role does not hold.
 */
export function linkedKeys(nodes: readonly GrantTreeNode[], granted: ReadonlySet<number>): number[] {
  return nodes.flatMap((node) => (node.children.length ? linkedKeys(node.children, granted) : granted.has(node.id) ? [node.id] : []));
}

/**
 * Granted folders with no granted page anywhere beneath them: a user of the role would see the
 * folder in the sidebar with nothing in it.
 */
export function emptyFolders(nodes: readonly GrantTreeNode[], granted: ReadonlySet<number>): GrantTreeNode[] {
  const holdsPage = (node: GrantTreeNode): boolean =>
    node.children.some((child) => child.category === MENU && granted.has(child.id) && (!isFolder(child) || holdsPage(child)));
  return nodes.flatMap((node) => [
    ...(node.category === MENU && isFolder(node) && granted.has(node.id) && !holdsPage(node) ? [node] : []),
    ...emptyFolders(node.children, granted),
  ]);
}

/**
 * The rows whose label holds the query, with their ancestors (to show where they are) and their
 * whole subtree (to tick it); everything when the query is blank.
 */
export function filterTree(nodes: readonly GrantTreeNode[], query: string, label: (node: GrantTreeNode) => string): GrantTreeNode[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...nodes];
  return nodes.flatMap((node) => {
    if (label(node).toLowerCase().includes(q)) return [node];
    const children = filterTree(node.children, q, label);
    return children.length ? [{ ...node, children }] : [];
  });
}

/**
 * A linked tree's grant: the granted leaves and every ancestor of them (a page is reached through
 * its folders), and no folder without a granted leaf.
 */
export function withAncestors(nodes: readonly GrantTreeNode[], leaves: ReadonlySet<number>): number[] {
  const out: number[] = [];
  const visit = (node: GrantTreeNode): boolean => {
    if (!node.children.length) {
      if (leaves.has(node.id)) out.push(node.id);
      return leaves.has(node.id);
    }
    const held = node.children.map(visit).some(Boolean);
    if (held) out.push(node.id);
    return held;
  };
  nodes.forEach(visit);
  return out;
}

/**
 * Whether a linked tree can show this grant as it is: not when the role holds a page without all
 * of its buttons, or a folder without a page. Such a grant opens with the rows unlinked.
 */
export function linkable(nodes: readonly GrantTreeNode[], granted: ReadonlySet<number>): boolean {
  const linked = withAncestors(nodes, new Set(linkedKeys(nodes, granted)));
  const known = new Set(allIds(nodes));
  const held = [...granted].filter((id) => known.has(id));
  return linked.length === held.length && linked.every((id) => granted.has(id));
}
