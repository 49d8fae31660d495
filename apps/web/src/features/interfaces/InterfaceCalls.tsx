import { INTERFACE_ENDPOINTS as E, type InterfaceInfo } from '@macro/contract/interfaces';
import { Drawer, Grid, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { CrudList } from '../../components/crud/CrudList';
import { type RowOf, useCrudList } from '../../components/crud/useCrudList';

type InterfaceCallRow = RowOf<typeof E.calls>;

export const localTime = (iso: string) => new Date(iso).toLocaleString();

/** The calls of one interface, newest first: who, from where, the status and how long it took. */
function CallList({ record }: { record: InterfaceInfo }) {
  const { t } = useTranslation('interfaces');
  const list = useCrudList(E.calls, { params: { id: String(record.id) } });
  const columns: ColumnsType<InterfaceCallRow> = [
    { dataIndex: 'createTime', title: t('calls.time'), width: 180, render: localTime },
    { dataIndex: 'userName', title: t('calls.user'), ellipsis: true, render: (name: string) => name || t('calls.anonymous') },
    { dataIndex: 'ip', title: t('calls.ip'), width: 140, ellipsis: true },
    {
      dataIndex: 'status',
      title: t('calls.status'),
      width: 90,
      render: (status: number) => <Tag color={status >= 200 && status < 300 ? 'green' : status >= 500 ? 'red' : 'orange'}>{status}</Tag>,
    },
    { dataIndex: 'durationMs', title: t('calls.duration'), width: 110, align: 'right' },
  ];
  return (
    <CrudList<InterfaceCallRow>
      testId="interface-calls"
      title={t('calls.listTitle', { address: record.address })}
      list={list}
      columns={columns}
      rowLabel={(row) => `${localTime(row.createTime)} ${row.userName}`}
      scrollX={640}
    />
  );
}

/** The call log of an interface, in a drawer. */
export function InterfaceCalls({ record, onClose }: { record: InterfaceInfo | null; onClose: () => void }) {
  const { t } = useTranslation('interfaces');
  const narrow = Grid.useBreakpoint().md === false;
  return (
    <Drawer
      open={record !== null}
      title={record ? t('calls.title', { name: record.name }) : ''}
      onClose={onClose}
      size={narrow ? '100%' : 800}
      destroyOnHidden
      data-testid="interface-calls-drawer"
    >
      {record ? <CallList record={record} /> : null}
    </Drawer>
  );
}
