import type { RoleRecord } from '@macro/contract/roles';
import type { UserBrief } from '@macro/contract/users';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoleUsers, useSetRoleUsers, useUserSearch } from './api';

/** Chooses exactly which users hold a role: its members now, plus any found by account. */
export function RoleUsersDialog({ role: current, onClose }: { role: RoleRecord | null; onClose: () => void }) {
  const [role] = useState(current);
  return role ? <MembersModal role={role} open={current !== null} onClose={onClose} /> : null;
}

function MembersModal({ role, open, onClose }: { role: RoleRecord; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const { message } = App.useApp();
  const members = useRoleUsers(role.id);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const [typed, setTyped] = useState('');
  const found = useUserSearch(typed.trim());
  const setUsers = useSetRoleUsers();
  const value = chosen ?? (members.data ?? []).map((u) => u.id);
  const options = useMemo(() => {
    const known = new Map<number, UserBrief>();
    for (const user of [...(members.data ?? []), ...(found.data?.records ?? [])]) known.set(user.id, user);
    return [...known.values()].map((u) => ({ value: u.id, label: u.realName ? `${u.account}（${u.realName}）` : u.account }));
  }, [members.data, found.data]);
  const save = () =>
    setUsers
      .mutateAsync({ body: { roleId: role.id, userIds: value } })
      .then(() => {
        message.success(t('users.done'));
        onClose();
      })
      .catch(() => undefined);
  return (
    <Modal
      open={open}
      title={t('users.title', { name: role.roleName })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={setUsers.isPending}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'role-users-save', disabled: members.isLoading }}
      modalRender={(node) => <div data-testid="role-users-dialog">{node}</div>}
    >
      <Form layout="vertical" name="role-users">
        <Form.Item label={t('users.pick')} htmlFor="role-users-pick" extra={t('users.hint')}>
          <Select
            id="role-users-pick"
            mode="multiple"
            value={value}
            onChange={setChosen}
            options={options}
            showSearch={{ filterOption: false, onSearch: setTyped }}
            loading={members.isLoading || found.isFetching}
            data-testid="role-users-pick"
          />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary">{role.roleAlias}</Typography.Text>
    </Modal>
  );
}
