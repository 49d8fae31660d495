import { USER_PERMISSIONS, USER_STATUS, type UserRecord } from '@macro/contract/users';
import { LockOutlined } from '@ant-design/icons';
import { App, Badge, Space, Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useHasPermission } from '../../session/store';
import { useSetEnabled } from './api';

/** Spec §4: a disabled user shows a hint that they are disabled. */
export function DisabledHint({ user }: { user: UserRecord }) {
  const { t } = useTranslation('users');
  if (user.status !== USER_STATUS.disabled) return null;
  return (
    <Tooltip title={t('status.disabledHint')}>
      <Tag color="red" data-testid={`user-disabled-${user.account}`}>
        {t('status.0')}
      </Tag>
    </Tooltip>
  );
}

/** A sign-in lock after repeated failures; an administrator unlocks it from the toolbar. */
export function LockedHint({ user }: { user: UserRecord }) {
  const { t } = useTranslation('users');
  if (!user.locked) return null;
  return (
    <Tooltip title={t('lock.hint')}>
      <Tag color="red" icon={<LockOutlined />} data-testid={`user-locked-${user.account}`}>
        {t('lock.locked')}
      </Tag>
    </Tooltip>
  );
}

/** Enabled or disabled, switched after a confirmation; shown as a tag to those who may not switch it. */
export function StatusSwitch({ user }: { user: UserRecord }) {
  const { t } = useTranslation('users');
  const { modal, message } = App.useApp();
  const allowed = useHasPermission(USER_PERMISSIONS.status);
  const setEnabled = useSetEnabled();
  const enabled = user.status === USER_STATUS.enabled;
  // A green dot beside ordinary text: antd's green tag text is too faint to read (WCAG AA contrast).
  if (!allowed) return enabled ? <Badge status="success" text={t('status.1')} data-testid={`user-enabled-${user.account}`} /> : <DisabledHint user={user} />;
  const ask = (next: boolean) =>
    modal.confirm({
      title: t(next ? 'toggle.enableTitle' : 'toggle.disableTitle'),
      content: t(next ? 'toggle.enable' : 'toggle.disable', { name: user.account }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: !next, 'data-testid': 'user-toggle-confirm' },
      onOk: () =>
        setEnabled
          .mutateAsync({ id: user.id, enabled: next })
          .then(() => message.success(t(next ? 'toggle.enabled' : 'toggle.disabled')))
          .catch(() => undefined),
    });
  return (
    <Space size={4}>
      <Switch
        size="small"
        checked={enabled}
        loading={setEnabled.isPending}
        onChange={ask}
        aria-label={t('toggle.switchLabel', { name: user.account })}
        data-testid={`user-status-${user.account}`}
      />
      <DisabledHint user={user} />
    </Space>
  );
}
