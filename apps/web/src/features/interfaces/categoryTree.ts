import type { InterfaceCategoryNode } from '@macro/contract/interfaces';

/** A category tree as antd's TreeSelect and Tree take it; `without` leaves out a category and all under it. */
export interface CategoryOption {
  value: number;
  key: number;
  title: string;
  children?: CategoryOption[];
}

export function categoryOptions(nodes: readonly InterfaceCategoryNode[] | undefined, without?: number): CategoryOption[] {
  return (nodes ?? [])
    .filter((node) => node.id !== without)
    .map((node) => {
      const children = categoryOptions(node.children, without);
      return { value: node.id, key: node.id, title: node.name, ...(children.length ? { children } : {}) };
    });
}

export function findCategory(nodes: readonly InterfaceCategoryNode[] | undefined, id: number): InterfaceCategoryNode | undefined {
  for (const node of nodes ?? []) {
    if (node.id === id) return node;
    const inside = findCategory(node.children, id);
    if (inside) return inside;
  }
  return undefined;
}
