import { LANGUAGE_ENDPOINTS as E, LANGUAGE_PERMISSIONS as P, type LgType, type LpMapEntry } from '@macro/contract/language';
import { Alert, Tabs, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useRemoveTranslation, useRemoveType } from './api';
import { TranslationDialog, type TranslationDialogState } from './TranslationDialog';
import { TypeDialog, type TypeDialogState } from './TypeDialog';

interface MapSearch extends Record<string, string | undefined> {
  typeCode?: string;
  ns?: string;
  key?: string;
  value?: string;
}
interface TypeSearch extends Record<string, string | undefined> {
  code?: string;
  name?: string;
}

function Translations() {
  const { t } = useTranslation('language');
  const list = useCrudList<typeof E.mapPage, MapSearch>(E.mapPage);
  const confirmRemove = useRemoveTranslation();
  const { dialog, dialogKey, open, close } = useKeyedDialog<TranslationDialogState>();
  const search: SearchField[] = [
    { name: 'typeCode', label: t('field.typeCode'), placeholder: t('search.typePlaceholder') },
    { name: 'ns', label: t('field.ns'), placeholder: t('form.nsPlaceholder') },
    { name: 'key', label: t('field.key'), placeholder: t('form.keyPlaceholder') },
    { name: 'value', label: t('field.value'), placeholder: t('search.valuePlaceholder') },
  ];
  const columns: ColumnsType<LpMapEntry> = [
    { dataIndex: 'typeCode', title: t('field.typeCode'), width: 110 },
    { dataIndex: 'ns', title: t('field.ns'), width: 140, ellipsis: true },
    { dataIndex: 'key', title: t('field.key'), ellipsis: true },
    { dataIndex: 'value', title: t('field.value'), ellipsis: true },
  ];
  const rowActions: RowAction<LpMapEntry>[] = [
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <>
      <Alert type="info" showIcon className="language-hint" message={t('hint')} style={{ marginBottom: 16 }} />
      <CrudList<LpMapEntry, MapSearch>
        testId="translation"
        title={t('mapTitle')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => `${row.ns}:${row.key}`}
        add={{ permission: P.edit, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={760}
      />
      <TranslationDialog key={dialogKey} state={dialog} onClose={close} />
    </>
  );
}

function LanguageTypes() {
  const { t } = useTranslation('language');
  const list = useCrudList<typeof E.typePage, TypeSearch>(E.typePage);
  const confirmRemove = useRemoveType();
  const { dialog, dialogKey, open, close } = useKeyedDialog<TypeDialogState>();
  const search: SearchField[] = [
    { name: 'code', label: t('field.code'), placeholder: t('form.codePlaceholder') },
    { name: 'name', label: t('field.name'), placeholder: t('form.namePlaceholder') },
  ];
  const columns: ColumnsType<LgType> = [
    { dataIndex: 'code', title: t('field.code'), width: 120 },
    { dataIndex: 'name', title: t('field.name'), ellipsis: true },
    { dataIndex: 'sort', title: t('field.sort'), width: 90, align: 'right' },
    {
      dataIndex: 'enabled',
      title: t('field.enabled'),
      width: 110,
      render: (_, row) => (
        <>
          <Tag color={row.enabled ? 'green' : 'default'}>{row.enabled ? t('enabled') : t('disabled')}</Tag>
          {row.builtIn ? <Tag>{t('builtIn')}</Tag> : null}
        </>
      ),
    },
  ];
  const rowActions: RowAction<LgType>[] = [
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    {
      key: 'delete',
      label: t('common:delete'),
      permission: P.delete,
      danger: true,
      show: (row: LgType) => !row.builtIn,
      onClick: (row) => confirmRemove([row], list.forget),
    },
  ];
  return (
    <>
      <CrudList<LgType, TypeSearch>
        testId="language-type"
        title={t('typeTitle')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={640}
      />
      <TypeDialog key={dialogKey} state={dialog} onClose={close} />
    </>
  );
}

/** Language packs: translations merged over the console's own strings, and the languages to choose from. */
export function LanguagePage() {
  const { t } = useTranslation('language');
  return (
    <div data-testid="language-page">
      <Tabs
        items={[
          { key: 'maps', label: t('tab.maps'), children: <Translations /> },
          { key: 'types', label: t('tab.types'), children: <LanguageTypes /> },
        ]}
      />
    </div>
  );
}
