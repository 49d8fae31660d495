import { clickRowAction } from '../support/rows.ts';
import { expect, type Locator, type Page } from '@playwright/test';

export interface UserValues {
  account?: string;
  name?: string;
  password?: string;
  password2?: string;
  realName?: string;
  mobile?: string;
  email?: string;
  qq?: string;
  birthday?: string;
}

const rowOf = (table: Locator, text: string) => table.locator('tbody tr.ant-table-row').filter({ hasText: text });

/** The user screen: department filter, user table, the user dialog and the grant dialog. */
export class UsersPage {
  constructor(readonly page: Page) {}

  table() {
    return this.page.getByTestId('user-table');
  }

  dialog() {
    return this.page.getByTestId('user-dialog');
  }

  row(text: string) {
    return rowOf(this.table(), text);
  }

  async fill(values: UserValues) {
    const dialog = this.dialog();
    for (const [field, value] of Object.entries(values)) {
      if (value !== undefined) await dialog.getByTestId(`user-field-${field}`).fill(value);
    }
  }

  async save() {
    await this.dialog().getByTestId('user-dialog-save').click();
  }

  async rowAction(text: string, action: string) {
    await clickRowAction(this.row(text), action);
  }

  /** Chooses roles in an open role picker by their titles. */
  async pickRoles(picker: Locator, titles: string[]) {
    await picker.click();
    for (const title of titles) {
      await this.page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: title }).first().click();
    }
    await this.page.keyboard.press('Escape');
    // Closed, not closing: while it closes, the picker still names an option of the list it removes.
    await expect(this.page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  }
}

/** The role screen: the role tree table and its dialogs. */
export class RolesPage {
  constructor(readonly page: Page) {}

  table() {
    return this.page.getByTestId('role-table');
  }

  dialog() {
    return this.page.getByTestId('role-dialog');
  }

  row(text: string) {
    return rowOf(this.table(), text);
  }

  async add(values: { name: string; alias: string; sort?: string }) {
    await this.page.getByTestId('role-add').click();
    await this.dialog().getByTestId('role-field-roleName').fill(values.name);
    await this.dialog().getByTestId('role-field-roleAlias').fill(values.alias);
    await this.dialog().getByTestId('role-dialog-save').click();
    await expect(this.dialog()).toBeHidden();
    await expect(this.row(values.alias)).toBeVisible();
  }

  async rowAction(text: string, action: string) {
    await clickRowAction(this.row(text), action);
  }

  /** Opens a row of the tree to show its sub-roles. */
  async expand(text: string) {
    await this.row(text).locator('.ant-table-row-expand-icon-collapsed').click();
  }
}
