import { FORM_PERMISSIONS as P, FORM_RELATION_ENDPOINTS as R, type FormRelation } from '@macro/contract/forms';
import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useFormInfo, useRemoveRelation } from './api';
import { FormRecords } from './FormRecords';
import { RelationDialog, type RelationDialogState } from './RelationDialog';

interface RelationSearch extends Record<string, string | undefined> {
  name?: string;
}

/** A list page opened: the form's records with the page's columns. */
function RelationRecords({ relation, onClose }: { relation: FormRelation; onClose: () => void }) {
  const info = useFormInfo(relation.schemeId);
  return info.data ? <FormRecords scheme={info.data} columns={relation.columns} title={relation.name} onClose={onClose} /> : null;
}

/** List pages over forms (spec `/form-relation`): which form, which of its fields are the columns. */
export function RelationList() {
  const { t } = useTranslation('forms');
  const list = useCrudList<typeof R.page, RelationSearch>(R.page);
  const confirmRemove = useRemoveRelation();
  const { dialog, dialogKey, open, close } = useKeyedDialog<RelationDialogState>();
  const [opened, setOpened] = useState<FormRelation | null>(null);
  const search: SearchField[] = [{ name: 'name', label: t('relations.name'), placeholder: t('relations.namePlaceholder') }];
  const columns: ColumnsType<FormRelation> = [
    { dataIndex: 'name', title: t('relations.name'), ellipsis: true },
    { dataIndex: 'schemeName', title: t('relations.form'), ellipsis: true },
    { dataIndex: 'columns', title: t('relations.columns'), render: (names: string[]) => names.map((n) => <Tag key={n}>{n}</Tag>) },
  ];
  const rowActions: RowAction<FormRelation>[] = [
    { key: 'open', label: t('relations.open'), onClick: setOpened },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <>
      <CrudList<FormRelation, RelationSearch>
        testId="relation"
        title={t('relations.title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={900}
      />
      <RelationDialog key={dialogKey} state={dialog} onClose={close} />
      {opened ? <RelationRecords key={opened.id} relation={opened} onClose={() => setOpened(null)} /> : null}
    </>
  );
}
