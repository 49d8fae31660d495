import { INTERFACE_ENDPOINTS as E, INTERFACE_PERMISSIONS as P, type InterfaceInfo } from '@macro/contract/interfaces';
import { App, Col, Row, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { enabledColumn } from '../../components/crud/versionedColumns';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useDisableInterface, useEnableInterface, useRemoveInterface } from './api';
import { CategoryPanel } from './CategoryPanel';
import { InterfaceCalls, localTime } from './InterfaceCalls';
import { InterfaceInfoDialog, type InterfaceInfoDialogState } from './InterfaceInfoDialog';
import { TryInterface } from './TryInterface';

interface InterfaceSearch extends Record<string, string | undefined> {
  name?: string;
}

/** The tenant's own interfaces: categories on the left, the interfaces of the chosen one on the right. */
export function CustomInterfaces() {
  const { t } = useTranslation('interfaces');
  const { message } = App.useApp();
  const [categoryId, setCategoryId] = useState<number | undefined>(undefined);
  const list = useCrudList<typeof E.page, InterfaceSearch>(E.page, { query: categoryId === undefined ? {} : { categoryId } });
  const confirmRemove = useRemoveInterface();
  const enable = useEnableInterface();
  const disable = useDisableInterface();
  // Each opening mounts a fresh dialog, so no value of the previous form survives into the next.
  const { dialog, dialogKey, open, close } = useKeyedDialog<InterfaceInfoDialogState>();
  const [trying, setTrying] = useState<InterfaceInfo | null>(null);
  const [logOf, setLogOf] = useState<InterfaceInfo | null>(null);

  const setEnabled = async (row: InterfaceInfo, on: boolean) => {
    const input = { params: { id: String(row.id) } };
    await (on ? enable.mutateAsync(input) : disable.mutateAsync(input));
    message.success(t(on ? 'state.enabledOk' : 'state.disabledOk', { name: row.name }));
  };

  const search: SearchField[] = [{ name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') }];
  const columns: ColumnsType<InterfaceInfo> = [
    { dataIndex: 'name', title: t('field.name'), width: 150, ellipsis: true },
    { dataIndex: 'code', title: t('field.code'), width: 130, ellipsis: true },
    { dataIndex: 'method', title: t('field.method'), width: 90, render: (method: string) => <Tag color={method === 'GET' ? 'blue' : 'purple'}>{method}</Tag> },
    // The address is what a caller needs: shown whole, wrapped at any character.
    { dataIndex: 'address', title: t('field.address'), width: 220, render: (address: string) => <code className="interface-mono">{address}</code> },
    {
      key: 'kind',
      title: t('field.kind'),
      width: 180,
      ellipsis: true,
      render: (_, row) => (
        <span>
          <Tag>{t(`kind.${row.kind}`)}</Tag>
          {row.kind === 'dataSource' ? row.dataSourceName : <span className="interface-mono">{row.url}</span>}
        </span>
      ),
    },
    {
      key: 'permission',
      title: t('field.permission'),
      width: 170,
      ellipsis: true,
      render: (_, row) =>
        row.anonymous ? (
          <Tag color="orange">{t('access.anonymous')}</Tag>
        ) : row.permission ? (
          <code className="interface-mono">{row.permission}</code>
        ) : (
          t('access.signedIn')
        ),
    },
    {
      dataIndex: 'rateLimit',
      title: t('field.rateLimitShort'),
      width: 110,
      render: (limit: number) => (limit ? t('rate.perMinute', { limit }) : t('rate.none')),
    },
    enabledColumn<InterfaceInfo>(t),
    { dataIndex: 'updateTime', title: t('field.updateTime'), width: 180, render: localTime },
  ];
  const rowActions: RowAction<InterfaceInfo>[] = [
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    {
      key: 'enable',
      label: t('action.enable'),
      permission: P.publish,
      show: (row) => !row.enabled,
      onClick: (row) => void setEnabled(row, true).catch(() => undefined),
    },
    {
      key: 'disable',
      label: t('action.disable'),
      permission: P.publish,
      show: (row) => row.enabled,
      onClick: (row) => void setEnabled(row, false).catch(() => undefined),
    },
    { key: 'try', label: t('action.try'), onClick: (row) => setTrying(row) },
    { key: 'calls', label: t('action.calls'), onClick: (row) => setLogOf(row) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={6} xxl={5}>
        <CategoryPanel value={categoryId} onChange={setCategoryId} />
      </Col>
      <Col xs={24} lg={18} xxl={19}>
        <CrudList<InterfaceInfo, InterfaceSearch>
          testId="interface"
          title={t('tab.custom')}
          list={list}
          search={search}
          columns={columns}
          rowLabel={(row) => row.name}
          add={{ permission: P.add, onClick: () => open({ mode: 'create', categoryId }) }}
          rowActions={rowActions}
          scrollX={1640}
        />
      </Col>
      <InterfaceInfoDialog key={dialogKey} state={dialog} onClose={close} />
      {/* A fresh panel per interface: no value or answer of the one before carries over. */}
      <TryInterface key={`try-${trying?.id ?? 0}`} record={trying} onClose={() => setTrying(null)} />
      <InterfaceCalls key={`calls-${logOf?.id ?? 0}`} record={logOf} onClose={() => setLogOf(null)} />
    </Row>
  );
}
