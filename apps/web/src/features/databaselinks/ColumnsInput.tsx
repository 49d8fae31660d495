import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { COLUMN_TYPES, type DraftColumn } from '@macro/contract/databaselinks';
import { Button, Checkbox, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';

const BLANK: DraftColumn = { name: '', type: 'varchar', length: 100, scale: null, nullable: true, primaryKey: false, defaultValue: '', comment: '' };

/** The columns of a table design: a row each, added and removed with buttons. */
export function ColumnsInput({
  id,
  value = [],
  onChange,
  disabled,
  testId,
}: {
  id?: string;
  value?: DraftColumn[];
  onChange?: (value: DraftColumn[]) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('databaselinks');
  const change = (index: number, patch: Partial<DraftColumn>) => onChange?.(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const label = (key: string, index: number) => `${t(`design.${key}`)} ${index + 1}`;
  return (
    <div data-testid={testId}>
      {value.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while typed.
        <Space key={index} wrap style={{ marginBottom: 8 }}>
          <Input
            id={index === 0 ? id : undefined}
            value={row.name}
            placeholder={t('design.columnName')}
            aria-label={label('columnName', index)}
            disabled={disabled}
            onChange={(e) => change(index, { name: e.target.value.trim() })}
            style={{ width: 140 }}
            data-testid={`${testId}-name-${index}`}
          />
          <Select
            value={row.type}
            aria-label={label('type', index)}
            disabled={disabled}
            onChange={(type) =>
              change(index, { type, length: type === 'varchar' ? (row.length ?? 100) : type === 'decimal' ? 18 : null, scale: type === 'decimal' ? 2 : null })
            }
            options={COLUMN_TYPES.map((type) => ({ value: type, label: t(`design.types.${type}`) }))}
            style={{ width: 120 }}
            data-testid={`${testId}-type-${index}`}
          />
          <InputNumber
            value={row.length}
            placeholder={t('design.length')}
            aria-label={label('length', index)}
            disabled={disabled || (row.type !== 'varchar' && row.type !== 'decimal')}
            onChange={(length) => change(index, { length: length ?? null })}
            style={{ width: 90 }}
          />
          <InputNumber
            value={row.scale}
            placeholder={t('design.scale')}
            aria-label={label('scale', index)}
            disabled={disabled || row.type !== 'decimal'}
            onChange={(scale) => change(index, { scale: scale ?? null })}
            style={{ width: 80 }}
          />
          <Checkbox
            checked={row.primaryKey}
            disabled={disabled}
            onChange={(e) => change(index, { primaryKey: e.target.checked, nullable: e.target.checked ? false : row.nullable })}
          >
            {t('design.primaryKey')}
          </Checkbox>
          <Checkbox checked={row.nullable} disabled={disabled || row.primaryKey} onChange={(e) => change(index, { nullable: e.target.checked })}>
            {t('design.nullable')}
          </Checkbox>
          <Input
            value={row.defaultValue}
            placeholder={t('design.default')}
            aria-label={label('default', index)}
            disabled={disabled}
            onChange={(e) => change(index, { defaultValue: e.target.value })}
            style={{ width: 110 }}
          />
          <Input
            value={row.comment}
            placeholder={t('design.comment')}
            aria-label={label('comment', index)}
            disabled={disabled}
            onChange={(e) => change(index, { comment: e.target.value })}
            style={{ width: 140 }}
            data-testid={`${testId}-comment-${index}`}
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={label('removeColumn', index)}
            disabled={disabled}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </Space>
      ))}
      <Button icon={<PlusOutlined />} disabled={disabled || value.length >= 200} onClick={() => onChange?.([...value, BLANK])} data-testid={`${testId}-add`}>
        {t('design.addColumn')}
      </Button>
    </div>
  );
}
