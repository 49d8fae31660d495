import type { DataAuthorizeMenu } from '@macro/contract/authorize';
import { App } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GrantSubject, useDataAuthorize, useSaveDataAuthorize } from './api';
import { type GrantBranch, GrantTreeModal } from './GrantTreeModal';

const menuIdsOf = (menus: readonly DataAuthorizeMenu[]): number[] => menus.flatMap((m) => [m.id, ...menuIdsOf(m.children)]);

/**
 * Data authorisation per menu: which data scopes of each menu a role or a user
 * holds. The server applies them through the data-scope mechanism, as it does a role grant's.
 */
export function DataAuthorizeDialog({ subject: current, onClose }: { subject: GrantSubject | null; onClose: () => void }) {
  const [subject] = useState(current);
  return subject ? <DataAuthorizeModal subject={subject} open={current !== null} onClose={onClose} /> : null;
}

function DataAuthorizeModal({ subject, open, onClose }: { subject: GrantSubject; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('authorize');
  const { t: menuT } = useTranslation('menu');
  const { t: scopeT } = useTranslation('scopes');
  const { message } = App.useApp();
  const view = useDataAuthorize(subject);
  const save = useSaveDataAuthorize();
  const [checked, setChecked] = useState<number[] | null>(null);
  const branches = useMemo(() => {
    const toBranch = (menu: DataAuthorizeMenu): GrantBranch => ({
      key: `menu-${menu.id}`,
      title: menu.i18n ? menuT(menu.i18n, { defaultValue: menu.name }) : menu.name,
      items: menu.scopes.map((s) => ({ id: s.id, title: `${s.scopeName} · ${scopeT(`dataType.${s.scopeType}`, { defaultValue: s.resourceCode })}` })),
      children: menu.children.map(toBranch),
    });
    return (view.data?.menus ?? []).map(toBranch);
  }, [view.data, menuT, scopeT]);
  const dataScopeIds = checked ?? view.data?.dataScopeIds ?? [];
  const submit = () =>
    save
      .mutateAsync({
        body: { objectId: subject.objectId, objectType: subject.objectType, menuIds: menuIdsOf(view.data?.menus ?? []), dataScopeIds },
      })
      .then(() => {
        message.success(t('grant.done'));
        onClose();
      })
      .catch(() => undefined);
  return (
    <GrantTreeModal
      open={open}
      title={t('data.title')}
      subject={t(subject.objectType === 1 ? 'grant.role' : 'grant.user', { name: subject.name })}
      branches={branches}
      checked={dataScopeIds}
      onCheck={setChecked}
      loading={view.isLoading}
      saving={save.isPending}
      onSave={submit}
      onClose={onClose}
      emptyLabel={t('data.empty')}
      treeLabel={t('data.tree')}
      testId="data-authorize-dialog"
    />
  );
}
