import { DatePicker } from 'antd';
import dayjs from 'dayjs';

interface DateTimeInputProps {
  id?: string;
  /** An ISO 8601 moment, or with `dateOnly` a calendar date `YYYY-MM-DD`, as the contract carries it. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
  /** A day without a time (a purchase date): kept as `YYYY-MM-DD`. */
  dateOnly?: boolean;
  /** No day after today can be picked (a birthday). */
  notAfterToday?: boolean;
}

/** A date and time, picked in the browser's zone and kept as an ISO 8601 moment; or, with `dateOnly`, a calendar date. */
export function DateTimeInput({ id, value, onChange, disabled, placeholder, testId, dateOnly = false, notAfterToday = false }: DateTimeInputProps) {
  return (
    <DatePicker
      id={id}
      showTime={dateOnly ? false : { format: 'HH:mm' }}
      format={dateOnly ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm'}
      maxDate={notAfterToday ? dayjs().endOf('day') : undefined}
      value={value ? dayjs(value) : null}
      onChange={(next) => onChange?.(next ? (dateOnly ? next.format('YYYY-MM-DD') : next.second(0).millisecond(0).toISOString()) : dateOnly ? '' : undefined)}
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
