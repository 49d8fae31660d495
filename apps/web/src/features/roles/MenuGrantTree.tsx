import type { GrantTreeNode } from '@macro/contract/roles';
import { Alert, Button, Checkbox, Input, Space, Switch, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type Key, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allIds, emptyFolders, filterTree, linkable, linkedKeys, parentIds, withAncestors } from './grantTree';

interface MenuGrantTreeProps {
  nodes: GrantTreeNode[];
  /** The menu and button ids the role grants. */
  granted: number[];
  onChange: (ids: number[]) => void;
}

/**
 * The menus and buttons a role grants. Parent and child are linked by default (ticking a folder
 * ticks what is under it, a ticked page brings its folders), with a switch to tick each row on
 * its own; search, expand or collapse all, select all, and a warning for a ticked folder with no
 * ticked page under it.
 */
export function MenuGrantTree({ nodes, granted, onChange }: MenuGrantTreeProps) {
  const { t } = useTranslation('roles');
  const { t: menuT } = useTranslation('menu');
  // Linked unless the role holds what a linked tree cannot show (a page without all its buttons).
  const [linked, setLinked] = useState(() => linkable(nodes, new Set(granted)));
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<number[]>(() => parentIds(nodes));
  const label = useCallback((node: GrantTreeNode) => (node.i18n ? menuT(node.i18n, { defaultValue: node.name }) : node.name), [menuT]);
  const shown = useMemo(() => filterTree(nodes, query, label), [nodes, query, label]);
  const treeData = useMemo(() => {
    const toData = (node: GrantTreeNode): DataNode => ({ key: node.id, title: label(node), children: node.children.map(toData) });
    return shown.map(toData);
  }, [shown, label]);
  const grantedSet = useMemo(() => new Set(granted), [granted]);
  const every = useMemo(() => allIds(nodes), [nodes]);
  const empty = useMemo(() => emptyFolders(nodes, grantedSet), [nodes, grantedSet]);
  const allGranted = every.length > 0 && every.every((id) => grantedSet.has(id));

  /** A tick changes the rows in view; what the search hides stays as it was. */
  const onCheck = (keys: { checked: Key[] } | Key[]) => {
    const checked = (Array.isArray(keys) ? keys : keys.checked).map(Number);
    const inView = new Set(allIds(shown));
    const outside = granted.filter((id) => !inView.has(id));
    // Unlinked, the tree hands back the hidden ticks with the visible ones: each id once.
    if (!linked) return onChange([...new Set([...outside, ...checked])]);
    const leaves = new Set([...linkedKeys(nodes, new Set(outside)), ...linkedKeys(shown, new Set(checked))]);
    onChange(withAncestors(nodes, leaves));
  };

  return (
    <div data-testid="role-grant-menus">
      <Space wrap style={{ marginBottom: 8 }}>
        <Input.Search
          allowClear
          placeholder={t('grant.search')}
          aria-label={t('grant.search')}
          onChange={(event) => setQuery(event.target.value)}
          style={{ width: 200 }}
          data-testid="role-grant-search"
        />
        <Checkbox
          checked={allGranted}
          indeterminate={!allGranted && granted.length > 0}
          onChange={(event) => onChange(event.target.checked ? every : [])}
          data-testid="role-grant-all"
        >
          {t('grant.selectAll')}
        </Checkbox>
        <Space size={4}>
          <Switch size="small" checked={linked} onChange={setLinked} aria-label={t('grant.linked')} data-testid="role-grant-linked" />
          <span aria-hidden>{t('grant.linked')}</span>
        </Space>
        <Button size="small" onClick={() => setExpanded(parentIds(nodes))} data-testid="role-grant-expand">
          {t('grant.expandAll')}
        </Button>
        <Button size="small" onClick={() => setExpanded([])} data-testid="role-grant-collapse">
          {t('grant.collapseAll')}
        </Button>
      </Space>
      {empty.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('grant.emptyFolders', { names: empty.map(label).join('、') })}
          data-testid="role-grant-empty-folders"
        />
      ) : null}
      <Tree
        checkable
        checkStrictly={!linked}
        treeData={treeData}
        // While searching, everything found is open.
        expandedKeys={query.trim() ? parentIds(shown) : expanded}
        onExpand={(keys) => setExpanded(keys.map(Number))}
        checkedKeys={linked ? linkedKeys(shown, grantedSet) : granted}
        onCheck={onCheck}
        aria-label={t('grant.tree')}
        data-testid="role-grant-tree"
      />
    </div>
  );
}
