import { POST_ENDPOINTS } from '@macro/contract/posts';
import { Select } from 'antd';
import { useEndpointQuery } from '../../api/endpoint';

interface PostPickerProps {
  /** Set by Form.Item, so the field's label names this input. */
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
  disabled?: boolean;
  testId: string;
}

/** The posts a user holds, chosen from the tenant's posts (searchable by name). */
export function PostPicker({ id, value, onChange, disabled, testId }: PostPickerProps) {
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
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
