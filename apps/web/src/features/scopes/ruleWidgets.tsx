import { DATA_SCOPE_TYPE, DATA_SCOPE_TYPES, type DataResourceInfo, NUMBER_OPERATORS, SCOPE_OPERATORS, TEXT_OPERATORS } from '@macro/contract/scopes';
import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../components/crud/SchemaForm';
import { useDataResources } from './api';

/** What Form.Item hands its input. */
interface Controlled<T> {
  id?: string;
  value?: T;
  onChange?: (value: T) => void;
}

/** The form's current scope type and resource, read by the rule inputs beside them. */
function useRuleContext(): { custom: boolean; resource: DataResourceInfo | undefined; column: string | undefined } {
  const form = Form.useFormInstance();
  const type = Form.useWatch('scopeType', form) as number | undefined;
  const code = Form.useWatch('resourceCode', form) as string | undefined;
  const column = Form.useWatch('scopeColumn', form) as string | undefined;
  const resources = useDataResources();
  return { custom: type === DATA_SCOPE_TYPE.custom, resource: resources.data?.find((r) => r.code === code), column };
}

type Props<T> = Controlled<T> & { widget: WidgetProps };

/** The resources domains declared for data scopes. */
export function ResourceSelect({ id, value, onChange, widget }: Props<string>) {
  const resources = useDataResources();
  const { t } = useTranslation('scopes');
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={onChange}
      loading={resources.isLoading}
      disabled={widget.disabled}
      placeholder={widget.placeholder}
      options={(resources.data ?? []).map((r) => ({ value: r.code, label: t(`resource.${r.code}`, { defaultValue: r.code }) }))}
      data-testid={widget.testId}
    />
  );
}

export function ScopeTypeSelect({ id, value, onChange, widget }: Props<number>) {
  const { t } = useTranslation('scopes');
  return (
    <Select
      id={id}
      value={value}
      onChange={onChange}
      disabled={widget.disabled}
      placeholder={widget.placeholder}
      options={DATA_SCOPE_TYPES.map((type) => ({ value: type, label: t(`dataType.${type}`) }))}
      data-testid={widget.testId}
    />
  );
}

/** A custom rule's column: only the columns the resource declared. */
export function RuleColumnSelect({ id, value, onChange, widget }: Props<string>) {
  const { t } = useTranslation('scopes');
  const { custom, resource } = useRuleContext();
  return (
    <Select
      id={id}
      value={custom ? value || undefined : undefined}
      onChange={onChange}
      disabled={widget.disabled || !custom || !resource}
      placeholder={custom ? widget.placeholder : t('form.onlyCustom')}
      options={(resource?.fields ?? []).map((f) => ({ value: f.name, label: t(`column.${f.name}`, { defaultValue: f.name }) }))}
      data-testid={widget.testId}
    />
  );
}

export function RuleOperatorSelect({ id, value, onChange, widget }: Props<string>) {
  const { t } = useTranslation('scopes');
  const { custom, resource, column } = useRuleContext();
  const kind = resource?.fields.find((f) => f.name === column)?.kind;
  const operators = kind === 'number' ? NUMBER_OPERATORS : kind === 'text' ? TEXT_OPERATORS : SCOPE_OPERATORS;
  return (
    <Select
      id={id}
      value={custom ? value || undefined : undefined}
      onChange={onChange}
      disabled={widget.disabled || !custom}
      placeholder={custom ? widget.placeholder : t('form.onlyCustom')}
      options={operators.map((op) => ({ value: op, label: t(`operator.${op}`) }))}
      data-testid={widget.testId}
    />
  );
}

/** Values typed one by one (Enter after each). */
export function RuleValuesInput({ id, value, onChange, widget }: Props<string[]>) {
  const { t } = useTranslation('scopes');
  const { custom } = useRuleContext();
  return (
    <Select
      id={id}
      mode="tags"
      open={false}
      value={custom ? (value ?? []) : []}
      onChange={onChange}
      disabled={widget.disabled || !custom}
      placeholder={custom ? widget.placeholder : t('form.onlyCustom')}
      tokenSeparators={[',', '，']}
      data-testid={widget.testId}
    />
  );
}
