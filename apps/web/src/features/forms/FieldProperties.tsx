import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_SPANS, FORM_FORMAT_NAMES, MAX_FIELD_FILES } from '@macro/contract/forms';
import { Button, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeRuleChoice } from './CodeRuleChoice';
import { DataSourceOptionFields } from './DataSourceOptionFields';
import { type DesignField, KINDS_WITH_OPTIONS, NUMBER_KINDS, type OptionSource, optionSourceOf, TEXT_KINDS, withOptionSource } from './designerModel';

interface Props {
  field: DesignField;
  taken: readonly string[];
  onChange: (patch: Partial<DesignField>) => void;
}

const SOURCE_LABELS: Record<OptionSource, string> = { static: 'prop.staticOptions', dictionary: 'prop.dictionary', dataSource: 'prop.dataSource' };

const numberOrUndefined = (value: number | null) => (value === null ? undefined : value);

/** The chosen field's properties and rules: what the schema says about it and how it is laid out. */
export function FieldProperties({ field, taken, onChange }: Props) {
  const { t } = useTranslation('forms');
  // The name is applied when it is valid and free, so the canvas never holds two fields of one name.
  const [name, setName] = useState(field.name);
  const nameTaken = name !== field.name && taken.includes(name);
  const nameValid = /^[A-Za-z][A-Za-z0-9_]{0,49}$/.test(name);
  const optionSource = optionSourceOf(field);
  // Radio buttons take no dictionary: a dictionary's options are shown in a drop-down.
  const sources: OptionSource[] = field.kind === 'radio' ? ['static', 'dataSource'] : ['static', 'dictionary', 'dataSource'];
  return (
    <Form layout="vertical" size="small" name="field-properties" data-testid="field-properties">
      <Form.Item
        htmlFor="fp-name"
        label={t('prop.name')}
        validateStatus={nameValid && !nameTaken ? undefined : 'error'}
        help={!nameValid ? t('messages:forms.fieldNameInvalid') : nameTaken ? t('designer.nameTaken') : undefined}
      >
        <Input
          value={name}
          onChange={(e) => setName(e.target.value)}
          onBlur={() => nameValid && !nameTaken && name !== field.name && onChange({ name })}
          id="fp-name"
          data-testid="prop-name"
        />
      </Form.Item>
      <Form.Item htmlFor="fp-title" label={t('prop.title')}>
        <Input value={field.title} maxLength={100} onChange={(e) => onChange({ title: e.target.value })} id="fp-title" data-testid="prop-title" />
      </Form.Item>
      {field.kind === 'autoNumber' ? <CodeRuleChoice value={field.codeRule} onChange={(codeRule) => onChange({ codeRule })} /> : null}
      <Space wrap>
        {field.kind !== 'autoNumber' ? (
          <Form.Item htmlFor="fp-required" label={t('prop.required')}>
            <Switch checked={field.required} onChange={(required) => onChange({ required })} id="fp-required" data-testid="prop-required" />
          </Form.Item>
        ) : null}
        <Form.Item label={t('prop.span')}>
          <Select
            style={{ width: 120 }}
            value={field.span}
            onChange={(span) => onChange({ span })}
            options={FIELD_SPANS.map((span) => ({ value: span, label: t(`span.${span}`) }))}
            aria-label={t('prop.span')}
          />
        </Form.Item>
      </Space>
      {field.kind !== 'switch' && field.kind !== 'autoNumber' ? (
        <Form.Item htmlFor="fp-placeholder" label={t('prop.placeholder')}>
          <Input value={field.placeholder} maxLength={100} id="fp-placeholder" onChange={(e) => onChange({ placeholder: e.target.value })} />
        </Form.Item>
      ) : null}
      {TEXT_KINDS.includes(field.kind) ? (
        <>
          <Space wrap>
            <Form.Item htmlFor="fp-min-length" label={t('prop.minLength')}>
              <InputNumber
                min={0}
                max={100000}
                precision={0}
                value={field.minLength}
                onChange={(v) => onChange({ minLength: numberOrUndefined(v) })}
                id="fp-min-length"
                data-testid="prop-min-length"
              />
            </Form.Item>
            <Form.Item htmlFor="fp-max-length" label={t('prop.maxLength')}>
              <InputNumber
                min={0}
                max={100000}
                precision={0}
                value={field.maxLength}
                onChange={(v) => onChange({ maxLength: numberOrUndefined(v) })}
                id="fp-max-length"
                data-testid="prop-max-length"
              />
            </Form.Item>
          </Space>
          <Form.Item htmlFor="fp-format" label={t('prop.format')}>
            <Select
              allowClear
              value={field.format}
              onChange={(format) => onChange({ format: format ?? undefined })}
              placeholder={t('prop.formatPlaceholder')}
              options={FORM_FORMAT_NAMES.map((name) => ({ value: name, label: t(`format.${name}`) }))}
              id="fp-format"
              data-testid="prop-format"
              aria-label={t('prop.format')}
            />
          </Form.Item>
          <Form.Item htmlFor="fp-pattern" label={t('prop.pattern')}>
            <Input
              value={field.pattern}
              maxLength={200}
              id="fp-pattern"
              placeholder="^E\d{3}$"
              onChange={(e) => onChange({ pattern: e.target.value || undefined })}
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
        </>
      ) : null}
      {field.kind === 'textarea' ? (
        <Form.Item htmlFor="fp-rows" label={t('prop.rows')}>
          <InputNumber min={1} max={20} precision={0} value={field.rows} id="fp-rows" onChange={(v) => onChange({ rows: numberOrUndefined(v) })} />
        </Form.Item>
      ) : null}
      {field.kind === 'file' ? (
        <Form.Item htmlFor="fp-max-files" label={t('prop.maxFiles')}>
          <InputNumber
            min={1}
            max={MAX_FIELD_FILES}
            precision={0}
            value={field.maxItems}
            id="fp-max-files"
            data-testid="prop-max-files"
            onChange={(v) => onChange({ maxItems: numberOrUndefined(v) })}
          />
        </Form.Item>
      ) : null}
      {NUMBER_KINDS.includes(field.kind) ? (
        <Space wrap>
          <Form.Item htmlFor="fp-minimum" label={t('prop.minimum')}>
            <InputNumber value={field.minimum} onChange={(v) => onChange({ minimum: numberOrUndefined(v) })} id="fp-minimum" data-testid="prop-minimum" />
          </Form.Item>
          <Form.Item htmlFor="fp-maximum" label={t('prop.maximum')}>
            <InputNumber value={field.maximum} onChange={(v) => onChange({ maximum: numberOrUndefined(v) })} id="fp-maximum" data-testid="prop-maximum" />
          </Form.Item>
        </Space>
      ) : null}
      {KINDS_WITH_OPTIONS.includes(field.kind) ? (
        <>
          <Form.Item label={t('prop.optionSource')}>
            <Select
              value={optionSource}
              onChange={(source: OptionSource) => onChange(withOptionSource(source))}
              options={sources.map((source) => ({ value: source, label: t(SOURCE_LABELS[source]) }))}
              aria-label={t('prop.optionSource')}
              data-testid="prop-option-source"
            />
          </Form.Item>
          {optionSource === 'dataSource' ? (
            <DataSourceOptionFields value={field.dataSource ?? {}} onChange={(dataSource) => onChange({ dataSource })} />
          ) : optionSource === 'dictionary' ? (
            <Form.Item htmlFor="fp-dictionary" label={t('prop.dictionaryCode')}>
              <Input
                value={field.dictionary}
                placeholder="CompanyNature"
                onChange={(e) => onChange({ dictionary: e.target.value.trim() })}
                id="fp-dictionary"
                data-testid="prop-dictionary"
              />
            </Form.Item>
          ) : (
            <Form.Item label={t('prop.options')}>
              <Space orientation="vertical" style={{ width: '100%' }}>
                {field.options.map((option, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a row is a position in the list; keying by the value being typed would remount its input on each keystroke
                  <Space.Compact key={i} style={{ width: '100%' }}>
                    <Input
                      value={option.value}
                      aria-label={t('prop.optionValue', { n: i + 1 })}
                      placeholder={t('prop.optionValue', { n: i + 1 })}
                      onChange={(e) => onChange({ options: field.options.map((o, j) => (j === i ? { ...o, value: e.target.value } : o)) })}
                    />
                    <Input
                      value={option.label}
                      aria-label={t('prop.optionLabel', { n: i + 1 })}
                      placeholder={t('prop.optionLabel', { n: i + 1 })}
                      onChange={(e) => onChange({ options: field.options.map((o, j) => (j === i ? { ...o, label: e.target.value } : o)) })}
                    />
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('prop.removeOption', { n: i + 1 })}
                      onClick={() => onChange({ options: field.options.filter((_, j) => j !== i) })}
                    />
                  </Space.Compact>
                ))}
                <Button
                  icon={<PlusOutlined />}
                  onClick={() => onChange({ options: [...field.options, { value: `o${field.options.length + 1}`, label: '' }] })}
                  data-testid="prop-add-option"
                >
                  {t('prop.addOption')}
                </Button>
              </Space>
            </Form.Item>
          )}
        </>
      ) : null}
      <Form.Item htmlFor="fp-description" label={t('prop.description')}>
        <Input.TextArea rows={2} value={field.description} maxLength={800} id="fp-description" onChange={(e) => onChange({ description: e.target.value })} />
      </Form.Item>
    </Form>
  );
}
