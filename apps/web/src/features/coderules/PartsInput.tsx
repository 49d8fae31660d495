import {
  CODE_DATE_FORMATS,
  CODE_PART_KINDS,
  CODE_RESETS,
  CODE_RULE_TIME_ZONE,
  type CodePartKind,
  type CodeRulePart,
  codeRuleParts,
  formatCode,
} from '@macro/contract/coderules';
import { Form, Input, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowListInput } from '../../components/crud/RowListInput';

/** A new part of each kind, as the kind picker puts it in. */
const BLANK: Record<CodePartKind, () => CodeRulePart> = {
  text: () => ({ kind: 'text', value: '' }),
  date: () => ({ kind: 'date', format: 'yyyyMMdd' }),
  sequence: () => ({ kind: 'sequence', width: 4, start: 1, step: 1, reset: 'daily' }),
  random: () => ({ kind: 'random', length: 4, charset: 'digits' }),
  tenant: () => ({ kind: 'tenant' }),
  company: () => ({ kind: 'company' }),
  dept: () => ({ kind: 'dept' }),
};

/** The number the parts would make now, the sequence at `first` and the taker's codes as placeholders. */
export function previewOf(parts: readonly CodeRulePart[], timeZone: string, sample: { tenant: string; company: string; dept: string }): string {
  const sequence = parts.find((part) => part.kind === 'sequence');
  return formatCode(parts, {
    now: new Date(),
    timeZone,
    sequence: sequence?.kind === 'sequence' ? sequence.start : 1,
    tenantCode: sample.tenant,
    companyCode: sample.company,
    deptCode: sample.dept,
    random: (length, charset) => (charset === 'digits' ? '0' : 'A').repeat(length),
  });
}

/** A rule's parts in order, each by its kind, with the number they make shown live below them. */
export function PartsInput(props: { id?: string; value?: CodeRulePart[]; onChange?: (value: CodeRulePart[]) => void; disabled?: boolean; testId: string }) {
  const { t } = useTranslation('coderules');
  const { disabled, testId, value = [] } = props;
  // The preview reads dates in the zone chosen beside the parts.
  const timeZone: string = Form.useWatch('timeZone', Form.useFormInstance()) || CODE_RULE_TIME_ZONE;
  const label = (key: string, index: number) => t(`part.${key}`, { n: index + 1 });
  const valid = codeRuleParts.safeParse(value);
  const sample = { tenant: t('preview.tenant'), company: t('preview.company'), dept: t('preview.dept') };
  let preview: string;
  try {
    if (valid.success) preview = previewOf(valid.data, timeZone, sample);
    else {
      const issue = valid.error.issues[0] as { message: string; params?: Record<string, unknown> } | undefined;
      preview = String(t(`messages:${issue?.message ?? 'coderules.badPart'}`, { ...issue?.params }));
    }
  } catch {
    // An unknown zone while it is typed: the date parts cannot be read yet.
    preview = String(t('messages:coderules.badTimeZone'));
  }
  return (
    <div>
      <RowListInput<CodeRulePart>
        {...props}
        blank={BLANK.text}
        max={10}
        addLabel={t('part.add')}
        removeLabel={(index) => label('remove', index)}
        moveLabels={{ up: (index) => label('up', index), down: (index) => label('down', index) }}
        cells={({ row, index, change, firstId }) => {
          const replace = (next: CodeRulePart) => change(next as Partial<CodeRulePart>);
          return (
            <>
              <Select<CodePartKind>
                id={firstId}
                value={row.kind}
                aria-label={label('kind', index)}
                disabled={disabled}
                onChange={(kind) => replace(BLANK[kind]())}
                options={CODE_PART_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
                style={{ width: 120 }}
                data-testid={`${testId}-kind-${index}`}
              />
              {row.kind === 'text' ? (
                <Input
                  value={row.value}
                  aria-label={label('text', index)}
                  placeholder={t('part.textPlaceholder')}
                  disabled={disabled}
                  onChange={(e) => replace({ ...row, value: e.target.value })}
                  style={{ width: 140 }}
                  data-testid={`${testId}-text-${index}`}
                />
              ) : null}
              {row.kind === 'date' ? (
                <Select
                  value={row.format}
                  aria-label={label('format', index)}
                  disabled={disabled}
                  onChange={(format) => replace({ ...row, format })}
                  options={CODE_DATE_FORMATS.map((format) => ({ value: format, label: format }))}
                  style={{ width: 120 }}
                  data-testid={`${testId}-format-${index}`}
                />
              ) : null}
              {row.kind === 'sequence' ? (
                <>
                  <InputNumber
                    value={row.width}
                    min={1}
                    max={12}
                    precision={0}
                    aria-label={label('width', index)}
                    prefix={t('part.width')}
                    disabled={disabled}
                    onChange={(width) => replace({ ...row, width: width ?? 1 })}
                    style={{ width: 112 }}
                    data-testid={`${testId}-width-${index}`}
                  />
                  <InputNumber
                    value={row.start}
                    min={0}
                    max={999_999_999}
                    precision={0}
                    aria-label={label('start', index)}
                    prefix={t('part.start')}
                    disabled={disabled}
                    onChange={(start) => replace({ ...row, start: start ?? 0 })}
                    style={{ width: 136 }}
                    data-testid={`${testId}-start-${index}`}
                  />
                  <InputNumber
                    value={row.step}
                    min={1}
                    max={1000}
                    precision={0}
                    aria-label={label('step', index)}
                    prefix={t('part.step')}
                    disabled={disabled}
                    onChange={(step) => replace({ ...row, step: step ?? 1 })}
                    style={{ width: 104 }}
                  />
                  <Select
                    value={row.reset}
                    aria-label={label('reset', index)}
                    disabled={disabled}
                    onChange={(reset) => replace({ ...row, reset })}
                    options={CODE_RESETS.map((reset) => ({ value: reset, label: t(`reset.${reset}`) }))}
                    style={{ width: 124 }}
                    data-testid={`${testId}-reset-${index}`}
                  />
                </>
              ) : null}
              {row.kind === 'random' ? (
                <>
                  <InputNumber
                    value={row.length}
                    min={1}
                    max={12}
                    precision={0}
                    aria-label={label('length', index)}
                    prefix={t('part.length')}
                    disabled={disabled}
                    onChange={(length) => replace({ ...row, length: length ?? 1 })}
                    style={{ width: 130 }}
                  />
                  <Select
                    value={row.charset}
                    aria-label={label('charset', index)}
                    disabled={disabled}
                    onChange={(charset) => replace({ ...row, charset })}
                    options={(['digits', 'letters'] as const).map((charset) => ({ value: charset, label: t(`charset.${charset}`) }))}
                    style={{ width: 110 }}
                  />
                </>
              ) : null}
            </>
          );
        }}
      />
      <div className="code-rule-preview" aria-live="polite">
        <Typography.Text type="secondary">{t('preview.label')}</Typography.Text>{' '}
        <Typography.Text strong={valid.success} type={valid.success ? undefined : 'danger'} data-testid={`${testId}-preview`}>
          {preview}
        </Typography.Text>
      </div>
    </div>
  );
}
