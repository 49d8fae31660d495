import { LOG_ENDPOINTS } from '@macro/contract/logs';
import { App, Button, type ButtonProps, Modal, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useEndpointMutation } from '../../api/endpoint';
import { type CapturedError, useErrorLog } from '../../errors/errorLog';

/** Spec 000 §2: the errors this browser caught; upload them for the administrators, or clear them. */
export default function LogDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('logs');
  const { modal, message } = App.useApp();
  const errors = useErrorLog((s) => s.errors);
  const clear = useErrorLog((s) => s.clear);
  const upload = useEndpointMutation(LOG_ENDPOINTS.upload);

  const confirmUpload = () =>
    modal.confirm({
      title: t('dialog.upload'),
      content: t('dialog.uploadConfirm', { count: errors.length }),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'log-upload-confirm' } as ButtonProps,
      onOk: async () => {
        await upload.mutateAsync({ body: { logs: errors } });
        // What the server has is no longer this browser's to keep.
        clear();
        message.success(t('dialog.uploaded'));
      },
    });
  const confirmClear = () =>
    modal.confirm({
      title: t('dialog.clear'),
      content: t('dialog.clearConfirm'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      okButtonProps: { danger: true, 'data-testid': 'log-clear-confirm' } as ButtonProps,
      onOk: () => {
        clear();
        message.success(t('dialog.cleared'));
      },
    });

  const columns: ColumnsType<CapturedError & { key: number }> = [
    { dataIndex: 'type', title: t('field.type'), width: 140 },
    { dataIndex: 'url', title: t('field.url'), width: 200, ellipsis: true },
    { dataIndex: 'message', title: t('field.message'), width: 240, render: (value: string) => <Typography.Text>{value}</Typography.Text> },
    {
      dataIndex: 'stack',
      title: t('field.stack'),
      render: (value: string) => (
        <Typography.Paragraph className="log-stack" ellipsis={{ rows: 3, expandable: true }} style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}>
          {value}
        </Typography.Paragraph>
      ),
    },
    { dataIndex: 'time', title: t('field.time'), width: 180, render: (value: string) => new Date(value).toLocaleString() },
  ];
  return (
    <Modal
      open
      title={t('dialog.title')}
      width={1100}
      onCancel={onClose}
      modalRender={(node) => <div data-testid="log-dialog">{node}</div>}
      footer={
        <Space>
          <Button danger disabled={!errors.length} onClick={confirmClear} data-testid="log-clear">
            {t('dialog.clear')}
          </Button>
          <Button type="primary" disabled={!errors.length} loading={upload.isPending} onClick={confirmUpload} data-testid="log-upload">
            {t('dialog.upload')}
          </Button>
        </Space>
      }
    >
      <Table
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={errors.map((error, key) => ({ ...error, key }))}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={{ x: 1000, y: 480 }}
        locale={{ emptyText: t('dialog.empty') }}
      />
    </Modal>
  );
}
