import { DATA_SOURCE_ENDPOINTS } from '@macro/contract/datasources';
import type { FieldDataSource, FieldOption } from '@macro/contract/forms';
import type { WidgetProps } from '@rjsf/utils';
import { Checkbox, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEndpointQuery } from '../../api/endpoint';
import { useFieldOptions } from '../../api/forms';

/**
 * Where choices filled from data sources read their options: a saved form's own endpoint, which
 * whoever may fill the form in may call, or — the designer's preview of a design not saved yet —
 * the data source itself (for those who may read data sources).
 */
export type ChoiceSource = { schemeId: number; version?: number } | 'preview';

/** Rows the preview reads its options from (one page of the data source). */
const PREVIEW_ROWS = 500;

/** Options as the server offers them: each value once, as text, labelled by its first row; empty values offer nothing. */
function optionsOf(records: readonly Record<string, unknown>[], source: FieldDataSource): FieldOption[] {
  const options = new Map<string, string>();
  for (const record of records) {
    const cell = record[source.value];
    const value = cell === null || cell === undefined ? '' : String(cell);
    if (value === '' || options.has(value)) continue;
    const shown = record[source.label ?? source.value];
    options.set(value, shown === null || shown === undefined || shown === '' ? value : String(shown));
  }
  return [...options].map(([value, label]) => ({ value, label }));
}

function useChoiceOptions(from: ChoiceSource | undefined, field: string, source: FieldDataSource) {
  const saved = useFieldOptions(typeof from === 'object' ? from.schemeId : undefined, field, typeof from === 'object' ? from.version : undefined);
  const preview = useEndpointQuery(
    DATA_SOURCE_ENDPOINTS.data,
    { params: { id: String(source.id) }, query: { size: String(PREVIEW_ROWS) } },
    { enabled: from === 'preview', retry: false, select: (page) => optionsOf(page.records, source) },
  );
  return from === 'preview' ? preview : saved;
}

/**
 * A drop-down, radio buttons or checkboxes (the field's own widget, `choice`) whose options come
 * from the data source its design names; the server accepts only the values offered.
 */
export function DataSourceChoice(props: WidgetProps) {
  const { t } = useTranslation('formview');
  const source = props.options.dataSource as FieldDataSource;
  const from = (props.registry.formContext as { choices?: ChoiceSource } | undefined)?.choices;
  const query = useChoiceOptions(from, props.name, source);
  const options = query.data ?? [];
  const locked = props.disabled || props.readonly;
  const failed = query.isError ? (
    <Typography.Text type="danger" data-testid={`choice-unavailable-${props.name}`}>
      {t('choices.unavailable')}
    </Typography.Text>
  ) : null;
  if (props.options.choice === 'radio')
    return (
      <>
        <Radio.Group
          id={props.id}
          value={props.value ?? undefined}
          disabled={locked}
          onChange={(event) => props.onChange(event.target.value)}
          options={options}
          aria-label={props.label}
        />
        {failed}
      </>
    );
  if (props.options.choice === 'checkboxes')
    return (
      <>
        <Checkbox.Group
          value={Array.isArray(props.value) ? props.value : []}
          disabled={locked}
          onChange={(values) => props.onChange(values.length ? values : undefined)}
          options={options}
          aria-label={props.label}
        />
        {failed}
      </>
    );
  return (
    <Select
      id={props.id}
      mode={props.schema.type === 'array' ? 'multiple' : undefined}
      value={props.value ?? undefined}
      disabled={locked}
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={props.placeholder}
      loading={query.isLoading}
      status={query.isError ? 'error' : undefined}
      notFoundContent={query.isError ? t('choices.unavailable') : undefined}
      onChange={(value) => props.onChange(value ?? undefined)}
      options={options}
      aria-label={props.label}
    />
  );
}
