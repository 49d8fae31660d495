import { DEPT_ENDPOINTS, type DeptTreeNode } from '@macro/contract/org';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useEndpointQuery } from '../api/endpoint';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const optionsOf = (nodes: readonly DeptTreeNode[]): TreeOption[] =>
  nodes.map((node) => ({ value: node.id, title: node.title, children: optionsOf(node.children) }));

interface DeptTreeSelectProps {
  /** Set by Form.Item, so the field's label names this input. */
  id?: string;
  /** The chosen department's id; null for none. */
  value?: number | null;
  onChange?: (deptId: number | null) => void;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
}

/**
 * One department of the tenant, chosen from the organisation's department tree (the contract's
 * `dept.tree` call), searchable by name. Any screen that refers to a department uses this one.
 */
export function DeptTreeSelect({ id, value, onChange, disabled, placeholder, testId }: DeptTreeSelectProps) {
  const tree = useEndpointQuery(DEPT_ENDPOINTS.tree, { query: {} }, { staleTime: 30_000 });
  const treeData = useMemo(() => optionsOf(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect
      id={id}
      value={value ?? undefined}
      onChange={(next: number | undefined) => onChange?.(next ?? null)}
      treeData={treeData}
      loading={tree.isFetching}
      placeholder={placeholder}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      disabled={disabled}
      style={{ width: '100%' }}
      popupMatchSelectWidth={false}
      data-testid={testId}
    />
  );
}
