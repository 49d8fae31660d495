import { WORKFLOW_CATEGORY_DICT } from '@macro/contract/wfcategories';
import { type Scheme, WORKFLOW_PERMISSIONS as P, WORKFLOW_SCHEME_ENDPOINTS as S } from '@macro/contract/workflow';
import { useQueryClient } from '@tanstack/react-query';
import { App, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../api/dictionary';
import { callEndpoint, endpointKey } from '../../api/endpoint';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { AuthorityDialog } from './AuthorityDialog';
import { useConfirmRemoveScheme, useDisableScheme, useEnableScheme } from './api';
import { SchemeDialog, type SchemeDialogState } from './SchemeDialog';
import { VersionDialog } from './VersionDialog';

interface SchemeSearch extends Record<string, string | undefined> {
  name?: string;
  code?: string;
}

/** Saves text as a file the browser downloads. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/xml' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Process templates: versioned BPMN, imported and exported as XML, enabled or disabled. */
export function SchemePage() {
  const { t } = useTranslation('schemes');
  const { message } = App.useApp();
  const client = useQueryClient();
  const list = useCrudList<typeof S.page, SchemeSearch>(S.page);
  const categories = useDictionary(WORKFLOW_CATEGORY_DICT.kind, WORKFLOW_CATEGORY_DICT.code);
  const categoryName = new Map((categories.data ?? []).map((c) => [c.dictKey, c.dictValue]));
  const enable = useEnableScheme();
  const disable = useDisableScheme();
  const confirmRemove = useConfirmRemoveScheme();
  const { dialog, dialogKey, open, close } = useKeyedDialog<SchemeDialogState>();
  const [versionsOf, setVersionsOf] = useState<Scheme | null>(null);
  const [authorityOf, setAuthorityOf] = useState<Scheme | null>(null);
  const search: SearchField[] = [
    { name: 'name', label: t('field.name'), placeholder: t('search.namePlaceholder') },
    { name: 'code', label: t('field.code'), placeholder: t('search.codePlaceholder') },
  ];
  const columns: ColumnsType<Scheme> = [
    { dataIndex: 'name', title: t('field.name'), ellipsis: true },
    { dataIndex: 'code', title: t('field.code'), width: 140 },
    // The category's name from its dictionary (通用审批, not `general`); the code while it loads or if it is gone.
    { dataIndex: 'category', title: t('field.category'), width: 120, render: (code: string) => categoryName.get(code) ?? code },
    { dataIndex: 'version', title: t('field.version'), width: 80 },
    {
      dataIndex: 'enabled',
      title: t('field.enabled'),
      width: 100,
      render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'default'}>{t(enabled ? 'state.enabled' : 'state.disabled')}</Tag>,
    },
  ];
  const toggle = (scheme: Scheme) =>
    void (scheme.enabled ? disable : enable)
      .mutateAsync({ body: { id: scheme.id } })
      .then(() => message.success(t(scheme.enabled ? 'state.disabledDone' : 'state.enabledDone')))
      .catch(() => undefined);
  const exportXml = (scheme: Scheme) =>
    void client
      .fetchQuery({ queryKey: endpointKey(S.info, { query: { modelId: scheme.id } }), queryFn: () => callEndpoint(S.info, { query: { modelId: scheme.id } }) })
      .then((info) => download(`${info.code}-v${info.version}.bpmn`, info.xml))
      .catch(() => undefined);
  const rowActions: RowAction<Scheme>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.templateEdit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'enable', label: t('action.enable'), permission: P.templateEdit, show: (row) => !row.enabled, onClick: toggle },
    { key: 'disable', label: t('action.disable'), permission: P.templateEdit, show: (row) => row.enabled, onClick: toggle },
    { key: 'export', label: t('action.export'), onClick: exportXml },
    { key: 'versions', label: t('action.versions'), permission: P.templateEdit, onClick: setVersionsOf },
    { key: 'authority', label: t('action.authority'), permission: P.templateEdit, onClick: setAuthorityOf },
    { key: 'delete', label: t('common:delete'), permission: P.templateDelete, danger: true, onClick: confirmRemove },
  ];
  return (
    <div data-testid="scheme-page">
      <CrudList<Scheme, SchemeSearch>
        testId="scheme"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.templateAdd, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={980}
      />
      <SchemeDialog key={dialogKey} state={dialog} onClose={close} />
      {versionsOf ? <VersionDialog scheme={versionsOf} onClose={() => setVersionsOf(null)} /> : null}
      {authorityOf ? <AuthorityDialog scheme={authorityOf} onClose={() => setAuthorityOf(null)} /> : null}
    </div>
  );
}
