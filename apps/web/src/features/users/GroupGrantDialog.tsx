import { GROUP_ENDPOINTS } from '@macro/contract/tenants';
import { USER_ENDPOINTS, type UserRecord } from '@macro/contract/users';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';

interface GroupGrantDialogProps {
  /** The users whose groups are set; null closes the dialog. */
  users: UserRecord[] | null;
  onClose: () => void;
}

/**
 * Which groups (the platform's tenants, `/groups/list`) users of the platform tenant look after
 * (`/macro-user/groups/grant`); their current groups are replaced. Creating, editing and removing
 * groups is the tenant screen's work: groups are tenants.
 */
export function GroupGrantDialog({ users: current, onClose }: GroupGrantDialogProps) {
  const [users] = useState(current);
  return users ? <GroupGrantModal users={users} open={current !== null} onClose={onClose} /> : null;
}

function GroupGrantModal({ users, open, onClose }: { users: UserRecord[]; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const client = useQueryClient();
  const groups = useEndpointQuery(GROUP_ENDPOINTS.list, { query: { size: 500 } });
  const single = users.length === 1 ? users[0] : null;
  const granted = useEndpointQuery(USER_ENDPOINTS.groupsGrantView, { query: { userId: single?.id ?? 0 } }, { enabled: single !== null });
  const [chosen, setChosen] = useState<number[] | null>(null);
  const grant = useEndpointMutation(USER_ENDPOINTS.groupsGrant, {
    onSuccess: () => client.invalidateQueries({ queryKey: [USER_ENDPOINTS.groupsGrantView.operationId] }),
  });
  const groupIds = chosen ?? granted.data?.groupIds ?? [];
  const save = () =>
    grant
      .mutateAsync({ body: { userIds: users.map((u) => u.id), groupIds } })
      .then(() => {
        message.success(t('groups.done'));
        onClose();
      })
      .catch(() => undefined);
  return (
    <Modal
      open={open}
      title={t('groups.title')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={grant.isPending}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'user-groups-save', disabled: granted.isLoading }}
      modalRender={(node) => <div data-testid="user-groups-dialog">{node}</div>}
    >
      <Typography.Paragraph>{t('groups.users', { count: users.length })}</Typography.Paragraph>
      <Form layout="vertical" name="user-groups">
        <Form.Item label={t('groups.groups')} htmlFor="user-groups-select">
          <Select
            id="user-groups-select"
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={groups.isLoading || granted.isLoading}
            placeholder={t('groups.placeholder')}
            value={groupIds}
            onChange={setChosen}
            options={(groups.data?.records ?? []).map((g) => ({ value: g.id, label: `${g.tenantName} (${g.tenantId})` }))}
            data-testid="user-groups-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
