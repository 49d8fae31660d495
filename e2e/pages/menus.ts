import type { Page } from '@playwright/test';

/** The menu screen (菜单管理): the tree table of menus and buttons, and its dialog. */
export class MenusPage {
  constructor(readonly page: Page) {}

  table() {
    return this.page.getByTestId('menu-table');
  }

  dialog() {
    return this.page.getByTestId('menu-dialog');
  }

  row(name: string) {
    return this.table().locator('tbody tr.ant-table-row').filter({ hasText: name });
  }

  /** Opens a row's level (its expander). */
  async expand(name: string) {
    await this.row(name).first().locator('.ant-table-row-expand-icon-collapsed').click();
  }

  async chooseOption(testId: string, option: string) {
    await this.page.getByTestId(testId).click();
    await this.page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
  }
}
