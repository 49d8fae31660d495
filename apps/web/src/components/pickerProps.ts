/** What a picker of several records by id takes, inside a Form.Item or on its own. */
export interface IdsPickerProps {
  /** Set by Form.Item, so the field's label names this input. */
  id?: string;
  value?: number[];
  onChange?: (value: number[]) => void;
  disabled?: boolean;
  testId: string;
  placeholder?: string;
}
