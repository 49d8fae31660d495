import { DATA_SOURCE_ENDPOINTS as E, DATA_SOURCE_PERMISSIONS as P, type DataSource } from '@macro/contract/datasources';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useRemoveDataSources } from './api';
import { DataSourceDialog, type DataSourceDialogState } from './DataSourceDialog';
import './dataSource.css';

interface DataSourceSearch extends Record<string, string | undefined> {
  name?: string;
}

/** Named queries on database links, which forms, approver rules, exports and interfaces read. */
export function DataSourcePage() {
  const { t } = useTranslation('datasources');
  const list = useCrudList<typeof E.page, DataSourceSearch>(E.page);
  const confirmRemove = useRemoveDataSources();
  // Each opening mounts a fresh dialog, so no value of the previous form survives into the next.
  const { dialog, dialogKey, open, close } = useKeyedDialog<DataSourceDialogState>();
  const search: SearchField[] = [{ name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') }];
  const columns: ColumnsType<DataSource> = [
    { dataIndex: 'name', title: t('field.name'), width: 180, ellipsis: true },
    { dataIndex: 'linkName', title: t('field.link'), width: 160, ellipsis: true },
    { dataIndex: 'sql', title: t('field.sql'), ellipsis: true, render: (sql: string) => <code className="data-source-sql-cell">{sql}</code> },
    {
      key: 'parameters',
      title: t('field.parameters'),
      width: 160,
      ellipsis: true,
      render: (_, row) => row.parameters.map((p) => `@${p.name}`).join(', '),
    },
  ];
  const rowActions: RowAction<DataSource>[] = [
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="data-source-page">
      <CrudList<DataSource, DataSourceSearch>
        testId="data-source"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        scrollX={900}
      />
      <DataSourceDialog key={dialogKey} state={dialog} onClose={close} />
    </div>
  );
}
