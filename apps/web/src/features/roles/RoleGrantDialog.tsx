import { ROLE_ENDPOINTS as E, type RoleRecord } from '@macro/contract/roles';
import { API_SCOPE_ENDPOINTS, DATA_SCOPE_ENDPOINTS, type ScopeGrantGroup } from '@macro/contract/scopes';
import { useQueryClient } from '@tanstack/react-query';
import { App, Empty, Modal, Spin, Tabs, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';
import { MenuGrantTree } from './MenuGrantTree';

/** Chooses which menus and buttons, data scopes and API scopes a role grants. */
export function RoleGrantDialog({ role: current, onClose }: { role: RoleRecord | null; onClose: () => void }) {
  const [role] = useState(current);
  return role ? <GrantModal role={role} open={current !== null} onClose={onClose} /> : null;
}

/** Menu rows of a scope tree have text keys, so only scope ids (numbers) are granted. */
const groupKey = (group: ScopeGrantGroup) => `menu-${group.menuId}`;

function ScopeTree({
  groups,
  checked,
  onCheck,
  label,
  testId,
}: {
  groups: ScopeGrantGroup[];
  checked: number[];
  onCheck: (ids: number[]) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('roles');
  const { t: menuT } = useTranslation('menu');
  const treeData = useMemo<DataNode[]>(
    () =>
      groups.map((group) => ({
        key: groupKey(group),
        title: group.i18n ? menuT(group.i18n, { defaultValue: group.menuName }) : group.menuName,
        children: group.scopes.map((scope) => ({ key: scope.id, title: `${scope.scopeName} (${scope.detail})` })),
      })),
    [groups, menuT],
  );
  if (!groups.length) return <Empty description={t('grant.tab.noScopes')} />;
  return (
    <Tree
      checkable
      defaultExpandAll
      treeData={treeData}
      checkedKeys={checked}
      onCheck={(keys) => onCheck((Array.isArray(keys) ? keys : keys.checked).filter((k) => typeof k === 'number'))}
      aria-label={label}
      data-testid={testId}
    />
  );
}

function GrantModal({ role, open, onClose }: { role: RoleRecord; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const { message } = App.useApp();
  const client = useQueryClient();
  const tree = useEndpointQuery(E.grantTree, {});
  const dataTree = useEndpointQuery(DATA_SCOPE_ENDPOINTS.grantTree, {});
  const apiTree = useEndpointQuery(API_SCOPE_ENDPOINTS.grantTree, {});
  const keys = useEndpointQuery(E.roleTreeKeys, { query: { roleIds: String(role.id) } });
  const [checked, setChecked] = useState<number[] | null>(null);
  const [dataChecked, setDataChecked] = useState<number[] | null>(null);
  const [apiChecked, setApiChecked] = useState<number[] | null>(null);
  const grant = useEndpointMutation(E.grant, {
    onSuccess: () => client.invalidateQueries({ queryKey: [E.roleTreeKeys.operationId] }),
  });
  const menuIds = checked ?? keys.data?.menu ?? [];
  const dataScopeIds = dataChecked ?? keys.data?.dataScope ?? [];
  const apiScopeIds = apiChecked ?? keys.data?.apiScope ?? [];
  const loading = tree.isLoading || keys.isLoading || dataTree.isLoading || apiTree.isLoading;
  const save = () =>
    grant
      .mutateAsync({ body: { roleIds: [role.id], menuIds, dataScopeIds, apiScopeIds } })
      .then(() => {
        message.success(t('grant.done'));
        onClose();
      })
      .catch(() => undefined);
  return (
    <Modal
      open={open}
      title={t('grant.title', { name: role.roleName })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={grant.isPending}
      onOk={save}
      onCancel={onClose}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'role-grant-save', disabled: loading }}
      modalRender={(node) => <div data-testid="role-grant-dialog">{node}</div>}
    >
      {loading ? (
        <Spin />
      ) : (
        <Tabs
          data-testid="role-grant-tabs"
          items={[
            {
              key: 'menus',
              label: t('grant.tab.menus'),
              children: <MenuGrantTree nodes={tree.data ?? []} granted={menuIds} onChange={setChecked} />,
            },
            {
              key: 'data',
              label: t('grant.tab.data'),
              children: (
                <ScopeTree
                  groups={dataTree.data ?? []}
                  checked={dataScopeIds}
                  onCheck={setDataChecked}
                  label={t('grant.tab.dataTree')}
                  testId="role-grant-data-tree"
                />
              ),
            },
            {
              key: 'api',
              label: t('grant.tab.api'),
              children: (
                <ScopeTree
                  groups={apiTree.data ?? []}
                  checked={apiScopeIds}
                  onCheck={setApiChecked}
                  label={t('grant.tab.apiTree')}
                  testId="role-grant-api-tree"
                />
              ),
            },
          ]}
        />
      )}
    </Modal>
  );
}
