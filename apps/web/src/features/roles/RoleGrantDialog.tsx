import { type GrantTreeNode, ROLE_ENDPOINTS as E, type RoleRecord } from '@macro/contract/roles';
import { useQueryClient } from '@tanstack/react-query';
import { App, Modal, Spin, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpoint';

/** Chooses which menus and buttons a role grants (spec 000 §6: menu grants of a role). */
export function RoleGrantDialog({ role: current, onClose }: { role: RoleRecord | null; onClose: () => void }) {
  const [role] = useState(current);
  return role ? <GrantModal role={role} open={current !== null} onClose={onClose} /> : null;
}

function GrantModal({ role, open, onClose }: { role: RoleRecord; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('roles');
  const { t: menuT } = useTranslation('menu');
  const { message } = App.useApp();
  const client = useQueryClient();
  const tree = useEndpointQuery(E.grantTree, {});
  const keys = useEndpointQuery(E.roleTreeKeys, { query: { roleIds: String(role.id) } });
  const [checked, setChecked] = useState<number[] | null>(null);
  const grant = useEndpointMutation(E.grant, {
    onSuccess: () => client.invalidateQueries({ queryKey: [E.roleTreeKeys.operationId] }),
  });
  const treeData = useMemo(() => {
    const label = (node: GrantTreeNode) => (node.i18n ? menuT(node.i18n, { defaultValue: node.name }) : node.name);
    const toData = (node: GrantTreeNode): DataNode => ({ key: node.id, title: label(node), children: node.children.map(toData) });
    return (tree.data ?? []).map(toData);
  }, [tree.data, menuT]);
  const value = checked ?? keys.data ?? [];
  const save = () =>
    grant
      .mutateAsync({ body: { roleIds: [role.id], menuIds: value } })
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
      okButtonProps={{ 'data-testid': 'role-grant-save', disabled: tree.isLoading || keys.isLoading }}
      modalRender={(node) => <div data-testid="role-grant-dialog">{node}</div>}
    >
      {tree.isLoading || keys.isLoading ? (
        <Spin />
      ) : (
        <Tree
          checkable
          // Folders and pages are ticked on their own: a granted button never needs every sibling.
          checkStrictly
          defaultExpandAll
          treeData={treeData}
          checkedKeys={value}
          onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(Number))}
          aria-label={t('grant.tree')}
          data-testid="role-grant-tree"
        />
      )}
    </Modal>
  );
}
