import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical WCAG 2 A/AA violations axe finds on the page as it is, one line each. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // antd's opening animations fade colours in; measure contrast once they are done.
  await expect(page.locator('[class*="-appear-active"], [class*="-enter-active"]')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_A_AA).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(' | ')}`);
}

/** Runs axe (WCAG 2 A/AA) on the page as it is and fails on any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}
