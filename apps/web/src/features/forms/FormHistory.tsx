import type { FormScheme } from '@macro/contract/forms';
import { Button, Modal, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { versionColumns } from '../../components/crud/versionedColumns';
import { FormView } from '../../components/forms/FormView';
import { useFormHistory, useFormVersion } from './api';

/** The saved versions of a form, newest first; any of them can be looked at as it rendered then. */
export function FormHistory({ scheme, onClose }: { scheme: FormScheme | null; onClose: () => void }) {
  const { t } = useTranslation('forms');
  const history = useFormHistory(scheme?.id);
  const [version, setVersion] = useState<number | undefined>();
  const shown = useFormVersion(scheme?.id, version);
  const close = () => {
    setVersion(undefined);
    onClose();
  };
  return (
    <Modal
      open={scheme !== null}
      title={t('history.title', { name: scheme?.name ?? '' })}
      onCancel={close}
      footer={null}
      width={720}
      destroyOnHidden
      data-testid="form-history"
    >
      <Table
        size="small"
        rowKey="version"
        loading={history.isLoading}
        pagination={false}
        dataSource={history.data ?? []}
        columns={[
          ...versionColumns(t, { dataIndex: 'fieldCount', title: t('field.fieldCount'), width: 90 }),
          {
            key: 'view',
            title: t('common:actions'),
            width: 90,
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setVersion(row.version)} data-testid={`form-version-${row.version}`}>
                {t('common:view')}
              </Button>
            ),
          },
        ]}
      />
      {version !== undefined ? (
        <div style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{t('history.version', { version })}</Typography.Title>
          {shown.data ? <FormView document={shown.data.document} value={{}} readOnly testId="form-version-view" /> : <Spin />}
        </div>
      ) : null}
    </Modal>
  );
}
