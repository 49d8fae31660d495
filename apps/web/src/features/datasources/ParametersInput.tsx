import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type DataSourceParameter, PARAMETER_TYPES } from '@macro/contract/datasources';
import { Button, Checkbox, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

/** The `@name` parameters of a query: a row each with its name, label, type, whether required, and default. */
export function ParametersInput({
  id,
  value = [],
  onChange,
  disabled,
  testId,
}: {
  id?: string;
  value?: DataSourceParameter[];
  onChange?: (value: DataSourceParameter[]) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('datasources');
  const change = (index: number, patch: Partial<DataSourceParameter>) => onChange?.(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div data-testid={testId}>
      {value.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while typed.
        <Space key={index} wrap style={{ marginBottom: 8 }}>
          <Input
            id={index === 0 ? id : undefined}
            value={row.name}
            prefix="@"
            placeholder={t('parameter.name')}
            aria-label={`${t('parameter.name')} ${index + 1}`}
            disabled={disabled}
            onChange={(e) => change(index, { name: e.target.value.trim() })}
            style={{ width: 150 }}
            data-testid={`${testId}-name-${index}`}
          />
          <Input
            value={row.label}
            placeholder={t('parameter.label')}
            aria-label={`${t('parameter.label')} ${index + 1}`}
            disabled={disabled}
            onChange={(e) => change(index, { label: e.target.value })}
            style={{ width: 120 }}
          />
          <Select
            value={row.type}
            aria-label={`${t('parameter.type')} ${index + 1}`}
            disabled={disabled}
            onChange={(type) => change(index, { type })}
            options={PARAMETER_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            style={{ width: 100 }}
          />
          <Checkbox checked={row.required} disabled={disabled} onChange={(e) => change(index, { required: e.target.checked })}>
            {t('parameter.required')}
          </Checkbox>
          <Input
            value={row.defaultValue}
            placeholder={t('parameter.default')}
            aria-label={`${t('parameter.default')} ${index + 1}`}
            disabled={disabled}
            onChange={(e) => change(index, { defaultValue: e.target.value })}
            style={{ width: 130 }}
            data-testid={`${testId}-default-${index}`}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={`${t('parameter.remove')} ${index + 1}`}
            disabled={disabled}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={disabled || value.length >= 20}
        onClick={() => onChange?.([...value, { name: '', label: '', type: 'text', required: false, defaultValue: '' }])}
        data-testid={`${testId}-add`}
      >
        {t('parameter.add')}
      </Button>
    </div>
  );
}
