import { USER_ENDPOINTS, USER_PERMISSIONS as P, type UserRecord } from '@macro/contract/users';
import { ApartmentOutlined, KeyOutlined, TeamOutlined, UnlockOutlined } from '@ant-design/icons';
import { AUTHORIZE_OBJECT, AUTHORIZE_PERMISSIONS } from '@macro/contract/authorize';
import { AUTH_PERMISSIONS } from '@macro/contract/auth';
import { App, Col, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useAccountSecurity } from './accountSecurity';
import { useRemoveUsers } from './api';
import { userColumns } from './columns';
import { AppAuthorizeDialog, DataAuthorizeDialog, type GrantSubject } from '../authorize/public';
import { DeptFilter } from './DeptFilter';
import { GrantDialog } from './GrantDialog';
import { GroupGrantDialog } from './GroupGrantDialog';
import { PasswordDialog } from './PasswordDialog';
import { SocialLinksDialog } from './SocialLinksDialog';
import { UserDialog, type UserDialogState } from './UserDialog';
import { WARNING_SECONDS } from '../../components/feedback';

interface UserSearch extends Record<string, string | undefined> {
  account?: string;
  name?: string;
}

/** /controller/usermanage: departments on the left, the users of the chosen one on the right. */
export function UserPage() {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const [deptId, setDeptId] = useState<number | undefined>(undefined);
  const list = useCrudList<typeof USER_ENDPOINTS.page, UserSearch>(USER_ENDPOINTS.page, {
    query: deptId === undefined ? {} : { deptId },
  });
  const [dialog, setDialog] = useState<UserDialogState | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const [granting, setGranting] = useState<UserRecord[] | null>(null);
  const [passwordOf, setPasswordOf] = useState<UserRecord | null>(null);
  const [linksOf, setLinksOf] = useState<UserRecord | null>(null);
  const [groupsOf, setGroupsOf] = useState<UserRecord[] | null>(null);
  const [dataOf, setDataOf] = useState<GrantSubject | null>(null);
  const [appOf, setAppOf] = useState<GrantSubject | null>(null);
  const confirmRemove = useRemoveUsers();
  const security = useAccountSecurity();

  const open = (state: UserDialogState) => {
    setDialogKey((key) => key + 1);
    setDialog(state);
  };
  const grant = (users: UserRecord[]) => {
    if (!users.length) {
      message.warning(t('common:selectFirst'), WARNING_SECONDS);
      return;
    }
    setDialogKey((key) => key + 1);
    setGranting(users);
  };

  const subjectOf = (user: UserRecord): GrantSubject => ({ objectType: AUTHORIZE_OBJECT.user, objectId: user.id, name: user.account });
  const grantGroups = (users: UserRecord[]) => {
    if (!users.length) {
      message.warning(t('common:selectFirst'), WARNING_SECONDS);
      return;
    }
    setDialogKey((key) => key + 1);
    setGroupsOf(users);
  };
  const withKey = (show: () => void) => {
    setDialogKey((key) => key + 1);
    show();
  };

  const search: SearchField[] = [
    { name: 'account', label: t('field.account'), placeholder: t('search.accountPlaceholder') },
    { name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') },
  ];
  const rowActions: RowAction<UserRecord>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'grant', label: t('action.grant'), permission: P.grant, onClick: (record) => grant([record]) },
    {
      key: 'password',
      label: t('action.password'),
      permission: P.password,
      onClick: (record) => {
        setDialogKey((key) => key + 1);
        setPasswordOf(record);
      },
    },
    {
      key: 'social',
      label: t('action.socialLinks'),
      permission: AUTH_PERMISSIONS.socialLinks,
      onClick: (record) => withKey(() => setLinksOf(record)),
    },
    {
      key: 'data-authorize',
      label: t('authorize:data.action'),
      permission: AUTHORIZE_PERMISSIONS.data,
      onClick: (record) => withKey(() => setDataOf(subjectOf(record))),
    },
    {
      key: 'app-authorize',
      label: t('authorize:app.action'),
      permission: AUTHORIZE_PERMISSIONS.app,
      onClick: (record) => withKey(() => setAppOf(subjectOf(record))),
    },
    { key: 'groups', label: t('groups.action'), permission: P.groups, onClick: (record) => grantGroups([record]) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (record) => confirmRemove([record], list.forget) },
  ];

  return (
    <div data-testid="user-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={5} xxl={4}>
          <DeptFilter value={deptId} onChange={setDeptId} />
        </Col>
        <Col xs={24} lg={19} xxl={20}>
          <CrudList<UserRecord, UserSearch>
            testId="user"
            title={t('list.title')}
            list={list}
            search={search}
            columns={userColumns(t)}
            rowLabel={(row) => row.account}
            add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
            batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
            toolbar={[
              { key: 'grant', label: t('action.grant'), icon: <TeamOutlined />, permission: P.grant, onClick: () => grant(selectedRows(list)) },
              {
                key: 'groups',
                label: t('groups.action'),
                icon: <ApartmentOutlined />,
                permission: P.groups,
                onClick: () => grantGroups(selectedRows(list)),
              },
              {
                key: 'unlock',
                label: t('action.unlock'),
                icon: <UnlockOutlined />,
                permission: AUTH_PERMISSIONS.unlock,
                onClick: () => security.unlock(selectedRows(list)),
              },
              {
                key: 'reset-password',
                label: t('action.resetPassword'),
                icon: <KeyOutlined />,
                permission: AUTH_PERMISSIONS.resetPassword,
                onClick: () => void security.resetPassword(selectedRows(list)),
              },
            ]}
            rowActions={rowActions}
            scrollX={1320}
          />
        </Col>
      </Row>
      <UserDialog key={`user-${dialogKey}`} state={dialog} onClose={() => setDialog(null)} />
      <GrantDialog key={`grant-${dialogKey}`} users={granting} onClose={() => setGranting(null)} />
      <PasswordDialog key={`password-${dialogKey}`} user={passwordOf} onClose={() => setPasswordOf(null)} />
      <SocialLinksDialog key={`social-${dialogKey}`} user={linksOf} onClose={() => setLinksOf(null)} />
      <GroupGrantDialog key={`groups-${dialogKey}`} users={groupsOf} onClose={() => setGroupsOf(null)} />
      <DataAuthorizeDialog key={`data-${dialogKey}`} subject={dataOf} onClose={() => setDataOf(null)} />
      <AppAuthorizeDialog key={`app-${dialogKey}`} subject={appOf} onClose={() => setAppOf(null)} />
    </div>
  );
}
