import { expect, type Locator } from '@playwright/test';

/** The "more" button of a row's actions (its accessible name says "more actions for …"). */
const MORE = /更多操作|More actions|その他の操作/;

/**
 * Clicks a row's action by its label, as a person would: a standing link, or else "more" and the
 * entry in its menu (a list shows at most three actions in a row, RowActions.tsx).
 */
export async function clickRowAction(row: Locator, name: string | RegExp) {
  const target = row.first();
  await expect(target).toBeVisible();
  const standing = target.getByRole('button', { name, exact: typeof name === 'string' });
  if (await standing.count()) return standing.first().click();
  await target.getByRole('button', { name: MORE }).click();
  const menu = target.page().locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await menu.getByRole('menuitem', { name, exact: typeof name === 'string' }).click();
}

/** Every action a row offers, standing or under "more", by label. */
export async function rowActionNames(row: Locator): Promise<string[]> {
  const target = row.first();
  await expect(target).toBeVisible();
  const cell = target.locator('.crud-row-actions');
  // The standing links: every button but "more" (the class RowActions gives it).
  const names = (await cell.locator('button:not(.crud-row-more)').allInnerTexts()).map((text) => text.trim());
  const more = cell.getByRole('button', { name: MORE });
  if (!(await more.count())) return names;
  await more.click();
  const menu = target.page().locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  const items = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  // The trigger closes its menu again.
  await more.click();
  await expect(menu).toHaveCount(0);
  return [...names, ...items];
}
