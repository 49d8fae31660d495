import { useMemo, useState } from 'react';

/**
 * The add/edit/view dialog of a list screen. Each `open` gives the dialog a new `dialogKey`, so a
 * dialog rendered with `key={dialogKey}` starts from its state's values rather than the last ones.
 */
export function useKeyedDialog<State>() {
  const [dialog, setDialog] = useState<State | null>(null);
  const [dialogKey, setDialogKey] = useState(0);
  const open = (state: State) => {
    setDialogKey((key) => key + 1);
    setDialog(state);
  };
  return { dialog, dialogKey, open, close: () => setDialog(null) };
}

/**
 * What a create-or-edit dialog opened by useKeyedDialog keeps: the state it opened with (held
 * while it animates closed after the list let go of it), the record it opened on, and that
 * record's form values.
 */
export function useDialogRecord<S extends { record?: unknown }, V>(current: S | null, valuesOf: (record?: NonNullable<S['record']>) => V) {
  const [state] = useState(current);
  const record = state?.record as NonNullable<S['record']> | undefined;
  const initialValues = useMemo(() => valuesOf(record), [record, valuesOf]);
  return { state, record, initialValues };
}
