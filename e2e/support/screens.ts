import type { Locator, Page } from '@playwright/test';

/** Where the pictures of the screens the browser tests pass through are kept. */
export const SCREENS = 'e2e/artifacts/screens';

type Options = { path: string; fullPage?: boolean; animations?: 'disabled' | 'allow' };

/**
 * Keeps a picture of the page, or of one element, as the test sees it — when `E2E_SHOTS` is set
 * (`E2E_SHOTS=1 npm run e2e`, docs/testing.md). A person reviewing screens asks for them; a plain
 * run draws no picture nobody opens. A failing test's own screenshot is kept either way
 * (playwright.config.ts).
 */
export async function screenshot(target: Page | Locator, options: Options): Promise<void> {
  if (!process.env.E2E_SHOTS) return;
  await target.screenshot({ animations: 'disabled', ...options });
}

/** `screenshot` of the page under SCREENS, by name. */
export const shot = (page: Page, name: string, options: Omit<Options, 'path'> = {}) => screenshot(page, { path: `${SCREENS}/${name}.png`, ...options });
