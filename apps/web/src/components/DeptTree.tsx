import { DEPT_ENDPOINTS, type DeptTreeNode, ORG_ROOT } from '@macro/contract/org';
import { Button, Empty, Input, Spin, Tree } from 'antd';
import type { DataNode, EventDataNode } from 'antd/es/tree';
import { useCallback, useMemo, useState } from 'react';
import { callEndpoint, useEndpointQuery } from '../api/endpoint';

/** The tree scrolls inside this height and renders only the rows in view (thousands of departments). */
const TREE_HEIGHT = 480;

interface DeptTreeProps {
  /** The chosen department; undefined for all of them. */
  value: number | undefined;
  onChange: (deptId: number | undefined) => void;
  /** Names the tree for assistive technology. */
  label: string;
  /** The entry that clears the choice. */
  allLabel: string;
  searchPlaceholder: string;
  emptyLabel: string;
  testId: string;
}

function toData(nodes: readonly DeptTreeNode[], lazy: boolean): DataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: node.title,
    // While browsing, a node with children shows its switcher and loads them when opened.
    isLeaf: lazy ? !node.hasChildren : node.children.length === 0,
    children: node.children.length ? toData(node.children, lazy) : undefined,
  }));
}

function filterTree(nodes: readonly DeptTreeNode[], needle: string): DeptTreeNode[] {
  return nodes.flatMap((node) => {
    const children = filterTree(node.children, needle);
    return node.title.toLowerCase().includes(needle) || children.length ? [{ ...node, children }] : [];
  });
}

function keysOf(nodes: readonly DeptTreeNode[]): number[] {
  return nodes.flatMap((node) => [node.id, ...keysOf(node.children)]);
}

/** Puts loaded children under their parent, wherever it sits. */
function attach(nodes: readonly DeptTreeNode[], parentId: number, children: DeptTreeNode[]): DeptTreeNode[] {
  return nodes.map((node) =>
    node.id === parentId ? { ...node, children } : node.children.length ? { ...node, children: attach(node.children, parentId, children) } : node,
  );
}

/**
 * The organisation's departments as a panel tree to narrow a list by (the user screen's left
 * side). Browsing loads one level at a time from the server's lazy tree, so a tenant with
 * thousands of departments opens at once; searching reads the whole tree once and shows the
 * matches with their ancestors. The tree is virtual: only the rows in view are rendered.
 */
export function DeptTree({ value, onChange, label, allLabel, searchPlaceholder, emptyLabel, testId }: DeptTreeProps) {
  const [term, setTerm] = useState('');
  const needle = term.trim().toLowerCase();
  const top = useEndpointQuery(DEPT_ENDPOINTS.lazyTree, { query: { parentId: ORG_ROOT } }, { staleTime: 30_000 });
  const whole = useEndpointQuery(DEPT_ENDPOINTS.tree, { query: {} }, { staleTime: 30_000, enabled: needle !== '' });
  // Branches loaded so far, over the top level they were loaded under: when the top level is
  // read again (another tab changed the departments), browsing starts afresh from it.
  const [loaded, setLoaded] = useState<{ base: readonly DeptTreeNode[] | undefined; nodes: DeptTreeNode[]; expanded: number[] } | null>(null);
  const current = loaded && loaded.base === top.data ? loaded : null;
  const browsing = current?.nodes ?? top.data ?? [];
  const expanded = current?.expanded ?? [];
  const found = useMemo(() => (needle ? filterTree(whole.data ?? [], needle) : []), [whole.data, needle]);
  const nodes = needle ? found : browsing;
  const treeData = useMemo(() => toData(nodes, !needle), [nodes, needle]);

  const loadData = useCallback(
    async (node: EventDataNode<DataNode>) => {
      if (node.children?.length) return;
      const parentId = Number(node.key);
      const children = await callEndpoint(DEPT_ENDPOINTS.lazyTree, { query: { parentId } });
      setLoaded((previous) => {
        const fresh = previous && previous.base === top.data ? previous : { base: top.data, nodes: top.data ?? [], expanded: [] };
        return { ...fresh, nodes: attach(fresh.nodes, parentId, children) };
      });
    },
    [top.data],
  );

  return (
    <div data-testid={testId}>
      <Input.Search
        allowClear
        placeholder={searchPlaceholder}
        aria-label={searchPlaceholder}
        onChange={(event) => setTerm(event.target.value)}
        style={{ marginBottom: 8 }}
        data-testid={`${testId}-search`}
      />
      <Button
        type={value === undefined ? 'primary' : 'text'}
        ghost={value === undefined}
        block
        style={{ textAlign: 'start', marginBottom: 8 }}
        aria-pressed={value === undefined}
        onClick={() => onChange(undefined)}
        data-testid={`${testId}-all`}
      >
        {allLabel}
      </Button>
      <Spin spinning={top.isFetching || whole.isFetching}>
        {treeData.length ? (
          <nav aria-label={label}>
            <Tree
              // A fresh top level is a fresh tree: nothing below it counts as loaded.
              key={needle ? 'found' : top.dataUpdatedAt}
              treeData={treeData}
              height={TREE_HEIGHT}
              virtual
              blockNode
              loadData={needle ? undefined : loadData}
              expandedKeys={needle ? keysOf(found) : expanded}
              onExpand={(keys) => {
                if (needle) return;
                setLoaded((previous) => {
                  const fresh = previous && previous.base === top.data ? previous : { base: top.data, nodes: top.data ?? [], expanded: [] };
                  return { ...fresh, expanded: keys.map(Number) };
                });
              }}
              selectedKeys={value === undefined ? [] : [value]}
              onSelect={(keys) => {
                if (keys.length) onChange(Number(keys[0]));
              }}
            />
          </nav>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyLabel} />
        )}
      </Spin>
    </div>
  );
}
