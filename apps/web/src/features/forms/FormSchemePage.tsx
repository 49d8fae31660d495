import { FORM_PERMISSIONS as P, type FormScheme } from '@macro/contract/forms';
import { FORM_SCHEME_ENDPOINTS as E } from '@macro/contract/forms';
import { App, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { enabledColumn, nameWithDefaultColumn } from '../../components/crud/versionedColumns';
import { useFormSwitch, useRemoveForm } from './api';
import { FormDesigner, type DesignerState } from './FormDesigner';
import { FormHistory } from './FormHistory';
import { FormRecords } from './FormRecords';
import { RelationList } from './RelationList';

interface FormSearch extends Record<string, string | undefined> {
  name?: string;
}

/** Form schemes: designed here, bound to template nodes, versioned; exactly one default. */
export function FormSchemePage() {
  const { t } = useTranslation('forms');
  const { message } = App.useApp();
  const list = useCrudList<typeof E.page, FormSearch>(E.page);
  const enable = useFormSwitch('enable');
  const disable = useFormSwitch('disable');
  const setDefault = useFormSwitch('default');
  const confirmRemove = useRemoveForm();
  const { dialog, dialogKey, open, close } = useKeyedDialog<DesignerState>();
  const [history, setHistory] = useState<FormScheme | null>(null);
  const [records, setRecords] = useState<FormScheme | null>(null);
  const done = (key: string) => () => void message.success(t(key));
  const search: SearchField[] = [{ name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') }];
  const columns: ColumnsType<FormScheme> = [
    nameWithDefaultColumn(t),
    { dataIndex: 'code', title: t('field.code'), width: 140 },
    { dataIndex: 'category', title: t('field.category'), width: 110 },
    {
      dataIndex: 'tableName',
      title: t('field.storage'),
      width: 130,
      render: (tableName: string | null) => (tableName ? <Tag color="purple">{tableName}</Tag> : t('storage.json')),
    },
    { dataIndex: 'fieldCount', title: t('field.fieldCount'), width: 90 },
    { dataIndex: 'version', title: t('field.version'), width: 80 },
    enabledColumn(t),
  ];
  const rowActions: RowAction<FormScheme>[] = [
    { key: 'design', label: t('action.design'), permission: P.edit, onClick: (row) => open({ mode: 'edit', id: row.id }) },
    { key: 'history', label: t('action.history'), onClick: setHistory },
    { key: 'records', label: t('action.records'), onClick: setRecords },
    {
      key: 'enable',
      label: t('action.enable'),
      permission: P.edit,
      show: (row) => !row.enabled,
      onClick: (row) => void enable.mutateAsync(row).then(done('done.enabled'), () => undefined),
    },
    {
      key: 'disable',
      label: t('action.disable'),
      permission: P.edit,
      show: (row) => row.enabled && !row.isDefault,
      onClick: (row) => void disable.mutateAsync(row).then(done('done.disabled'), () => undefined),
    },
    {
      key: 'default',
      label: t('action.default'),
      permission: P.edit,
      show: (row) => row.enabled && !row.isDefault,
      onClick: (row) => void setDefault.mutateAsync(row).then(done('done.default'), () => undefined),
    },
    {
      key: 'delete',
      label: t('common:delete'),
      permission: P.delete,
      danger: true,
      show: (row) => !row.isDefault,
      onClick: (row) => confirmRemove([row], list.forget),
    },
  ];
  return (
    <div data-testid="form-page">
      <Tabs
        items={[
          {
            key: 'forms',
            label: t('title'),
            children: (
              <CrudList<FormScheme, FormSearch>
                testId="form"
                title={t('title')}
                list={list}
                search={search}
                columns={columns}
                rowLabel={(row) => row.name}
                add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
                rowActions={rowActions}
                scrollX={1400}
              />
            ),
          },
          { key: 'relations', label: t('relations.title'), children: <RelationList /> },
        ]}
      />
      {dialog ? <FormDesigner key={dialogKey} state={dialog} onClose={close} /> : null}
      <FormHistory scheme={history} onClose={() => setHistory(null)} />
      {records ? <FormRecords key={records.id} scheme={records} onClose={() => setRecords(null)} /> : null}
    </div>
  );
}
