import { ROLE_ENDPOINTS } from '@macro/contract/roles';
import { TreeSelect } from 'antd';
import { useEndpointQuery } from '../api/endpoint';
import type { IdsPickerProps } from './pickerProps';

/** Roles chosen from the role tree, searchable by name (each role on its own: a parent does not bring its children). */
export function RolePicker({ id, value, onChange, disabled, testId, placeholder }: IdsPickerProps) {
  const tree = useEndpointQuery(ROLE_ENDPOINTS.tree, { query: {} }, { staleTime: 30_000 });
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
      placeholder={placeholder}
      treeNodeFilterProp="title"
      showSearch
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
