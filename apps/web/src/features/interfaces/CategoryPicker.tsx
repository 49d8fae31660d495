import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useCategoryTree } from './api';
import { categoryOptions } from './categoryTree';

/** A category chosen from the tree (a form widget: Form.Item gives id, value and onChange); `without` cannot be chosen, nor anything under it. */
export function CategoryPicker(props: {
  id?: string;
  value?: number;
  onChange?: (value: number | undefined) => void;
  /** The form checks the choice when it loses focus. */
  onBlur?: () => void;
  disabled: boolean;
  placeholder?: string;
  testId: string;
  without?: number;
}) {
  const tree = useCategoryTree();
  const treeData = useMemo(() => categoryOptions(tree.data, props.without), [tree.data, props.without]);
  return (
    <TreeSelect
      id={props.id}
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      treeData={treeData}
      treeDefaultExpandAll
      allowClear
      showSearch
      treeNodeFilterProp="title"
      loading={tree.isLoading}
      placeholder={props.placeholder}
      disabled={props.disabled}
      data-testid={props.testId}
    />
  );
}
