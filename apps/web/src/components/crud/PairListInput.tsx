import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowListInput } from './RowListInput';

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
export function PairListInput<K extends string, L extends string>({ keys, placeholders, testId, ...list }: PairListInputProps<K, L>) {
  const { t } = useTranslation('common');
  return (
    <RowListInput<Record<K | L, string>>
      {...list}
      testId={testId}
      layout="compact"
      blank={() => ({ [keys[0]]: '', [keys[1]]: '' }) as Record<K | L, string>}
      addLabel={t('addRow')}
      removeLabel={(index) => t('removeRow', { n: index + 1 })}
      cells={({ row, index, change, firstId }) =>
        keys.map((key, k) => (
          <Input
            key={key}
            id={k === 0 ? firstId : undefined}
            value={row[key]}
            placeholder={placeholders[k]}
            aria-label={`${placeholders[k]} ${index + 1}`}
            disabled={list.disabled}
            onChange={(e) => change({ [key]: e.target.value } as Partial<Record<K | L, string>>)}
            data-testid={`${testId}-${index}-${key}`}
          />
        ))
      }
    />
  );
}
