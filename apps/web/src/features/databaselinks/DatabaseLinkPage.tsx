import { DATABASE_LINK_ENDPOINTS as E, DATABASE_LINK_PERMISSIONS as P, type DatabaseLink, PRODUCT_LINK } from '@macro/contract/databaselinks';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { usePermissionCheck } from '../../session/store';
import { useRemoveDatabaseLinks } from './api';
import { DatabaseLinkDialog, type DatabaseLinkDialogState } from './DatabaseLinkDialog';
import { LinkBrowser } from './LinkBrowser';
import { TableDesigns } from './TableDesigns';
import { TestLinkButton } from './TestLinkButton';

interface DatabaseLinkSearch extends Record<string, string | undefined> {
  name?: string;
  groupName?: string;
}

/** Links to the company's other databases: kept, tested, and browsed table by table. */
export function DatabaseLinkPage() {
  const { t } = useTranslation('databaselinks');
  const list = useCrudList<typeof E.list, DatabaseLinkSearch>(E.list);
  const confirmRemove = useRemoveDatabaseLinks();
  // Each opening mounts a fresh dialog, so no value of the previous form survives into the next.
  const { dialog, dialogKey, open, close } = useKeyedDialog<DatabaseLinkDialogState>();
  const [browsing, setBrowsing] = useState<DatabaseLink | null>(null);
  const [designing, setDesigning] = useState<DatabaseLink | null>(null);
  const permitted = usePermissionCheck();
  const search: SearchField[] = [
    { name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') },
    { name: 'groupName', label: t('field.groupName'), placeholder: t('search.groupPlaceholder') },
  ];
  const columns: ColumnsType<DatabaseLink> = [
    { dataIndex: 'name', title: t('field.name'), ellipsis: true },
    { dataIndex: 'kind', title: t('field.kind'), width: 150, render: (kind: string) => <Tag>{t(`kind.${kind}`)}</Tag> },
    {
      key: 'address',
      title: t('field.address'),
      ellipsis: true,
      render: (_, row) => (row.kind === PRODUCT_LINK ? t('product.address') : `${row.host}:${row.port} / ${row.database}`),
    },
    { dataIndex: 'username', title: t('field.username'), width: 140, ellipsis: true },
    { dataIndex: 'groupName', title: t('field.groupName'), width: 140, ellipsis: true },
  ];
  if (permitted(P.browse)) {
    columns.push({
      key: 'test',
      title: t('test.column'),
      width: 120,
      render: (_, row) => <TestLinkButton testId={`database-link-test-${row.id}`} input={() => ({ id: row.id })} label={t('test.short')} />,
    });
  }
  const rowActions: RowAction<DatabaseLink>[] = [
    { key: 'browse', label: t('browse.action'), permission: P.browse, onClick: (record) => setBrowsing(record) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    // The console's own database is read-only: no table is designed or released there.
    {
      key: 'design',
      label: t('design.action'),
      permission: P.design,
      show: (record) => record.kind !== PRODUCT_LINK,
      onClick: (record) => setDesigning(record),
    },
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="database-link-page">
      <CrudList<DatabaseLink, DatabaseLinkSearch>
        testId="database-link"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        scrollX={980}
      />
      <DatabaseLinkDialog key={dialogKey} state={dialog} onClose={close} />
      {/* A fresh browser per link: no table or page of the one before carries over. */}
      <LinkBrowser key={browsing?.id ?? 0} link={browsing} onClose={() => setBrowsing(null)} />
      <TableDesigns key={`design-${designing?.id ?? 0}`} link={designing} onClose={() => setDesigning(null)} />
    </div>
  );
}
