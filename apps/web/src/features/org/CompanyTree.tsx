import { COMPANY_PERMISSIONS as P, type CompanyTreeNode, SPECIAL_POST_PERMISSIONS } from '@macro/contract/org';
import { App, Button, Card, Empty, Input, Space, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissionCheck } from '../../session/store';
import { useCompanyTree } from './api';
import { WARNING_SECONDS } from '../../components/feedback';

/** Spec §8: transient warnings last 2 seconds. */
/** The tree scrolls inside this height and renders only the nodes in view (thousands of companies). */
const TREE_HEIGHT = 520;

interface CompanyTreeProps {
  selected: CompanyTreeNode | null;
  onSelect: (node: CompanyTreeNode | null) => void;
  onAdd: (parent: CompanyTreeNode | null) => void;
  onEdit: (node: CompanyTreeNode) => void;
  onRemove: (node: CompanyTreeNode) => void;
  onSpecialPosts: () => void;
}

function toData(nodes: readonly CompanyTreeNode[]): DataNode[] {
  return nodes.map((node) => ({ key: node.id, title: node.title, children: toData(node.children) }));
}

function filterTree(nodes: readonly CompanyTreeNode[], term: string): CompanyTreeNode[] {
  if (!term) return [...nodes];
  const needle = term.toLowerCase();
  return nodes.flatMap((node) => {
    const children = filterTree(node.children, term);
    return node.title.toLowerCase().includes(needle) || node.code.toLowerCase().includes(needle) || children.length ? [{ ...node, children }] : [];
  });
}

/** The company tree: keyboard-navigable (arrows, Enter), virtual, with the company actions above it. */
export function CompanyTree({ selected, onSelect, onAdd, onEdit, onRemove, onSpecialPosts }: CompanyTreeProps) {
  const { t } = useTranslation('org');
  const { message } = App.useApp();
  const permitted = usePermissionCheck();
  const tree = useCompanyTree();
  const [term, setTerm] = useState('');
  const nodes = useMemo(() => filterTree(tree.data ?? [], term.trim()), [tree.data, term]);
  const byId = useMemo(() => {
    const map = new Map<number, CompanyTreeNode>();
    const walk = (list: readonly CompanyTreeNode[]) => {
      for (const node of list) {
        map.set(node.id, node);
        walk(node.children);
      }
    };
    walk(tree.data ?? []);
    return map;
  }, [tree.data]);
  const [expanded, setExpanded] = useState<number[] | null>(null);
  // Until the user opens or closes a branch, the top level is open (all of it while searching).
  const expandedKeys = term ? [...byId.keys()] : (expanded ?? (tree.data ?? []).map((node) => node.id));

  // Spec §5: a company must be selected before acting on it.
  const withSelection = (act: (node: CompanyTreeNode) => void) => () => {
    if (!selected) {
      message.warning(t('company.selectFirst'), WARNING_SECONDS);
      return;
    }
    act(selected);
  };

  return (
    <Card title={t('company.title')} className="crud-card" data-testid="company-panel">
      <Space wrap style={{ marginBottom: 12 }}>
        {permitted(P.add) ? (
          <Button type="primary" onClick={() => onAdd(selected)} data-testid="company-add">
            {t('company.add')}
          </Button>
        ) : null}
        {permitted(P.edit) ? (
          <Button onClick={withSelection(onEdit)} data-testid="company-edit">
            {t('common:edit')}
          </Button>
        ) : null}
        {permitted(SPECIAL_POST_PERMISSIONS.view) ? (
          <Button onClick={onSpecialPosts} data-testid="special-post-open">
            {t('specialPost.open')}
          </Button>
        ) : null}
        {permitted(P.delete) ? (
          <Button danger onClick={withSelection(onRemove)} data-testid="company-delete">
            {t('common:delete')}
          </Button>
        ) : null}
      </Space>
      <Input.Search
        allowClear
        placeholder={t('company.searchPlaceholder')}
        aria-label={t('company.searchPlaceholder')}
        onChange={(event) => setTerm(event.target.value)}
        style={{ marginBottom: 12 }}
        data-testid="company-search"
      />
      <Spin spinning={tree.isFetching}>
        {nodes.length ? (
          <nav aria-label={t('company.title')}>
            <Tree
              treeData={toData(nodes)}
              height={TREE_HEIGHT}
              virtual
              blockNode
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys.map(Number))}
              selectedKeys={selected ? [selected.id] : []}
              onSelect={(keys) => onSelect(keys.length ? (byId.get(Number(keys[0])) ?? null) : selected)}
              data-testid="company-tree"
            />
          </nav>
        ) : (
          <Empty description={tree.isError ? t('company.loadFailed') : t('company.empty')} />
        )}
      </Spin>
    </Card>
  );
}
