import { AUTHORIZE_OBJECT, AUTHORIZE_PERMISSIONS } from '@macro/contract/authorize';
import { ROLE_ENDPOINTS, ROLE_PERMISSIONS as P, type RoleRecord } from '@macro/contract/roles';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import type { TreeRow } from '../../components/crud/treeRows';
import { useTreeList } from '../../components/crud/useTreeList';
import { AppAuthorizeDialog, DataAuthorizeDialog, type GrantSubject } from '../authorize/public';
import { useRemoveRoles } from './api';
import { RoleDialog, type RoleDialogState } from './RoleDialog';
import { RoleGrantDialog } from './RoleGrantDialog';
import { RoleUsersDialog } from './RoleUsersDialog';

interface RoleSearch extends Record<string, string | undefined> {
  roleName?: string;
  roleAlias?: string;
}

/** /controller/rolemanage: the role tree with its users. */
export function RolePage() {
  const { t } = useTranslation('roles');
  const list = useTreeList<typeof ROLE_ENDPOINTS.list, RoleSearch>(ROLE_ENDPOINTS.list);
  const [dialog, setDialog] = useState<RoleDialogState | null>(null);
  const [members, setMembers] = useState<RoleRecord | null>(null);
  const [granting, setGranting] = useState<RoleRecord | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const [dataOf, setDataOf] = useState<GrantSubject | null>(null);
  const [appOf, setAppOf] = useState<GrantSubject | null>(null);
  const subjectOf = (role: RoleRecord): GrantSubject => ({ objectType: AUTHORIZE_OBJECT.role, objectId: role.id, name: role.roleName });
  const confirmRemove = useRemoveRoles();
  const open = (state: RoleDialogState) => {
    setDialogKey((key) => key + 1);
    setDialog(state);
  };
  const showMembers = (role: RoleRecord) => {
    setDialogKey((key) => key + 1);
    setMembers(role);
  };

  const search: SearchField[] = [
    { name: 'roleName', label: t('field.roleName'), placeholder: t('search.namePlaceholder') },
    { name: 'roleAlias', label: t('field.roleAlias'), placeholder: t('search.aliasPlaceholder') },
  ];
  const columns: ColumnsType<TreeRow<RoleRecord>> = [
    { dataIndex: 'roleName', title: t('field.roleName'), ellipsis: true },
    { dataIndex: 'roleAlias', title: t('field.roleAlias'), ellipsis: true },
    { dataIndex: 'userCount', title: t('field.userCount'), width: 90, align: 'right' },
    { dataIndex: 'sort', title: t('field.sort'), width: 90, align: 'right' },
  ];
  const rowActions: RowAction<RoleRecord>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'add-child', label: t('action.addChild'), permission: P.add, onClick: (parent) => open({ mode: 'create', parent }) },
    { key: 'users', label: t('action.users'), permission: P.users, onClick: showMembers },
    {
      key: 'grant',
      label: t('action.grant'),
      permission: P.grant,
      onClick: (record) => {
        setDialogKey((key) => key + 1);
        setGranting(record);
      },
    },
    {
      key: 'data-authorize',
      label: t('authorize:data.action'),
      permission: AUTHORIZE_PERMISSIONS.data,
      onClick: (record) => {
        setDialogKey((key) => key + 1);
        setDataOf(subjectOf(record));
      },
    },
    {
      key: 'app-authorize',
      label: t('authorize:app.action'),
      permission: AUTHORIZE_PERMISSIONS.app,
      onClick: (record) => {
        setDialogKey((key) => key + 1);
        setAppOf(subjectOf(record));
      },
    },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (record) => confirmRemove([record], list.forget) },
  ];
  return (
    <div data-testid="role-page">
      <CrudList<RoleRecord, RoleSearch>
        testId="role"
        title={t('list.title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.roleName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list, true), list.forget) }}
        rowActions={rowActions}
        tree
        paged={false}
        scrollX={1000}
      />
      <RoleDialog key={`role-${dialogKey}`} state={dialog} onClose={() => setDialog(null)} />
      <RoleUsersDialog key={`members-${dialogKey}`} role={members} onClose={() => setMembers(null)} />
      <RoleGrantDialog key={`grant-${dialogKey}`} role={granting} onClose={() => setGranting(null)} />
      <DataAuthorizeDialog key={`data-${dialogKey}`} subject={dataOf} onClose={() => setDataOf(null)} />
      <AppAuthorizeDialog key={`app-${dialogKey}`} subject={appOf} onClose={() => setAppOf(null)} />
    </div>
  );
}
