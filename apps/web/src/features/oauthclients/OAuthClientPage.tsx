import { OAUTH_CLIENT_ENDPOINTS as E, type OAuthClient, type OAuthClientWithSecret, OAUTH_CLIENT_PERMISSIONS as P } from '@macro/contract/oauthclients';
import { App, Badge, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useRemoveClient, useRotateSecret, useSetEnabled } from './api';
import { OAuthClientDialog, type OAuthClientDialogState } from './OAuthClientDialog';
import { SecretDialog } from './SecretDialog';

interface ClientSearch extends Record<string, string | undefined> {
  keyword?: string;
}

/**
 * Confidential OAuth clients of the integrations that call the API (platform administrators
 * only): who they are, what they may do, their secrets shown once at creation and rotation.
 */
export function OAuthClientPage() {
  const { t } = useTranslation('oauthclients');
  const { message, modal } = App.useApp();
  const list = useCrudList<typeof E.list, ClientSearch>(E.list);
  const confirmRemove = useRemoveClient();
  const setEnabled = useSetEnabled();
  const rotate = useRotateSecret();
  const [secret, setSecret] = useState<OAuthClientWithSecret | null>(null);
  const { dialog, dialogKey, open, close } = useKeyedDialog<OAuthClientDialogState>();
  const search: SearchField[] = [{ name: 'keyword', label: t('search.keyword'), placeholder: t('search.keywordPlaceholder') }];
  const confirmRotate = (record: OAuthClient) =>
    modal.confirm({
      title: t('rotate.title'),
      content: t('rotate.content', { name: record.name }),
      okText: t('rotate.ok'),
      okType: 'danger',
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'oauth-client-rotate-confirm' } as never,
      onOk: () => rotate.mutateAsync(record).then(setSecret),
    });
  const switchTo = (record: OAuthClient, enabled: boolean) =>
    void setEnabled.mutateAsync({ record, enabled }).then(
      () => message.success(t(enabled ? 'done.enabled' : 'done.disabled')),
      () => undefined,
    );
  const columns: ColumnsType<OAuthClient> = [
    { dataIndex: 'clientId', title: t('field.clientId'), width: 180, ellipsis: true },
    { dataIndex: 'name', title: t('field.name'), ellipsis: true },
    {
      dataIndex: 'grants',
      title: t('field.grants'),
      render: (grants: string[]) => grants.map((g) => <Tag key={g}>{t(`grant.${g}`)}</Tag>),
    },
    { key: 'ttl', title: t('field.lifetimes'), width: 170, render: (_, c) => t('ttlShort', { access: c.accessTtl, refresh: c.refreshTtl }) },
    {
      dataIndex: 'enabled',
      title: t('field.enabled'),
      width: 110,
      render: (enabled: boolean) => <Badge status={enabled ? 'success' : 'default'} text={t(enabled ? 'state.enabled' : 'state.disabled')} />,
    },
  ];
  const rowActions: RowAction<OAuthClient>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'rotate', label: t('action.rotate'), permission: P.secret, onClick: confirmRotate },
    { key: 'enable', label: t('action.enable'), permission: P.edit, show: (row) => !row.enabled, onClick: (row) => switchTo(row, true) },
    { key: 'disable', label: t('action.disable'), permission: P.edit, show: (row) => row.enabled, onClick: (row) => switchTo(row, false) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="oauth-client-page">
      <CrudList<OAuthClient, ClientSearch>
        testId="oauth-client"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={1100}
      />
      <OAuthClientDialog key={dialogKey} state={dialog} onClose={close} onSecret={setSecret} />
      <SecretDialog answer={secret} onClose={() => setSecret(null)} />
    </div>
  );
}
