import type { FieldDataSource } from '@macro/contract/forms';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOptionDataSourceColumns, useOptionDataSources } from './api';

interface Props {
  value: Partial<FieldDataSource>;
  onChange: (value: Partial<FieldDataSource>) => void;
}

/**
 * A choice's options from a data source: which one, the column whose values are kept and the
 * column shown (the value itself when none is chosen). The server checks the three on saving.
 */
export function DataSourceOptionFields({ value, onChange }: Props) {
  const { t } = useTranslation('forms');
  const sources = useOptionDataSources(true);
  const columns = useOptionDataSourceColumns(value.id);
  const columnOptions = (columns.data ?? []).map((c) => ({ value: c.name, label: `${c.name} (${c.type})` }));
  const unavailable = sources.isError ? t('prop.dataSourcesUnavailable') : undefined;
  return (
    <>
      <Form.Item htmlFor="fp-data-source" label={t('prop.dataSource')}>
        <Select
          id="fp-data-source"
          showSearch
          optionFilterProp="label"
          value={value.id}
          loading={sources.isLoading}
          // Another data source's columns are not this one's.
          onChange={(id: number) => onChange({ id })}
          options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          placeholder={t('prop.dataSourcePlaceholder')}
          notFoundContent={unavailable}
          data-testid="prop-data-source"
          aria-label={t('prop.dataSource')}
        />
      </Form.Item>
      <Form.Item htmlFor="fp-data-source-value" label={t('prop.valueColumn')} extra={t('prop.valueColumnHelp')}>
        <Select
          id="fp-data-source-value"
          value={value.value}
          disabled={value.id === undefined}
          loading={columns.isLoading}
          onChange={(column: string) => onChange({ ...value, value: column })}
          options={columnOptions}
          placeholder={t('prop.columnPlaceholder')}
          data-testid="prop-data-source-value"
          aria-label={t('prop.valueColumn')}
        />
      </Form.Item>
      <Form.Item htmlFor="fp-data-source-label" label={t('prop.labelColumn')} extra={t('prop.labelColumnHelp')}>
        <Select
          id="fp-data-source-label"
          allowClear
          value={value.label}
          disabled={value.id === undefined}
          loading={columns.isLoading}
          onChange={(column?: string) => onChange({ ...value, label: column || undefined })}
          options={columnOptions}
          placeholder={t('prop.labelColumnSame')}
          data-testid="prop-data-source-label"
          aria-label={t('prop.labelColumn')}
        />
      </Form.Item>
    </>
  );
}
