import { APP_FUNC_ENDPOINTS as E, APP_FUNC_PERMISSIONS as P, type AppFunc } from '@macro/contract/authorize';
import { Badge } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useRemoveAppFunc } from './api';
import { AppFuncDialog, type AppFuncDialogState } from './AppFuncDialog';
import { AppPageDialog } from './AppPageDialog';

interface AppFuncSearch extends Record<string, string | undefined> {
  name?: string;
  category?: string;
}

/** /controller/appFunction: the functions of the mobile app, which roles and users are granted. */
export function AppFuncPage() {
  const { t } = useTranslation('authorize');
  const list = useCrudList<typeof E.page, AppFuncSearch>(E.page);
  const confirmRemove = useRemoveAppFunc();
  const { dialog, dialogKey, open, close } = useKeyedDialog<AppFuncDialogState>();
  const [designing, setDesigning] = useState<AppFunc | null>(null);
  const search: SearchField[] = [
    { name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') },
    { name: 'category', label: t('field.category'), placeholder: t('search.categoryPlaceholder') },
  ];
  const columns: ColumnsType<AppFunc> = [
    { dataIndex: 'name', title: t('field.name'), ellipsis: true },
    { dataIndex: 'code', title: t('field.code'), ellipsis: true },
    { dataIndex: 'category', title: t('field.category'), ellipsis: true },
    { dataIndex: 'url', title: t('field.url'), ellipsis: true },
    {
      dataIndex: 'enabled',
      title: t('field.enabled'),
      width: 96,
      // A dot and plain text: readable on every row colour (a green tag is not, axe).
      render: (enabled: boolean) => <Badge status={enabled ? 'success' : 'default'} text={enabled ? t('status.on') : t('status.off')} />,
    },
    { dataIndex: 'sort', title: t('field.sort'), width: 80, align: 'right' },
  ];
  const rowActions: RowAction<AppFunc>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'page', label: t('page.action'), permission: P.edit, onClick: (record) => setDesigning(record) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="app-func-page">
      <CrudList<AppFunc, AppFuncSearch>
        testId="app-func"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={900}
      />
      <AppFuncDialog key={dialogKey} state={dialog} onClose={close} />
      <AppPageDialog key={designing?.id ?? 0} func={designing} onClose={() => setDesigning(null)} />
    </div>
  );
}
