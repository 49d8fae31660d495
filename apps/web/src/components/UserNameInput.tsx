import { USER_ENDPOINTS } from '@macro/contract/users';
import { AutoComplete } from 'antd';
import { useState } from 'react';
import { useEndpointQuery } from '../api/endpoint';

interface UserNameInputProps {
  /** Set by Form.Item, so the field's label names this input. */
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
  maxLength?: number;
}

/**
 * A person's name as text (a department's or a company's head), offered from the tenant's users
 * as it is typed (`users.rest.directory`), so the name is spelled as the user is; someone who is
 * not a user can still be typed.
 */
export function UserNameInput({ id, value, onChange, disabled, placeholder, testId, maxLength = 100 }: UserNameInputProps) {
  const [term, setTerm] = useState('');
  const directory = useEndpointQuery(
    USER_ENDPOINTS.directory,
    { query: { size: 20, ...(term ? { keyword: term } : {}) } },
    { staleTime: 30_000, enabled: !disabled },
  );
  const options = (directory.data?.records ?? []).map((user) => ({ value: user.name, label: `${user.name} (${user.account})`, key: user.id }));
  return (
    <AutoComplete
      id={id}
      value={value}
      onChange={(next) => onChange?.(String(next ?? ''))}
      onSearch={setTerm}
      options={options}
      disabled={disabled}
      placeholder={placeholder}
      maxLength={maxLength}
      allowClear
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
