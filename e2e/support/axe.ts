import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Runs axe (WCAG 2 A/AA) on the page as it is and fails on any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  // antd's opening animations fade colours in; measure contrast once they are done.
  await expect(page.locator('[class*="-appear-active"], [class*="-enter-active"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
  expect(serious, `axe on ${screen}`).toEqual([]);
}
