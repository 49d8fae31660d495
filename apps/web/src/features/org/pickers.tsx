import { COMPANY_NATURE_DICT, type CompanyTreeNode, type DeptNode } from '@macro/contract/org';
import { Select, TreeSelect } from 'antd';
import { useMemo } from 'react';
import type { WidgetProps } from '../../components/crud/SchemaForm';
import { useCompanyTree, useDictionaryOptions } from './api';

/**
 * Props Form.Item hands to the input it wraps. The selects show no placeholder: antd draws it in
 * a grey too light to read (WCAG contrast), and an empty choice needs none.
 */
interface Bound<V> {
  widget: WidgetProps;
  id?: string;
  value?: V;
  onChange?: (value: V) => void;
}

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: TreeOption[];
}

/** A dropdown of a dictionary's options (CompanyNature, DepartmentNature); values are the keys. */
export function DictionarySelect({ code, widget, id, value, onChange }: Bound<string> & { code: string }) {
  const options = useDictionaryOptions(code);
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? '')}
      allowClear
      disabled={widget.disabled}
      loading={options.isFetching}
      options={(options.data ?? []).map((o) => ({ value: o.value, label: o.label }))}
      data-testid={widget.testId}
    />
  );
}

export const CompanyNatureSelect = (props: Bound<string>) => <DictionarySelect code={COMPANY_NATURE_DICT} {...props} />;

/** The parent company; the company itself and its subsidiaries cannot be chosen (no cycles). */
export function ParentCompanyPicker({ self, widget, id, value, onChange }: Bound<number> & { self?: number }) {
  const tree = useCompanyTree();
  const treeData = useMemo(() => {
    const convert = (nodes: readonly CompanyTreeNode[], blocked: boolean): TreeOption[] =>
      nodes.map((node) => {
        const off = blocked || node.id === self;
        return { value: node.id, title: node.title, disabled: off, children: convert(node.children, off) };
      });
    return convert(tree.data ?? [], false);
  }, [tree.data, self]);
  return (
    <TreeSelect
      id={id}
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? 0)}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      disabled={widget.disabled}
      treeData={treeData}
      treeDefaultExpandAll
      data-testid={widget.testId}
    />
  );
}

/** The parent department among the company's departments; the department and what is below it are excluded. */
export function ParentDeptPicker({ depts, self, widget, id, value, onChange }: Bound<number> & { depts: readonly DeptNode[]; self?: number }) {
  const treeData = useMemo(() => {
    const convert = (nodes: readonly DeptNode[], blocked: boolean): TreeOption[] =>
      nodes.map((node) => {
        const off = blocked || node.id === self;
        return { value: node.id, title: node.deptName, disabled: off, children: convert(node.children, off) };
      });
    return convert(depts, false);
  }, [depts, self]);
  return (
    <TreeSelect
      id={id}
      value={value || undefined}
      onChange={(next) => onChange?.(next ?? 0)}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      disabled={widget.disabled}
      treeData={treeData}
      treeDefaultExpandAll
      data-testid={widget.testId}
    />
  );
}
