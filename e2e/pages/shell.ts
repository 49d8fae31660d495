import { expect, type Page } from '@playwright/test';
import { forgetAdminSession } from './login.ts';

/** Sidebar, top bar and user menu around every signed-in page. */
export class Shell {
  constructor(readonly page: Page) {}

  sidebar() {
    return this.page.getByTestId('sidebar');
  }

  async openMenu(folder: string, item: string) {
    const menu = this.page.getByTestId('side-menu');
    const link = menu.getByRole('menuitem', { name: item });
    // After a resize the sider may still be animating open, closing its folders as it goes:
    // open the folder again until the item takes the click.
    await expect(async () => {
      if (!(await link.isVisible())) await menu.getByText(folder, { exact: true }).click({ timeout: 3_000 });
      await link.click({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  }

  /**
   * Reloads the current page with the tab strip's refresh and waits until the reloaded page is
   * the one shown: the view is remounted under a new key 100 ms after the click (ShellLayout.tsx),
   * so a row found before then may be the old list's. The old view's elements are marked first;
   * the remounted view is the one without the mark.
   */
  async refresh() {
    const mark = '__beforeRefresh';
    await this.page.evaluate((key) => {
      Array.from(document.querySelectorAll('#main-content > *'), (view) => Object.assign(view, { [key]: true }));
    }, mark);
    await this.page.getByTestId('tabs-refresh').click();
    await this.page.waitForFunction((key) => Array.from(document.querySelectorAll('#main-content > *')).some((view) => !(key in view)), mark);
  }

  async signOut() {
    forgetAdminSession();
    await this.page.getByTestId('user-menu').click();
    await this.page.getByTestId('logout').click();
    const confirm = this.page.getByTestId('logout-confirm');
    // Under load the first click can land before the confirmation takes it: click until it goes.
    await expect(async () => {
      if (await confirm.isVisible()) await confirm.click({ timeout: 3_000 });
      await expect(this.page).toHaveURL(/\/login$/, { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  }
}
