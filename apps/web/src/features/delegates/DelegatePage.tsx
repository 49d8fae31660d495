import { DELEGATE_ENDPOINTS as E, DELEGATE_PERMISSIONS as P, type Delegate } from '@macro/contract/delegates';
import { Badge, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import { useCrudList } from '../../components/crud/useCrudList';
import { useKeyedDialog } from '../../components/crud/useKeyedDialog';
import { useRemoveDelegate } from './api';
import { DelegateDialog, type DelegateDialogState } from './DelegateDialog';

const shown = (moment: string) => dayjs(moment).format('YYYY-MM-DD HH:mm');

/** My delegations: who handles my tasks while I am away, and for which processes. */
export function DelegatePage() {
  const { t } = useTranslation('delegates');
  const list = useCrudList<typeof E.page>(E.page);
  const confirmRemove = useRemoveDelegate();
  const { dialog, dialogKey, open, close } = useKeyedDialog<DelegateDialogState>();
  const now = Date.now();
  const columns: ColumnsType<Delegate> = [
    { dataIndex: 'entrustedName', title: t('field.entrusted'), ellipsis: true },
    { dataIndex: 'startTime', title: t('field.startTime'), width: 160, render: shown },
    { dataIndex: 'endTime', title: t('field.endTime'), width: 160, render: shown },
    {
      dataIndex: 'processKeys',
      title: t('field.processes'),
      render: (keys: string[]) => (keys.length ? keys.map((key) => <Tag key={key}>{key}</Tag>) : t('allProcesses')),
    },
    {
      key: 'state',
      title: t('field.state'),
      width: 100,
      render: (_, row) => {
        const state = Date.parse(row.endTime) < now ? 'ended' : Date.parse(row.startTime) > now ? 'pending' : 'active';
        // A dot beside plain text: the words keep the page's contrast (axe).
        return <Badge status={state === 'active' ? 'success' : state === 'pending' ? 'processing' : 'default'} text={t(`state.${state}`)} />;
      },
    },
  ];
  const rowActions: RowAction<Delegate>[] = [
    { key: 'view', label: t('common:view'), onClick: (record) => open({ mode: 'view', record }) },
    { key: 'edit', label: t('common:edit'), permission: P.edit, onClick: (record) => open({ mode: 'edit', record }) },
    { key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row) => confirmRemove([row], list.forget) },
  ];
  return (
    <div data-testid="delegate-page">
      <CrudList<Delegate>
        testId="delegate"
        title={t('title')}
        list={list}
        columns={columns}
        rowLabel={(row) => row.entrustedName}
        add={{ permission: P.add, onClick: () => open({ mode: 'create' }) }}
        rowActions={rowActions}
        scrollX={900}
      />
      <DelegateDialog key={dialogKey} state={dialog} onClose={close} />
    </div>
  );
}
