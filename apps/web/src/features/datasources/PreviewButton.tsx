import type { DataSourceParameter, DataSourcePage } from '@macro/contract/datasources';
import { Button, Modal, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreviewDataSource } from './api';

/** Runs the query as typed, with each parameter's default, and shows its first rows. */
export function PreviewButton({ input }: { input: () => { linkId: number; sql: string; parameters: DataSourceParameter[] } }) {
  const { t } = useTranslation('datasources');
  const preview = usePreviewDataSource();
  const [result, setResult] = useState<DataSourcePage | null>(null);
  const run = async () => {
    const { linkId, sql, parameters } = input();
    setResult(await preview.mutateAsync({ body: { linkId, sql, parameters, values: {} } }));
  };
  return (
    <>
      <Button loading={preview.isPending} onClick={() => void run().catch(() => undefined)} data-testid="data-source-preview">
        {t('preview.action')}
      </Button>
      <Modal open={result !== null} title={t('preview.title')} footer={null} onCancel={() => setResult(null)} width={880} destroyOnHidden>
        <div data-testid="data-source-preview-result">
          <Table
            size="small"
            rowKey="position"
            dataSource={(result?.records ?? []).map((values, position) => ({ position, values }))}
            columns={(result?.columns ?? []).map((column) => ({
              key: column.name,
              title: `${column.name} (${column.type})`,
              ellipsis: true,
              render: (_: unknown, row: { values: Record<string, unknown> }) => (row.values[column.name] === null ? 'NULL' : String(row.values[column.name])),
            }))}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('preview.empty') }}
          />
        </div>
      </Modal>
    </>
  );
}
