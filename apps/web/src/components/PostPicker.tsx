import { POST_ENDPOINTS } from '@macro/contract/posts';
import { Select } from 'antd';
import { useEndpointQuery } from '../api/endpoint';
import type { IdsPickerProps } from './pickerProps';

/** Posts chosen from the tenant's posts (searchable by name): a user's posts, a node's approvers. */
export function PostPicker({ id, value, onChange, disabled, testId, placeholder }: IdsPickerProps) {
  const posts = useEndpointQuery(POST_ENDPOINTS.select, {}, { staleTime: 30_000 });
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      onChange={onChange}
      options={(posts.data ?? []).map((p) => ({ value: p.id, label: p.postName }))}
      loading={posts.isFetching}
      optionFilterProp="label"
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
