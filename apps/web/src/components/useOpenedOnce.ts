import { useState } from 'react';

/**
 * A dialog or drawer whose code loads the first time it opens: `mounted` turns true then and
 * stays true, so the dialog keeps its state and can animate closed; `open` follows show/hide.
 */
export function useOpenedOnce() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  return {
    open,
    mounted,
    show: () => {
      setMounted(true);
      setOpen(true);
    },
    hide: () => setOpen(false),
  };
}
