import { expect, type Locator, type Page } from '@playwright/test';

export type PrintStyle = 'default' | 'underline' | 'official';

/** A task page's print preview, opened from its print button. */
export async function openPrintPreview(page: Page, taskPage: Locator): Promise<{ print: Locator; area: Locator }> {
  await taskPage.getByTestId('task-print').click();
  const print = page.getByTestId('print-preview');
  return { print, area: print.getByTestId('print-area') };
}

/** Chooses each style by its label (in the page's language), checks the document took it, and shoots it. */
export async function printInEachStyle(page: Page, print: Locator, labels: Record<PrintStyle, string>, shotOf: (style: PrintStyle) => string) {
  const area = print.getByTestId('print-area');
  for (const style of ['default', 'underline', 'official'] as const) {
    await print.getByTestId('print-style').getByText(labels[style], { exact: true }).click();
    await expect(area).toHaveClass(new RegExp(`print-${style}`));
    await page.screenshot({ path: `e2e/artifacts/screens/${shotOf(style)}.png`, animations: 'disabled' });
  }
}
