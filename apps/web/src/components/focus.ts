import type { KeyboardEvent as ReactKeyboardEvent } from 'react';

/** What the Tab key stops on: enabled controls, links and anything with a non-negative tabindex, visible. */
const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]';

/** The elements under `root` that Tab visits, in document order. */
export function tabbables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden], [aria-hidden="true"], [inert]') && (el.checkVisibility?.({ visibilityProperty: true }) ?? true),
  );
}

/**
 * Keeps a floating panel (rendered at the end of the page) in the tab order right after the control that opened it:
 * Tab past its last stop moves on to the opener's next stop, Shift+Tab before its first returns to the opener; both
 * close it. Returns true when it handled the key.
 */
export function tabOutOfPanel(event: KeyboardEvent | ReactKeyboardEvent, panel: HTMLElement, opener: HTMLElement | null, close: () => void): boolean {
  if (event.key !== 'Tab' || !opener) return false;
  const stops = tabbables(panel);
  const edge = event.shiftKey ? stops[0] : stops.at(-1);
  if (stops.length > 0 && document.activeElement !== edge) return false;
  event.preventDefault();
  close();
  if (event.shiftKey) {
    opener.focus();
    return true;
  }
  const page = tabbables(document).filter((el) => !panel.contains(el));
  const next = page[page.indexOf(opener) + 1] ?? opener;
  next.focus();
  return true;
}
