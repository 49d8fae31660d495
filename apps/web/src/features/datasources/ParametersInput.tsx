import { type DataSourceParameter, PARAMETER_TYPES } from '@macro/contract/datasources';
import { Checkbox, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowListInput } from '../../components/crud/RowListInput';

/** The `@name` parameters of a query: a row each with its name, label, type, whether required, and default. */
export function ParametersInput(props: {
  id?: string;
  value?: DataSourceParameter[];
  onChange?: (value: DataSourceParameter[]) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('datasources');
  const { disabled, testId } = props;
  const label = (key: string, index: number) => `${t(`parameter.${key}`)} ${index + 1}`;
  return (
    <RowListInput<DataSourceParameter>
      {...props}
      blank={() => ({ name: '', label: '', type: 'text', required: false, defaultValue: '' })}
      max={20}
      addLabel={t('parameter.add')}
      removeLabel={(index) => label('remove', index)}
      cells={({ row, index, change, firstId }) => (
        <>
          <Input
            id={firstId}
            value={row.name}
            prefix="@"
            placeholder={t('parameter.name')}
            aria-label={label('name', index)}
            disabled={disabled}
            onChange={(e) => change({ name: e.target.value.trim() })}
            style={{ width: 150 }}
            data-testid={`${testId}-name-${index}`}
          />
          <Input
            value={row.label}
            placeholder={t('parameter.label')}
            aria-label={label('label', index)}
            disabled={disabled}
            onChange={(e) => change({ label: e.target.value })}
            style={{ width: 120 }}
          />
          <Select
            value={row.type}
            aria-label={label('type', index)}
            disabled={disabled}
            onChange={(type) => change({ type })}
            options={PARAMETER_TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
            style={{ width: 100 }}
          />
          <Checkbox checked={row.required} disabled={disabled} onChange={(e) => change({ required: e.target.checked })}>
            {t('parameter.required')}
          </Checkbox>
          <Input
            value={row.defaultValue}
            placeholder={t('parameter.default')}
            aria-label={label('default', index)}
            disabled={disabled}
            onChange={(e) => change({ defaultValue: e.target.value })}
            style={{ width: 130 }}
            data-testid={`${testId}-default-${index}`}
          />
        </>
      )}
    />
  );
}
