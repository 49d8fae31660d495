import type { Page } from '@playwright/test';

/** The organisation screen: company tree, department tree table and their dialogs. */
export class OrgPage {
  constructor(readonly page: Page) {}

  tree() {
    return this.page.getByTestId('company-tree');
  }

  depts() {
    return this.page.getByTestId('dept-table');
  }

  companyDialog() {
    return this.page.getByTestId('company-dialog');
  }

  deptDialog() {
    return this.page.getByTestId('dept-dialog');
  }

  company(name: string) {
    return this.tree().getByText(name, { exact: true });
  }

  deptRow(name: string) {
    return this.depts().locator('tbody tr.ant-table-row').filter({ hasText: name });
  }

  async chooseOption(testId: string, option: string) {
    await this.page.getByTestId(testId).click();
    await this.page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
  }
}
