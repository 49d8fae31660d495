import { Form, Input, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useApproverDataSourceColumns, useApproverDataSources } from '../api';
import { APPROVER_SQL_SOURCES, type ApproverSqlSource } from './model';

/**
 * An SQL approver rule's query: written here, or one of the tenant's data sources with, if
 * chosen, the column holding the user ids (else its first column). Inside the node panel's form.
 */
export function SqlApproverFields() {
  const { t } = useTranslation('schemes');
  const form = Form.useFormInstance();
  const source: ApproverSqlSource | undefined = Form.useWatch('approverSqlSource', form);
  const sourceId: number | undefined = Form.useWatch('approverDataSource', form);
  const bySource = source === 'dataSource';
  const sources = useApproverDataSources(bySource);
  const columns = useApproverDataSourceColumns(bySource ? sourceId : undefined);
  return (
    <>
      <Form.Item name="approverSqlSource" label={t('designer.approverSqlSource')}>
        <Radio.Group
          optionType="button"
          size="small"
          options={APPROVER_SQL_SOURCES.map((s) => ({ value: s, label: t(`designer.approverSqlSources.${s}`) }))}
          data-testid="node-approver-sql-source"
        />
      </Form.Item>
      {bySource ? (
        <>
          <Form.Item name="approverDataSource" label={t('designer.approverDataSource')} extra={t('designer.approverDataSourceHelp')}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={sources.isLoading}
              // Another data source's columns are not this one's.
              onChange={() => form.setFieldValue('approverColumn', '')}
              options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              placeholder={t('designer.approverDataSourcePlaceholder')}
              notFoundContent={sources.isError ? t('designer.approverDataSourcesUnavailable') : undefined}
              data-testid="node-approver-data-source"
              aria-label={t('designer.approverDataSource')}
            />
          </Form.Item>
          <Form.Item
            name="approverColumn"
            label={t('designer.approverColumn')}
            extra={t('designer.approverColumnHelp')}
            getValueFromEvent={(column?: string) => column ?? ''}
            getValueProps={(column: string) => ({ value: column || undefined })}
          >
            <Select
              allowClear
              loading={columns.isLoading}
              disabled={sourceId === undefined}
              options={(columns.data ?? []).map((c) => ({ value: c.name, label: `${c.name} (${c.type})` }))}
              placeholder={t('designer.approverColumnFirst')}
              data-testid="node-approver-column"
              aria-label={t('designer.approverColumn')}
            />
          </Form.Item>
        </>
      ) : (
        <Form.Item name="approverSql" label={t('designer.approverSql')} extra={t('designer.approverSqlHelp')}>
          <Input.TextArea rows={3} style={{ fontFamily: 'monospace' }} data-testid="node-approver-sql" />
        </Form.Item>
      )}
    </>
  );
}
