import { expect, type Locator, type Page } from '@playwright/test';

/** A data-scope or API-scope screen: the menu tree on the left, the chosen menu's scopes on the right. */
export class ScopesPage {
  constructor(
    readonly page: Page,
    /** `data-scope` or `api-scope`. */
    readonly kind: 'data-scope' | 'api-scope',
  ) {}

  menus() {
    return this.page.getByTestId(`${this.kind}-menus`);
  }

  table() {
    return this.page.getByTestId(`${this.kind}-table`);
  }

  dialog() {
    return this.page.getByTestId(`${this.kind}-dialog`);
  }

  /** The row whose name cell reads exactly `name` (other specs add scopes to the same menus). */
  row(name: string) {
    return this.table()
      .locator('tbody tr.ant-table-row')
      .filter({ has: this.page.getByRole('cell', { name, exact: true }) });
  }

  field(name: string) {
    return this.dialog().getByTestId(`${this.kind}-field-${name}`);
  }

  async chooseMenu(title: string) {
    await this.menus().getByText(title, { exact: true }).click();
  }

  /** Picks an option of an antd select of the dialog. */
  async pick(name: string, option: string) {
    await this.selectOf(name).click();
    await this.page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  }

  selectOf(name: string): Locator {
    return this.dialog()
      .locator('.ant-select')
      .filter({ has: this.page.locator(`[id$="_${name}"]`) });
  }

  async save() {
    await this.dialog().getByTestId(`${this.kind}-dialog-save`).click();
  }

  async saved() {
    await expect(this.dialog()).toBeHidden();
  }
}
