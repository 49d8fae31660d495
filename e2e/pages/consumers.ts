import { clickRowAction } from '../support/rows.ts';
import type { Page } from '@playwright/test';

export interface ConsumerValues {
  account?: string;
  name?: string;
  mobile?: string;
  email?: string;
  remark?: string;
}

/** The consumer user screen: search form, table and the consumer dialog. */
export class ConsumersPage {
  constructor(readonly page: Page) {}

  table() {
    return this.page.getByTestId('consumer-table');
  }

  dialog() {
    return this.page.getByTestId('consumer-dialog');
  }

  row(text: string) {
    return this.table().locator('tbody tr.ant-table-row').filter({ hasText: text });
  }

  async fill(values: ConsumerValues) {
    for (const [field, value] of Object.entries(values)) {
      if (value !== undefined) await this.dialog().getByTestId(`consumer-field-${field}`).fill(value);
    }
  }

  async save() {
    await this.dialog().getByTestId('consumer-dialog-save').click();
  }

  async rowAction(text: string, action: string) {
    await clickRowAction(this.row(text), action);
  }
}
