import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

/** What a row's cells are given: the row's place, a change to it, and the id its first input takes. */
export interface RowCell<T> {
  row: T;
  index: number;
  /** Changes the fields named in `patch` in this row. */
  change: (patch: Partial<T>) => void;
  /** The form item's id on the first row's first input (so the field's label names it), else undefined. */
  firstId?: string;
}

export interface RowListInputProps<T> {
  /** Set by Form.Item. */
  id?: string;
  value?: T[];
  onChange?: (value: T[]) => void;
  disabled?: boolean;
  testId: string;
  /** A new row, as the add button appends it. */
  blank: () => T;
  /** The cells of one row, before its remove button. */
  cells: (cell: RowCell<T>) => ReactNode;
  /** The add button's words, and the remove button's accessible name for row `index`. */
  addLabel: string;
  removeLabel: (index: number) => string;
  /** How many rows at the most (the add button is off after it). */
  max?: number;
  /** Where the order of the rows matters: buttons moving row `index` up and down, with these accessible names. */
  moveLabels?: { up: (index: number) => string; down: (index: number) => string };
  /** Rows of a few inputs side by side (compact), or many wrapped over lines. */
  layout?: 'compact' | 'wrap';
}

/**
 * An ordered list of rows edited in place — table columns, query parameters, code and name pairs —,
 * each with a remove button, and an add button below. The rows have no identity while typed, so
 * they are keyed by place.
 */
export function RowListInput<T>({
  id,
  value = [],
  onChange,
  disabled,
  testId,
  blank,
  cells,
  addLabel,
  removeLabel,
  max,
  moveLabels,
  layout = 'wrap',
}: RowListInputProps<T>) {
  const change = (index: number, patch: Partial<T>) => onChange?.(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const remove = (index: number) => onChange?.(value.filter((_, i) => i !== index));
  const move = (index: number, to: number) => {
    const moved = [...value];
    [moved[index], moved[to]] = [moved[to], moved[index]];
    onChange?.(moved);
  };
  return (
    <div data-testid={testId}>
      {value.map((row, index) => {
        const content = (
          <>
            {cells({ row, index, change: (patch) => change(index, patch), firstId: index === 0 ? id : undefined })}
            {moveLabels ? (
              <>
                <Button
                  icon={<ArrowUpOutlined />}
                  aria-label={moveLabels.up(index)}
                  disabled={disabled || index === 0}
                  onClick={() => move(index, index - 1)}
                />
                <Button
                  icon={<ArrowDownOutlined />}
                  aria-label={moveLabels.down(index)}
                  disabled={disabled || index === value.length - 1}
                  onClick={() => move(index, index + 1)}
                />
              </>
            ) : null}
            <Button icon={<DeleteOutlined />} aria-label={removeLabel(index)} disabled={disabled} onClick={() => remove(index)} />
          </>
        );
        return layout === 'compact' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while typed.
          <Space.Compact key={index} block style={{ marginBottom: 8 }}>
            {content}
          </Space.Compact>
        ) : (
          // A row of its own however narrow its cells: flex, not Space's inline-flex.
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own while typed.
          <Space key={index} wrap style={{ display: 'flex', marginBottom: 8 }}>
            {content}
          </Space>
        );
      })}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        disabled={disabled || (max !== undefined && value.length >= max)}
        onClick={() => onChange?.([...value, blank()])}
        data-testid={`${testId}-add`}
      >
        {addLabel}
      </Button>
    </div>
  );
}
