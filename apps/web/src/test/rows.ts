import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** The "more" button of a row's actions (RowActions.tsx). */
const MORE = /更多操作/;

/** The open "more" menu (antd keeps a closed one in the document, hidden). */
function openMenu(): HTMLElement | null {
  return document.querySelector<HTMLElement>('.ant-dropdown:not(.ant-dropdown-hidden) [role="menu"]');
}

async function findOpenMenu(): Promise<HTMLElement> {
  let menu: HTMLElement | null = null;
  await waitFor(() => {
    menu = openMenu();
    expect(menu).not.toBeNull();
  });
  return menu!;
}

/** Every action a row offers, standing or under "more", by label; the menu is closed again. */
export async function rowActionNames(user: UserEvent, row: HTMLElement): Promise<string[]> {
  const buttons = within(row)
    .queryAllByRole('button')
    .filter((b) => b.closest('.crud-row-actions'));
  const standing = buttons.filter((b) => !MORE.test(b.getAttribute('aria-label') ?? '')).map((b) => b.textContent?.trim() ?? '');
  const more = buttons.find((b) => MORE.test(b.getAttribute('aria-label') ?? ''));
  if (!more) return standing;
  await user.click(more);
  const menu = await findOpenMenu();
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent?.trim() ?? '');
  // The trigger closes its menu again.
  await user.click(more);
  await waitFor(() => expect(openMenu()).toBeNull());
  return [...standing, ...items];
}

/** Clicks a row's action by its label: a standing link, or else "more" and the entry in its menu. */
export async function clickRowAction(user: UserEvent, row: HTMLElement, name: string) {
  const standing = within(row).queryByRole('button', { name });
  if (standing) return user.click(standing);
  await user.click(within(row).getByRole('button', { name: MORE }));
  const menu = await findOpenMenu();
  await user.click(within(menu).getByRole('menuitem', { name }));
}
