import { plainPassword, USER_ENDPOINTS, type UserRecord } from '@macro/contract/users';
import { Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint';
import { encryptPasswords } from '../../api/session';
import { SchemaDialog } from '../../components/crud/SchemaDialog';
import type { ObjectSchema, SchemaField } from '../../components/crud/SchemaForm';

interface PasswordValues {
  password: string;
  password2: string;
}

const SCHEMA = { shape: { password: plainPassword, password2: plainPassword } } as unknown as ObjectSchema;
const EMPTY: PasswordValues = { password: '', password2: '' };

/** An administrator sets a user's password (the user changes it at the next sign-in). */
export function PasswordDialog({ user: current, onClose }: { user: UserRecord | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  const [user] = useState(current);
  const setPassword = useEndpointMutation(USER_ENDPOINTS.password);
  if (!user) return null;
  const field = (name: keyof PasswordValues, placeholder: string): SchemaField => ({
    name,
    label: t(`field.${name}`),
    span: 24,
    render: (w) => <Input.Password placeholder={placeholder} autoComplete="new-password" data-testid={w.testId} />,
  });
  const save = async (values: PasswordValues) => {
    const body = await encryptPasswords({ password: values.password, password2: values.password2 });
    return setPassword.mutateAsync({ params: { id: String(user.id) }, body });
  };
  return (
    <SchemaDialog<PasswordValues>
      testId="user-password-dialog"
      fieldTestIdPrefix="user-password"
      open={current !== null}
      mode="edit"
      title={t('passwordDialog.title', { name: user.account })}
      schema={SCHEMA}
      fields={[field('password', t('form.passwordPlaceholder')), field('password2', t('form.password2Placeholder'))]}
      initialValues={EMPTY}
      onSubmit={save}
      onClose={onClose}
      afterClose={() => setPassword.reset()}
    />
  );
}
