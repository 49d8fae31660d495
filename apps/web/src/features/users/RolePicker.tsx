import { TreeSelect } from 'antd';
import { useRoleTree } from './api';

interface RolePickerProps {
  /** Set by Form.Item, so the field's label names this input. */
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
  disabled?: boolean;
  testId: string;
}

/** Roles to hold, chosen from the role tree (each role on its own: a parent does not bring its children). */
export function RolePicker({ id, value, onChange, disabled, testId }: RolePickerProps) {
  const tree = useRoleTree();
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      treeData={tree.data ?? []}
      loading={tree.isFetching}
      multiple
      treeDefaultExpandAll
      allowClear
      disabled={disabled}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
