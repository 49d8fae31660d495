import { useState } from 'react';

/**
 * The items of a design (fields, widgets…) with the one chosen: change one by key (its key may
 * change too, and the choice follows it), remove one (and the choice with it), add one chosen.
 */
export function useDesignItems<T>(keyOf: (item: T) => string) {
  const [items, setItems] = useState<T[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  return {
    items,
    setItems,
    selected,
    setSelected,
    current: items.find((item) => keyOf(item) === selected),
    /** Puts `item` at `at` (default: the end) and chooses it. */
    add(item: T, at = items.length) {
      setItems([...items.slice(0, at), item, ...items.slice(at)]);
      setSelected(keyOf(item));
    },
    change(key: string, patch: Partial<T>) {
      let renamed: string | undefined;
      setItems(
        items.map((item) => {
          if (keyOf(item) !== key) return item;
          const next = { ...item, ...patch };
          renamed = keyOf(next);
          return next;
        }),
      );
      if (renamed !== undefined && renamed !== key && selected === key) setSelected(renamed);
    },
    remove(key: string) {
      setItems(items.filter((item) => keyOf(item) !== key));
      if (selected === key) setSelected(null);
    },
  };
}
