import { AUTO_NUMBER_WIDGET, type FieldUi, type FormDocument, formErrorMessage } from '@macro/contract/forms';
import type { FormProps } from '@rjsf/core';
import { getUiOptions, type ObjectFieldTemplateProps, type RJSFValidationError, type RegistryWidgetsType, type UiSchema, type WidgetProps } from '@rjsf/utils';
import { Col, Input, Row, Select } from 'antd';
import { type Ref, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../api/dictionary';
import { MESSAGES_NS } from '../../i18n';
import type { ChoiceSource } from './DataSourceChoice';
import { ThemedForm as Form } from './theme';
import { formValidator } from './validator';

/*
 * Renders a form scheme (JSON Schema + UI schema) with rjsf's antd theme, checked in the
 * browser by the contract's form check with the formats and messages the server uses, so a
 * value the form accepts is one the server accepts.
 */

/** What a node lets its approver do with a field. */
export interface FieldAccess {
  name: string;
  /** `edit`, `readonly` or `hidden`. */
  permission: string;
}

export type FormData = Record<string, unknown>;
export type FormViewHandle = { validateForm: () => boolean };

/** A select whose options come from a dictionary (the field's `dictionary` option). */
function DictionarySelect(props: WidgetProps) {
  const code = String(props.options.dictionary ?? '');
  const options = useDictionary('system', code);
  const multiple = props.schema.type === 'array';
  return (
    <Select
      id={props.id}
      mode={multiple ? 'multiple' : undefined}
      value={props.value ?? undefined}
      disabled={props.disabled || props.readonly}
      allowClear
      placeholder={props.placeholder}
      loading={options.isLoading}
      onChange={(value) => props.onChange(value ?? undefined)}
      options={(options.data ?? []).map((o) => ({ value: o.value, label: o.label }))}
      aria-label={props.label}
    />
  );
}

/** An auto number: shown, never typed — the server gives it when the record is first saved. */
function AutoNumber(props: WidgetProps) {
  const { t } = useTranslation('formview');
  return (
    <Input
      id={props.id}
      value={props.value ?? ''}
      readOnly
      placeholder={t('autoNumberPending')}
      aria-label={props.label}
      aria-readonly="true"
      variant="filled"
    />
  );
}

/** Fields in a 24-column grid, each as wide as its `span` says (full width on a phone). */
function GridTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  return (
    <Row gutter={16}>
      {properties
        .filter((p) => !p.hidden)
        .map((p) => {
          const span = getUiOptions((uiSchema?.[p.name] ?? {}) as UiSchema).span as number | undefined;
          return (
            <Col key={p.name} xs={24} md={span ?? 24}>
              {p.content}
            </Col>
          );
        })}
    </Row>
  );
}

const widgets: RegistryWidgetsType = { DictionarySelect, [AUTO_NUMBER_WIDGET]: AutoNumber };

/**
 * The document as this viewer gets it: hidden fields gone, read-only ones locked, dictionary
 * fields as selects, choices filled from a data source in their own widget (which keeps the
 * field's drop-down, radio buttons or checkboxes).
 */
export function documentFor(document: FormDocument, access: readonly FieldAccess[] = [], readOnly = false) {
  const hidden = new Set(access.filter((a) => a.permission === 'hidden').map((a) => a.name));
  const locked = new Set(access.filter((a) => a.permission === 'readonly').map((a) => a.name));
  const properties = Object.fromEntries(Object.entries(document.schema.properties).filter(([name]) => !hidden.has(name)));
  const schema = { ...document.schema, properties, required: (document.schema.required ?? []).filter((name) => !hidden.has(name)) };
  const uiSchema: UiSchema = {
    'ui:submitButtonOptions': { norender: true },
    'ui:order': [...(document.uiSchema['ui:order'] ?? []).filter((n) => !hidden.has(n)), '*'],
  };
  for (const name of Object.keys(properties)) {
    const ui = { ...((document.uiSchema[name] ?? {}) as FieldUi & Record<string, unknown>) };
    if (ui['ui:options']?.dictionary) ui['ui:widget'] = 'DictionarySelect';
    if (ui['ui:options']?.dataSource) {
      ui['ui:options'] = { ...ui['ui:options'], choice: ui['ui:widget'] } as FieldUi['ui:options'];
      ui['ui:widget'] = 'dataSourceChoice';
    }
    if (ui['ui:options']?.rows) ui['ui:options'] = { ...ui['ui:options'], rows: ui['ui:options'].rows };
    if (readOnly || locked.has(name)) ui['ui:readonly'] = true;
    uiSchema[name] = ui;
  }
  return { schema, uiSchema };
}

interface Props {
  document: FormDocument;
  value: FormData;
  onChange?: (value: FormData) => void;
  access?: readonly FieldAccess[];
  readOnly?: boolean;
  formRef?: Ref<FormViewHandle>;
  testId?: string;
  /** Where choices filled from data sources read their options: the saved form's, or the data sources themselves in a preview. */
  choices?: ChoiceSource;
}

/** One form, filled in or shown; call `formRef.current.validateForm()` before sending its data. */
export function FormView({ document, value, onChange, access, readOnly, formRef, testId = 'form-view', choices }: Props) {
  const { t } = useTranslation('formview');
  const { schema, uiSchema } = useMemo(() => documentFor(document, access, readOnly), [document, access, readOnly]);
  const transformErrors = (errors: RJSFValidationError[]) =>
    errors.map((error) => {
      const name = (error.property ?? '').replace(/^\./, '').split('.')[0];
      const message = formErrorMessage(error.name ?? '', error.params ?? {}, document.schema.properties[name]?.title || name || t('wholeForm'));
      return { ...error, message: t(`${MESSAGES_NS}:${message.key}`, message.params) };
    });
  const props: FormProps = {
    schema: schema as FormProps['schema'],
    uiSchema,
    formData: value,
    validator: formValidator,
    widgets,
    templates: { ObjectFieldTemplate: GridTemplate },
    onChange: (event) => onChange?.(event.formData as FormData),
    transformErrors,
    showErrorList: false,
    noHtml5Validate: true,
    readonly: readOnly,
    translateString: (key, params) => {
      const text = t(`rjsf.${key.replace(/[^A-Za-z0-9]/g, '')}`, { defaultValue: '' });
      return (text || key).replace(/%(\d)/g, (_, i: string) => params?.[Number(i) - 1] ?? '');
    },
    formContext: { labelAlign: 'left', choices },
  };
  return (
    <div data-testid={testId}>
      <Form {...props} ref={formRef as never} />
    </div>
  );
}
