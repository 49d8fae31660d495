import { expect, type Page } from '@playwright/test';

/** What has the keyboard focus, in words a failure message can show. */
export function describeFocus(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    return [el.tagName, el.dataset.testid ?? '', el.getAttribute('role') ?? '', (el.textContent ?? '').trim().slice(0, 40)].join(' ');
  });
}

/** Presses Tab (or Shift+Tab) until the focused element matches, as a keyboard user would. */
export async function tabTo(page: Page, matches: (focus: string) => boolean, { back = false, max = 60 } = {}) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const focus = await describeFocus(page);
    if (matches(focus)) return;
    seen.push(focus);
  }
  expect(seen, 'never reached the wanted element with the keyboard').toEqual(['(the wanted element)']);
}
