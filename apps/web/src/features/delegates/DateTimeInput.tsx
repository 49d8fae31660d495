import { DatePicker } from 'antd';
import dayjs from 'dayjs';

interface DateTimeInputProps {
  id?: string;
  /** An ISO 8601 moment, as the contract carries it. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  disabled?: boolean;
  placeholder?: string;
  testId?: string;
}

/** A date and time, picked in the browser's zone and kept as an ISO 8601 moment. */
export function DateTimeInput({ id, value, onChange, disabled, placeholder, testId }: DateTimeInputProps) {
  return (
    <DatePicker
      id={id}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      value={value ? dayjs(value) : null}
      onChange={(next) => onChange?.(next ? next.second(0).millisecond(0).toISOString() : undefined)}
      disabled={disabled}
      placeholder={placeholder}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
