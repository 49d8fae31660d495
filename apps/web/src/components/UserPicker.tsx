import { USER_ENDPOINTS, type UserBrief } from '@macro/contract/users';
import { Select } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useEndpointQuery } from '../api/endpoint';

interface UserPickerProps<M extends boolean> {
  /** Set by Form.Item, so the field's label names this input. */
  id?: string;
  multiple?: M;
  value?: M extends true ? number[] : number | null;
  onChange?: (value: M extends true ? number[] : number | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
  /** Names of users already chosen, when the record carries them (a delegate's entrusted person). */
  known?: readonly { id: number; name: string }[];
}

const labelOf = (user: Pick<UserBrief, 'name' | 'account'>) => `${user.name} (${user.account})`;

/**
 * Users of the tenant, searched by account or name on the server (`users.rest.directory`, open
 * to any signed-in user): a delegate's entrusted person, a stamp's members and maintainers.
 */
export function UserPicker<M extends boolean = false>({ id, multiple, value, onChange, disabled, placeholder, testId, known = [] }: UserPickerProps<M>) {
  const [term, setTerm] = useState('');
  const seen = useRef(new Map<number, string>());
  const directory = useEndpointQuery(USER_ENDPOINTS.directory, { query: { size: 50, ...(term ? { keyword: term } : {}) } }, { staleTime: 30_000 });
  for (const user of directory.data?.records ?? []) seen.current.set(user.id, labelOf(user));
  for (const user of known) if (!seen.current.has(user.id)) seen.current.set(user.id, user.name);
  const chosen = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const options = useMemo(() => {
    const ids = new Set([...(directory.data?.records ?? []).map((u) => u.id), ...chosen]);
    return [...ids].map((userId) => ({ value: userId, label: seen.current.get(userId) ?? `#${userId}` }));
  }, [directory.data, chosen]);
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next as never)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTerm }}
      onBlur={() => setTerm('')}
      loading={directory.isFetching}
      allowClear
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
