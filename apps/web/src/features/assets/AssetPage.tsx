import { ASSET_ENDPOINTS as E, ASSET_PERMISSIONS as P, type Asset } from '@macro/contract/assets';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useConfirmSubmit, useRemoveAssets } from './api';
import { AssetDialog, type AssetDialogState } from './AssetDialog';

interface AssetSearch extends Record<string, string | undefined> {
  assetCode?: string;
  assetName?: string;
}

/** The asset register: drafts are changed and submitted; submitted assets are read-only. */
export function AssetPage() {
  const { t, i18n } = useTranslation('assets');
  const list = useCrudList<typeof E.list, AssetSearch>(E.list);
  const confirmRemove = useRemoveAssets();
  const confirmSubmit = useConfirmSubmit();
  const { dialog, dialogKey, open, close } = useKeyedDialog<AssetDialogState>();
  const money = new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const search: SearchField[] = [
    { name: 'assetCode', label: t('field.assetCode'), placeholder: t('search.codePlaceholder') },
    { name: 'assetName', label: t('field.assetName'), placeholder: t('search.namePlaceholder') },
  ];
  const columns: ColumnsType<Asset> = [
    { dataIndex: 'assetCode', title: t('field.assetCode'), ellipsis: true },
    { dataIndex: 'assetName', title: t('field.assetName'), ellipsis: true },
    { dataIndex: 'quantity', title: t('field.quantity'), align: 'right', width: 90 },
    { dataIndex: 'amount', title: t('field.amount'), align: 'right', render: (value: number) => money.format(value) },
    { dataIndex: 'deptName', title: t('field.dept'), ellipsis: true },
    { dataIndex: 'custodianName', title: t('field.custodian'), ellipsis: true },
    {
      dataIndex: 'status',
      title: t('field.status'),
      width: 100,
      render: (status: Asset['status']) => <Tag color={status === 'submitted' ? 'green' : 'default'}>{t(`status.${status}`)}</Tag>,
    },
  ];
  const isDraft = (row: Asset) => row.status === 'draft';
  const rowActions: RowAction<Asset>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, show: isDraft, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'submit', label: t('submit.action'), permission: P.submit, show: isDraft, onClick: (record) => confirmSubmit(record) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, show: isDraft, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="asset-page">
      <CrudList<Asset, AssetSearch>
        testId="asset"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.assetName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        scrollX={960}
      />
      <AssetDialog key={dialogKey} state={dialog} onClose={close} />
    </div>
  );
}
