import { LOG_ENDPOINTS as E, LOG_PERMISSIONS as P, LOG_TYPES, type LogRecord, type LogType, REMOVABLE_LOG_TYPES } from '@macro/contract/logs';
import { DeleteOutlined } from '@ant-design/icons';
import { Descriptions, Modal, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrudList, type RowAction } from '../../components/crud/CrudList';
import type { SearchField } from '../../components/crud/SearchForm';
import { useCrudList } from '../../components/crud/useCrudList';
import { useClearLogs, useRemoveLog } from './api';

interface LogSearch extends Record<string, string | undefined> {
  account?: string;
  kind?: string;
  keyword?: string;
  from?: string;
  to?: string;
}

const removable = (type: LogType) => (REMOVABLE_LOG_TYPES as readonly string[]).includes(type);

/** One kind of log: its search, its columns, and for errors and API lines clear and delete. */
function LogList({ type }: { type: LogType }) {
  const { t } = useTranslation('logs');
  const list = useCrudList<typeof E.page, LogSearch>(E.page, { query: { type } });
  const confirmRemove = useRemoveLog(type);
  const confirmClear = useClearLogs();
  const [shown, setShown] = useState<LogRecord | null>(null);
  const kindLabel = t(type === 'error' ? 'field.type' : type === 'api' ? 'field.method' : 'field.action');
  const messageLabel = t(type === 'error' ? 'field.message' : type === 'api' ? 'field.path' : 'field.resource');
  const search: SearchField[] = [
    { name: 'account', label: t('field.account') },
    { name: 'kind', label: kindLabel },
    { name: 'keyword', label: messageLabel },
    { name: 'from', label: t('field.from'), placeholder: t('page.timePlaceholder') },
    { name: 'to', label: t('field.to'), placeholder: t('page.timePlaceholder') },
  ];
  const columns: ColumnsType<LogRecord> = [
    { dataIndex: 'time', title: t('field.time'), width: 180, render: (value: string) => new Date(value).toLocaleString() },
    { dataIndex: 'account', title: t('field.account'), width: 120, ellipsis: true },
    { dataIndex: 'kind', title: kindLabel, width: 150, ellipsis: true },
    { dataIndex: 'message', title: messageLabel, ellipsis: true },
    ...(type === 'api'
      ? [
          { dataIndex: 'status', title: t('field.status'), width: 90 },
          { dataIndex: 'durationMs', title: t('field.duration'), width: 120 },
        ]
      : []),
    ...(type === 'error' ? [{ dataIndex: 'url', title: t('field.url'), width: 220, ellipsis: true }] : []),
    { dataIndex: 'ip', title: t('field.ip'), width: 130, ellipsis: true },
  ];
  const rowActions: RowAction<LogRecord>[] = [
    { key: 'view', label: t('page.view'), onClick: (row) => setShown(row) },
    ...(removable(type)
      ? [{ key: 'delete', label: t('common:delete'), permission: P.delete, danger: true, onClick: (row: LogRecord) => confirmRemove([row], list.forget) }]
      : []),
  ];
  return (
    <>
      <CrudList<LogRecord, LogSearch>
        testId={`log-${type}`}
        title={t(`type.${type}`)}
        list={list}
        search={search}
        columns={columns}
        rowLabel={(row) => row.message}
        toolbar={
          removable(type)
            ? [{ key: 'clear', label: t('page.clear'), icon: <DeleteOutlined />, danger: true, permission: P.clear, onClick: () => confirmClear(type) }]
            : []
        }
        rowActions={rowActions}
        scrollX={1100}
      />
      <Modal open={shown !== null} title={t('page.detailTitle')} footer={null} width={800} onCancel={() => setShown(null)} destroyOnHidden>
        {shown ? (
          <Descriptions column={1} size="small" bordered data-testid="log-detail">
            <Descriptions.Item label={t('field.time')}>{new Date(shown.time).toLocaleString()}</Descriptions.Item>
            <Descriptions.Item label={t('field.account')}>{shown.account}</Descriptions.Item>
            <Descriptions.Item label={kindLabel}>{shown.kind}</Descriptions.Item>
            <Descriptions.Item label={messageLabel}>{shown.message}</Descriptions.Item>
            {shown.url ? <Descriptions.Item label={t('field.url')}>{shown.url}</Descriptions.Item> : null}
            {shown.status !== null ? <Descriptions.Item label={t('field.status')}>{shown.status}</Descriptions.Item> : null}
            <Descriptions.Item label={t('field.detail')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0, maxHeight: 360, overflow: 'auto' }}>{shown.detail}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Modal>
    </>
  );
}

/** Spec 000 §7 `/log`: front-end errors, API access, sign-ins and the audit log, one tab each. */
export function LogPage() {
  const { t } = useTranslation('logs');
  const [type, setType] = useState<LogType>('error');
  return (
    <div data-testid="log-page">
      <Tabs
        activeKey={type}
        onChange={(key) => setType(key as LogType)}
        items={LOG_TYPES.map((key) => ({ key, label: <span data-testid={`log-tab-${key}`}>{t(`type.${key}`)}</span> }))}
      />
      <LogList key={type} type={type} />
    </div>
  );
}
