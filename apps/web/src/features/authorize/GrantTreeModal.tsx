import { Empty, Input, Modal, Spin, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A branch of a grant tree: a group (menu, category) whose leaves are the grantable items. */
export interface GrantBranch {
  key: string;
  title: string;
  /** Grantable items under this branch (numeric ids). */
  items: { id: number; title: string }[];
  children: GrantBranch[];
}

interface GrantTreeModalProps {
  open: boolean;
  title: string;
  subject: ReactNode;
  branches: GrantBranch[];
  /** The ids granted now. */
  checked: number[];
  onCheck: (ids: number[]) => void;
  loading: boolean;
  saving: boolean;
  onSave: () => void;
  onClose: () => void;
  emptyLabel: string;
  treeLabel: string;
  testId: string;
}

function toData(branches: readonly GrantBranch[], needle: string): DataNode[] {
  return branches.flatMap((branch) => {
    const hit = !needle || branch.title.toLowerCase().includes(needle);
    const items = branch.items.filter((item) => hit || item.title.toLowerCase().includes(needle));
    const children = toData(branch.children, hit ? '' : needle);
    if (needle && !hit && !items.length && !children.length) return [];
    return [{ key: branch.key, title: branch.title, children: [...items.map((item) => ({ key: item.id, title: item.title, isLeaf: true })), ...children] }];
  });
}

/**
 * A dialog that grants items grouped in a tree (data scopes under menus, app functions under
 * categories): tick items or whole groups, search by name; only the items' numeric ids count.
 */
export function GrantTreeModal(props: GrantTreeModalProps) {
  const { t } = useTranslation('authorize');
  const [term, setTerm] = useState('');
  const needle = term.trim().toLowerCase();
  const treeData = useMemo(() => toData(props.branches, needle), [props.branches, needle]);
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={props.saving}
      onOk={props.onSave}
      onCancel={props.onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': `${props.testId}-save`, disabled: props.loading }}
      modalRender={(node) => <div data-testid={props.testId}>{node}</div>}
    >
      <Typography.Paragraph>{props.subject}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('grant.search')}
        aria-label={t('grant.search')}
        onChange={(event) => setTerm(event.target.value)}
        style={{ marginBottom: 8 }}
      />
      {props.loading ? (
        <Spin />
      ) : treeData.length ? (
        <Tree
          checkable
          defaultExpandAll
          height={360}
          virtual
          treeData={treeData}
          // While searching, hidden items keep their state: the visible ones are ticked over it.
          checkedKeys={props.checked}
          onCheck={(keys) => {
            const visible = new Set<number>();
            const walk = (nodes: DataNode[]) => {
              for (const node of nodes) {
                if (typeof node.key === 'number') visible.add(node.key);
                walk(node.children ?? []);
              }
            };
            walk(treeData);
            const ticked = (Array.isArray(keys) ? keys : keys.checked).filter((k): k is number => typeof k === 'number');
            props.onCheck([...props.checked.filter((id) => !visible.has(id)), ...ticked]);
          }}
          aria-label={props.treeLabel}
          data-testid={`${props.testId}-tree`}
        />
      ) : (
        <Empty description={props.emptyLabel} />
      )}
    </Modal>
  );
}
