import type { DesktopScheme } from '@macro/contract/desktop';
import { App, Button, Modal, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { versionColumns } from '../../components/crud/versionedColumns';
import { useDesktopHistory, useDesktopVersion, useSetNewVersion } from './api';
import { DesktopView } from './DesktopView';

/** The saved versions of a desktop, newest first: look at one as it was, or make it the newest again. */
export function DesktopHistory({ scheme, onClose }: { scheme: DesktopScheme; onClose: () => void }) {
  const { t } = useTranslation('desktop');
  const { message, modal } = App.useApp();
  const history = useDesktopHistory(scheme.id);
  const setNew = useSetNewVersion();
  const [version, setVersion] = useState<number | undefined>();
  const shown = useDesktopVersion(scheme.id, version);
  const newest = history.data?.[0]?.version;
  const restore = (v: number) =>
    modal.confirm({
      title: t('history.restoreTitle', { version: v }),
      content: t('history.restoreBody'),
      okText: t('history.restore'),
      cancelText: t('common:cancel'),
      okButtonProps: { 'data-testid': 'desktop-restore-confirm' },
      onOk: () =>
        setNew.mutateAsync({ body: { schemeId: scheme.id, version: v } }).then((saved) => {
          message.success(t('done.restored', { version: v, next: saved.version }));
          setVersion(undefined);
        }),
    });
  return (
    <Modal
      open
      title={t('history.title', { name: scheme.name })}
      onCancel={onClose}
      footer={null}
      width="min(1100px, 100vw)"
      destroyOnHidden
      data-testid="desktop-history"
    >
      <Table
        size="small"
        rowKey="version"
        loading={history.isLoading}
        pagination={false}
        dataSource={history.data ?? []}
        columns={[
          ...versionColumns(t, { dataIndex: 'widgetCount', title: t('field.widgetCount'), width: 100 }),
          {
            key: 'actions',
            title: t('common:actions'),
            width: 200,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setVersion(row.version)} data-testid={`desktop-version-${row.version}`}>
                  {t('common:view')}
                </Button>
                {row.version !== newest ? (
                  <Button type="link" size="small" onClick={() => restore(row.version)} data-testid={`desktop-restore-${row.version}`}>
                    {t('history.restore')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {version !== undefined ? (
        <div style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{t('history.version', { version })}</Typography.Title>
          {shown.data ? <DesktopView content={shown.data} /> : <Spin />}
        </div>
      ) : null}
    </Modal>
  );
}
