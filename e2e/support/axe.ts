import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';

const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The serious and critical WCAG 2 A/AA violations axe finds on the page as it is, one line each.
 * axe-core is put into the page once per document and run there; a page reached by the console's
 * own navigation keeps it, so a walk over many screens does not load it again for each.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // antd's opening animations fade colours in, and a closing dropdown still names options it is
  // taking away: measure once both are done.
  await expect(page.locator('[class*="-appear-active"], [class*="-enter-active"], [class*="-leave-active"]')).toHaveCount(0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const { violations } = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      }),
    WCAG_A_AA,
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 5)
          .join(' | ')}`,
    );
}

/** Runs axe (WCAG 2 A/AA) on the page as it is and fails on any serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, screen: string) {
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}
