import { useState } from 'react';

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
