import type { UserRecord } from '@macro/contract/users';
import { Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { LockedHint, StatusSwitch } from './StatusSwitch';

export function userColumns<T extends UserRecord>(t: TFunction): ColumnsType<T> {
  return [
    {
      dataIndex: 'account',
      title: t('users:field.account'),
      width: 170,
      // The lock sits by the account, where the eye starts, not in a column scrolled out of view.
      render: (_: unknown, user: T) => (
        <Space size={4} wrap>
          {user.account}
          <LockedHint user={user} />
        </Space>
      ),
    },
    { dataIndex: 'name', title: t('users:field.name'), ellipsis: true },
    { dataIndex: 'realName', title: t('users:field.realName'), ellipsis: true },
    { dataIndex: 'roleName', title: t('users:field.roleName'), ellipsis: true },
    { dataIndex: 'postName', title: t('users:field.postIds'), ellipsis: true },
    {
      dataIndex: 'deptId',
      title: t('users:field.deptId'),
      width: 110,
      render: (_: unknown, user: T) => user.deptName || (user.deptId === null ? '' : t('users:dept.current', { id: user.deptId })),
    },
    { dataIndex: 'mobile', title: t('users:field.mobile'), width: 130 },
    {
      dataIndex: 'status',
      title: t('users:field.status'),
      width: 130,
      render: (_: unknown, user: T) => <StatusSwitch user={user} />,
    },
  ];
}
