import { DESKTOP_ENDPOINTS as E, DESKTOP_PERMISSIONS as P, type DesktopScheme } from '@macro/contract/desktop';
import { App } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { enabledColumn, nameWithDefaultColumn } from '../../components/crud/versionedColumns';
import { useCopyDesktop, useDefaultDesktop, useRemoveDesktop } from './api';
import { DesktopDesigner, type DesignerState } from './DesktopDesigner';
import { DesktopHistory } from './DesktopHistory';
import { OfferDialog } from './OfferDialog';

interface DesktopSearch extends Record<string, string | undefined> {
  keyword?: string;
}

/** Desktop schemes: home pages designed here, versioned, offered to people; exactly one default. */
export function DesktopSchemePage() {
  const { t } = useTranslation('desktop');
  const { message } = App.useApp();
  const list = useCrudList<typeof E.list, DesktopSearch>(E.list);
  const copy = useCopyDesktop();
  const setDefault = useDefaultDesktop();
  const confirmRemove = useRemoveDesktop();
  const { dialog, dialogKey, open, close } = useKeyedDialog<DesignerState>();
  const [history, setHistory] = useState<DesktopScheme | null>(null);
  const [offer, setOffer] = useState<DesktopScheme | null>(null);
  const search: SearchField[] = [{ name: 'keyword', label: t('search.keyword'), placeholder: t('search.keywordPlaceholder') }];
  const columns: ColumnsType<DesktopScheme> = [
    nameWithDefaultColumn(t),
    { dataIndex: 'code', title: t('field.code'), width: 160 },
    { dataIndex: 'widgetCount', title: t('field.widgetCount'), width: 100 },
    { dataIndex: 'version', title: t('field.version'), width: 80 },
    enabledColumn(t),
    { dataIndex: 'updateTime', title: t('field.updateTime'), width: 170, render: (time: string) => time.slice(0, 16).replace('T', ' ') },
  ];
  const rowActions: RowAction<DesktopScheme>[] = [
    { key: 'design', label: t('action.design'), permission: P.edit, onClick: (row) => open({ mode: 'edit', id: row.id }) },
    { key: 'history', label: t('action.history'), onClick: setHistory },
    { key: 'offer', label: t('action.offer'), permission: P.edit, onClick: setOffer },
    {
      key: 'copy',
      label: t('action.copy'),
      permission: P.add,
      onClick: (row) =>
        void copy.mutateAsync({ body: { id: row.id } }).then(
          (saved) => message.success(t('done.copied', { name: saved.name, code: saved.code })),
          () => undefined,
        ),
    },
    {
      key: 'default',
      label: t('action.default'),
      permission: P.edit,
      show: (row) => row.enabled && !row.isDefault,
      onClick: (row) =>
        void setDefault.mutateAsync({ body: { id: row.id } }).then(
          () => message.success(t('done.default', { name: row.name })),
          () => undefined,
        ),
    },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="desktop-page">
      <CrudList<DesktopScheme, DesktopSearch>
        testId="desktop"
        title={t('title')}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.name}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={1300}
      />
      {dialog ? <DesktopDesigner key={dialogKey} state={dialog} onClose={close} /> : null}
      {history ? <DesktopHistory scheme={history} onClose={() => setHistory(null)} /> : null}
      {offer ? <OfferDialog scheme={offer} onClose={() => setOffer(null)} /> : null}
    </div>
  );
}
