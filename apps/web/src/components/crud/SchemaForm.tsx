import { Col, Form, type FormInstance, Input, InputNumber, Radio, Row, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldSchema, zodRule } from '../zodRule';
import { describeField, type FieldKind, type FieldShape } from './schemaFields';

export type FormMode = 'create' | 'edit' | 'view';

/** What the kit hands a custom widget: Form.Item adds id, value and onChange itself. */
export interface WidgetProps {
  disabled: boolean;
  placeholder?: string;
  testId: string;
}

/**
 * One field of a schema form. Its input type and its rules come from the schema; the domain
 * names it, labels it and may swap the input (`render`) or the option labels.
 */
export interface SchemaField {
  name: string;
  label: string;
  placeholder?: string;
  /** Half (12, default) or whole (24) row. */
  span?: 12 | 24;
  disabled?: boolean;
  /** Labels of a choice's values. */
  optionLabel?: (value: string | number | boolean) => string;
  /** Another input than the schema's default (a tree select for a parent id). */
  render?: (props: WidgetProps) => ReactNode;
  kind?: FieldKind;
  /** False for fields that only show a value the server decides (no rule). */
  validate?: boolean;
}

/** Object schema whose fields the form reads (`shape`, as zod objects have). */
export interface ObjectSchema {
  shape: Record<string, FieldSchema>;
  /** The whole object's check, for rules across fields (an end date after the start date). */
  safeParse?: (value: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string; params?: object }[] } };
}

interface SchemaFormProps<V> {
  form: FormInstance<V>;
  /** The form's name: field ids are `${name}_${field}`, unique on the page. */
  name: string;
  schema: ObjectSchema;
  fields: readonly SchemaField[];
  mode: FormMode;
  initialValues: Partial<V>;
  /** Prefix of the inputs' test ids (`${testIdPrefix}-${field}`). */
  testIdPrefix: string;
  /** Each change as typed: the fields that changed, with their new values. */
  onValuesChange?: (changed: Partial<V>) => void;
}

function renderInput(field: SchemaField, shape: FieldShape, widget: WidgetProps, labelId: string) {
  const common = { disabled: widget.disabled, 'data-testid': widget.testId };
  switch (field.kind ?? shape.kind) {
    case 'textarea':
      return <Input.TextArea rows={3} placeholder={widget.placeholder} {...common} />;
    case 'number':
      // No min, max or precision: InputNumber would round 1.5 to 2 and clamp 123456 to 99999
      // without a word. The schema's rule says what is wrong instead.
      return <InputNumber step={1} placeholder={widget.placeholder} className="crud-number" {...common} />;
    case 'switch':
      return <Switch {...common} />;
    case 'choice':
      return (
        <Radio.Group aria-labelledby={labelId} {...common}>
          {(shape.options ?? []).map((value) => (
            <Radio key={String(value)} value={value}>
              {field.optionLabel ? field.optionLabel(value) : String(value)}
            </Radio>
          ))}
        </Radio.Group>
      );
    default:
      return <Input placeholder={widget.placeholder} {...common} />;
  }
}

/** The one form for creating, editing and viewing a record, laid out from the contract schema. */
export function SchemaForm<V>({ form, name, schema, fields, mode, initialValues, testIdPrefix, onValuesChange }: SchemaFormProps<V>) {
  const { t } = useTranslation();
  const readOnly = mode === 'view';
  return (
    <Form<V>
      form={form}
      name={name}
      layout="vertical"
      initialValues={initialValues}
      disabled={readOnly}
      requiredMark={!readOnly}
      className={readOnly ? 'crud-form-readonly' : undefined}
      validateTrigger="onBlur"
      onValuesChange={onValuesChange}
      data-testid={`${name}-form`}
    >
      <Row gutter={24}>
        {fields.map((field) => {
          const fieldSchema = schema.shape[field.name];
          if (!fieldSchema) throw new Error(`schema has no field ${field.name}`);
          const shape = describeField(fieldSchema);
          const validate = field.validate !== false && !readOnly;
          const labelId = `${name}_${field.name}-label`;
          const widget: WidgetProps = {
            disabled: readOnly || field.disabled === true,
            placeholder: readOnly ? undefined : field.placeholder,
            testId: `${testIdPrefix}-${field.name}`,
          };
          const choice = (field.kind ?? shape.kind) === 'choice';
          return (
            <Col key={field.name} xs={24} sm={field.span ?? 12}>
              <Form.Item
                name={field.name}
                label={<span id={labelId}>{field.label}</span>}
                required={validate && shape.required}
                rules={validate ? [zodRule(fieldSchema, t, { required: shape.required })] : undefined}
                validateTrigger={choice ? ['onBlur', 'onChange'] : undefined}
              >
                {field.render ? field.render(widget) : renderInput(field, shape, widget, labelId)}
              </Form.Item>
            </Col>
          );
        })}
      </Row>
    </Form>
  );
}
