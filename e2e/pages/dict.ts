import { clickRowAction } from '../support/rows.ts';
import { expect, type Locator, type Page } from '@playwright/test';

export interface DictValues {
  code?: string;
  key?: string;
  name?: string;
  sort?: string;
}

/** The dictionary screen: parent table, child tree table and the shared dialog. */
export class DictPage {
  constructor(readonly page: Page) {}

  parents() {
    return this.page.getByTestId('dict-parent-table');
  }

  children() {
    return this.page.getByTestId('dict-child-table');
  }

  dialog() {
    return this.page.getByTestId('dict-dialog');
  }

  row(table: Locator, text: string) {
    return table.locator('tbody tr.ant-table-row').filter({ hasText: text });
  }

  async fill(values: DictValues) {
    const dialog = this.dialog();
    if (values.code !== undefined) await dialog.getByTestId('dict-field-code').fill(values.code);
    if (values.key !== undefined) await dialog.getByTestId('dict-field-dictKey').fill(values.key);
    if (values.name !== undefined) await dialog.getByTestId('dict-field-dictValue').fill(values.name);
    if (values.sort !== undefined) await dialog.locator('input[data-testid="dict-field-sort"], [data-testid="dict-field-sort"] input').fill(values.sort);
  }

  async save() {
    await this.dialog().getByTestId('dict-dialog-save').click();
  }

  async addParent(values: DictValues) {
    await this.page.getByTestId('dict-parent-add').click();
    await this.fill(values);
    await this.save();
    await expect(this.dialog()).toBeHidden();
    await expect(this.row(this.parents(), values.code!)).toBeVisible();
  }

  async select(code: string) {
    await this.row(this.parents(), code).locator('td').nth(2).click();
  }

  async rowAction(table: Locator, text: string, action: string) {
    await clickRowAction(this.row(table, text), action);
  }

  /** Confirms throwing away a dialog's unsaved changes. */
  async discard() {
    await this.page.getByTestId('dict-dialog-discard').click();
  }

  async confirmRemove() {
    await this.page.getByTestId('dict-remove-confirm').click();
  }
}
