import { Button, Modal, Space, Spin, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { versionColumns } from './versionedColumns';

/** A saved version as the list shows it. */
type VersionRow = { version: number; createUserName: string; createTime: string };

export interface VersionHistoryProps<R extends VersionRow> {
  open: boolean;
  title: string;
  onClose: () => void;
  width: number | string;
  /** `desktop` → the dialog `desktop-history`, its view buttons `desktop-version-<n>`. */
  testId: string;
  /** The domain's `t` (its `field.version`, `history.savedBy`, `history.savedAt`, `history.version`). */
  t: TFunction;
  history: { data?: R[]; isLoading: boolean };
  /** The column that says what a version holds (widgets, fields). */
  extra: ColumnType<R>;
  /** The version looked at, and a change of it. */
  version: number | undefined;
  onVersion: (version: number | undefined) => void;
  /** The looked-at version as it was; undefined while it loads. */
  shown: ReactNode | undefined;
  /** More buttons after "view" (restore). */
  actions?: (row: R) => ReactNode;
}

/** The saved versions of a document, newest first; any of them can be looked at as it was. */
export function VersionHistory<R extends VersionRow>(props: VersionHistoryProps<R>) {
  const { open, title, onClose, width, testId, t: domain, history, extra, version, onVersion, shown, actions } = props;
  const { t } = useTranslation('common');
  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => {
        onVersion(undefined);
        onClose();
      }}
      footer={null}
      width={width}
      destroyOnHidden
      data-testid={`${testId}-history`}
    >
      <Table<R>
        size="small"
        rowKey="version"
        loading={history.isLoading}
        pagination={false}
        dataSource={history.data ?? []}
        columns={[
          ...versionColumns<R>(domain, extra),
          {
            key: 'actions',
            title: t('actions'),
            width: actions ? 200 : 90,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => onVersion(row.version)} data-testid={`${testId}-version-${row.version}`}>
                  {t('view')}
                </Button>
                {actions?.(row)}
              </Space>
            ),
          },
        ]}
      />
      {version !== undefined ? (
        <div style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{domain('history.version', { version })}</Typography.Title>
          {shown ?? <Spin />}
        </div>
      ) : null}
    </Modal>
  );
}
