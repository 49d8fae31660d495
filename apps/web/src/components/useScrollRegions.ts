import { type RefObject, useEffect } from 'react';

/** The boxes antd scrolls a table in. */
const TABLE_SCROLLERS = '.ant-table-content, .ant-table-body';

/**
 * Makes the boxes under `ref` that scroll (a table wider than a phone) reachable from the
 * keyboard while they do: a tab stop, with the region role and `label`, so the arrow keys
 * scroll it (WCAG 2.1.1; axe's scrollable-region-focusable). A box that fits gets no tab stop,
 * so nobody tabs through a stop that does nothing.
 */
export function useScrollRegions(ref: RefObject<HTMLElement | null>, label: string, selector = TABLE_SCROLLERS): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const update = () => {
      for (const box of root.querySelectorAll<HTMLElement>(selector)) {
        const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
        if (scrolls) {
          if (box.tabIndex !== 0) box.tabIndex = 0;
          if (box.getAttribute('role') !== 'region') box.setAttribute('role', 'region');
          if (box.getAttribute('aria-label') !== label) box.setAttribute('aria-label', label);
        } else if (box.hasAttribute('tabindex')) {
          box.removeAttribute('tabindex');
          box.removeAttribute('role');
          box.removeAttribute('aria-label');
        }
      }
    };
    update();
    // Rows arrive and the window turns: look again (attributes set here are not watched, so no loop).
    const mutations = new MutationObserver(update);
    mutations.observe(root, { childList: true, subtree: true });
    const resizes = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resizes?.observe(root);
    return () => {
      mutations.disconnect();
      resizes?.disconnect();
    };
  }, [ref, label, selector]);
}
