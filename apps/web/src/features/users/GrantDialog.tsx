import type { UserRecord } from '@macro/contract/users';
import { App, Form, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGrantRoles } from './api';
import { RolePicker } from '../../components/RolePicker';

interface GrantDialogProps {
  /** The users whose roles are set; null closes the dialog. */
  users: UserRecord[] | null;
  onClose: () => void;
}

/** Sets the roles of one or more users (their current roles are replaced). */
export function GrantDialog({ users: current, onClose }: GrantDialogProps) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const [users] = useState(current);
  const [roleIds, setRoleIds] = useState<number[]>(() => (users?.length === 1 ? users[0].roleIds : []));
  const grant = useGrantRoles();
  if (!users) return null;
  const save = () =>
    grant
      .mutateAsync({ body: { userIds: users.map((u) => u.id), roleIds } })
      .then(() => {
        message.success(t('grant.done'));
        onClose();
      })
      .catch(() => undefined);
  return (
    <Modal
      open={current !== null}
      title={t('grant.title')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={grant.isPending}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'user-grant-save' }}
      modalRender={(node) => <div data-testid="user-grant-dialog">{node}</div>}
    >
      <Typography.Paragraph>{t('grant.users', { count: users.length })}</Typography.Paragraph>
      <Form layout="vertical" name="user-grant">
        <Form.Item label={t('grant.roles')} htmlFor="user-grant-roles">
          <RolePicker id="user-grant-roles" value={roleIds} onChange={setRoleIds} testId="user-grant-roles" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
