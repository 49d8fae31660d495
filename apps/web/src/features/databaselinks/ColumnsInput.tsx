import { COLUMN_TYPES, type DraftColumn } from '@macro/contract/databaselinks';
import { Checkbox, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowListInput } from '../../components/crud/RowListInput';

const BLANK: DraftColumn = { name: '', type: 'varchar', length: 100, scale: null, nullable: true, primaryKey: false, defaultValue: '', comment: '' };

/** The columns of a table design: a row each, added and removed with buttons. */
export function ColumnsInput(props: { id?: string; value?: DraftColumn[]; onChange?: (value: DraftColumn[]) => void; disabled?: boolean; testId: string }) {
  const { t } = useTranslation('databaselinks');
  const { disabled, testId } = props;
  const label = (key: string, index: number) => `${t(`design.${key}`)} ${index + 1}`;
  return (
    <RowListInput<DraftColumn>
      {...props}
      blank={() => BLANK}
      max={200}
      addLabel={t('design.addColumn')}
      removeLabel={(index) => label('removeColumn', index)}
      cells={({ row, index, change, firstId }) => (
        <>
          <Input
            id={firstId}
            value={row.name}
            placeholder={t('design.columnName')}
            aria-label={label('columnName', index)}
            disabled={disabled}
            onChange={(e) => change({ name: e.target.value.trim() })}
            style={{ width: 140 }}
            data-testid={`${testId}-name-${index}`}
          />
          <Select
            value={row.type}
            aria-label={label('type', index)}
            disabled={disabled}
            onChange={(type) =>
              change({ type, length: type === 'varchar' ? (row.length ?? 100) : type === 'decimal' ? 18 : null, scale: type === 'decimal' ? 2 : null })
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
            onChange={(length) => change({ length: length ?? null })}
            style={{ width: 90 }}
          />
          <InputNumber
            value={row.scale}
            placeholder={t('design.scale')}
            aria-label={label('scale', index)}
            disabled={disabled || row.type !== 'decimal'}
            onChange={(scale) => change({ scale: scale ?? null })}
            style={{ width: 80 }}
          />
          <Checkbox
            checked={row.primaryKey}
            disabled={disabled}
            onChange={(e) => change({ primaryKey: e.target.checked, nullable: e.target.checked ? false : row.nullable })}
          >
            {t('design.primaryKey')}
          </Checkbox>
          <Checkbox checked={row.nullable} disabled={disabled || row.primaryKey} onChange={(e) => change({ nullable: e.target.checked })}>
            {t('design.nullable')}
          </Checkbox>
          <Input
            value={row.defaultValue}
            placeholder={t('design.default')}
            aria-label={label('default', index)}
            disabled={disabled}
            onChange={(e) => change({ defaultValue: e.target.value })}
            style={{ width: 110 }}
          />
          <Input
            value={row.comment}
            placeholder={t('design.comment')}
            aria-label={label('comment', index)}
            disabled={disabled}
            onChange={(e) => change({ comment: e.target.value })}
            style={{ width: 140 }}
            data-testid={`${testId}-comment-${index}`}
          />
        </>
      )}
    />
  );
}
