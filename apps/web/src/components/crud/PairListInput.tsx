import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';

export interface PairListInputProps<K extends string, L extends string> {
  /** Set by Form.Item on the first input, so the field's label names it. */
  id?: string;
  value?: Record<K | L, string>[];
  onChange?: (value: Record<K | L, string>[]) => void;
  disabled?: boolean;
  /** The two keys of each row and their inputs' placeholders. */
  keys: [K, L];
  placeholders: [string, string];
  testId: string;
}

/** A list of pairs (a code and its name, a field and its label): a row each, added and removed with buttons. */
export function PairListInput<K extends string, L extends string>({
  id,
  value = [],
  onChange,
  disabled,
  keys: [first, second],
  placeholders,
  testId,
}: PairListInputProps<K, L>) {
  const { t } = useTranslation('common');
  const change = (index: number, key: K | L, text: string) => onChange?.(value.map((row, i) => (i === index ? { ...row, [key]: text } : row)));
  return (
    <div data-testid={testId}>
      {value.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while typed.
        <Space.Compact key={index} block style={{ marginBottom: 8 }}>
          <Input
            id={index === 0 ? id : undefined}
            value={row[first]}
            placeholder={placeholders[0]}
            aria-label={`${placeholders[0]} ${index + 1}`}
            disabled={disabled}
            onChange={(e) => change(index, first, e.target.value)}
            data-testid={`${testId}-${index}-${first}`}
          />
          <Input
            value={row[second]}
            placeholder={placeholders[1]}
            aria-label={`${placeholders[1]} ${index + 1}`}
            disabled={disabled}
            onChange={(e) => change(index, second, e.target.value)}
            data-testid={`${testId}-${index}-${second}`}
          />
          <Button
            icon={<DeleteOutlined />}
            disabled={disabled}
            aria-label={t('removeRow', { n: index + 1 })}
            onClick={() => onChange?.(value.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled}
        onClick={() => onChange?.([...value, { [first]: '', [second]: '' } as Record<K | L, string>])}
        data-testid={`${testId}-add`}
      >
        {t('addRow')}
      </Button>
    </div>
  );
}
