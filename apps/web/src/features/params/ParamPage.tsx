import { PARAM_ENDPOINTS as E, PARAM_PERMISSIONS as P, type Param } from '@macro/contract/params';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction, selectedRows } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useRemoveParams } from './api';
import { ParamDialog, type ParamDialogState } from './ParamDialog';

interface ParamSearch extends Record<string, string | undefined> {
  paramName?: string;
  paramKey?: string;
}

/** Parameters: values by key that the server's own configuration reads. */
export function ParamPage() {
  const { t } = useTranslation('params');
  const list = useCrudList<typeof E.page, ParamSearch>(E.page);
  const confirmRemove = useRemoveParams();
  const { dialog, dialogKey, open, close } = useKeyedDialog<ParamDialogState>();
  const search: SearchField[] = [
    { name: 'paramName', label: t('field.paramName'), placeholder: t('search.namePlaceholder') },
    { name: 'paramKey', label: t('field.paramKey'), placeholder: t('search.keyPlaceholder') },
  ];
  const columns: ColumnsType<Param> = [
    { dataIndex: 'paramName', title: t('field.paramName'), ellipsis: true },
    { dataIndex: 'paramKey', title: t('field.paramKey'), ellipsis: true },
    { dataIndex: 'paramValue', title: t('field.paramValue'), ellipsis: true },
  ];
  const rowActions: RowAction<Param>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="param-page">
      <CrudList<Param, ParamSearch>
        testId="param"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.paramName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        batchDelete={{ permission: P.delete, onClick: () => confirmRemove(selectedRows(list), list.forget) }}
        rowActions={rowActions}
        scrollX={720}
      />
      <ParamDialog key={dialogKey} state={dialog} onClose={close} />
    </div>
  );
}
