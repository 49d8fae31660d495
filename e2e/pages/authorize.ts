import { expect, type Locator, type Page } from '@playwright/test';

/** A grant dialog (data or app authorisation): a searchable tree of items under their groups. */
export class GrantDialog {
  constructor(
    readonly page: Page,
    /** `data-authorize-dialog` or `app-authorize-dialog`. */
    readonly testId: string,
  ) {}

  root() {
    return this.page.getByTestId(this.testId);
  }

  item(title: string): Locator {
    return this.root().getByTestId(`${this.testId}-tree`).locator('.ant-tree-treenode').filter({ hasText: title });
  }

  async tick(title: string) {
    await this.item(title).locator('.ant-tree-checkbox').click();
  }

  ticked(title: string) {
    return this.root().getByTestId(`${this.testId}-tree`).locator('.ant-tree-treenode-checkbox-checked').filter({ hasText: title });
  }

  async save() {
    await this.root().getByTestId(`${this.testId}-save`).click();
    await expect(this.root()).toBeHidden();
  }
}

/** The app function screen: list, the create/edit dialog, delete. */
export class AppFuncPage {
  constructor(readonly page: Page) {}

  table() {
    return this.page.getByTestId('app-func-table');
  }

  dialog() {
    return this.page.getByTestId('app-func-dialog');
  }

  row(text: string) {
    return this.table().locator('tbody tr.ant-table-row').filter({ hasText: text });
  }

  field(name: string) {
    return this.dialog().getByTestId(`app-func-field-${name}`);
  }

  async save() {
    await this.dialog().getByTestId('app-func-dialog-save').click();
  }
}
