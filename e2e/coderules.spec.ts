import { expect, type Page, test } from '@playwright/test';
import { signInAsAdmin, switchLanguage } from './pages/login.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { clickRowAction } from './support/rows.ts';
import { shot } from './support/screens.ts';

const stamp = Date.now().toString(36);

/** Today as the rule reads it (its default zone, Asia/Shanghai), yyyyMMdd. */
function today(): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  return ['year', 'month', 'day'].map((type) => parts.find((p) => p.type === type)!.value).join('');
}

const row = (page: Page, text: string) => page.getByTestId('code-rule-table').locator('tbody tr.ant-table-row').filter({ hasText: text });

/** Takes a number from the row's rule and closes the dialog that shows it; the number taken. */
async function takeNumber(page: Page, name: string, action = '取号'): Promise<string> {
  await clickRowAction(row(page, name), action);
  const taken = page.getByTestId('code-rule-taken');
  await expect(taken).toBeVisible();
  const code = (await taken.innerText()).trim();
  await page.locator('.ant-modal-confirm').getByRole('button').last().click();
  await expect(taken).toBeHidden();
  return code;
}

test('an administrator defines a numbering rule from a prefix, the day and a sequence, sees its preview change, and takes consecutive numbers from it', async ({
  page,
}) => {
  await signInAsAdmin(page, '/system/code-rules');
  await expect(page.getByTestId('code-rule-page')).toBeVisible();
  const name = `采购单号 ${stamp}`;
  const dialog = page.getByTestId('code-rule-dialog');
  const preview = dialog.getByTestId('code-rule-field-parts-preview');

  await page.getByTestId('code-rule-add').click();
  await expect(preview).toHaveText(`NO${today()}0001`);
  await dialog.getByTestId('code-rule-field-code').fill(`po_${stamp}`);
  await dialog.getByTestId('code-rule-field-name').fill(name);
  await dialog.getByTestId('code-rule-field-parts-text-0').fill('PO-');
  await expect(preview).toHaveText(`PO-${today()}0001`);
  // A separator between the day and the sequence, added at the end and moved up once.
  await dialog.getByTestId('code-rule-field-parts-add').click();
  await dialog.getByTestId('code-rule-field-parts-text-3').fill('-');
  await dialog.getByRole('button', { name: '上移第 4 个部件' }).click();
  await expect(preview).toHaveText(`PO-${today()}-0001`);
  await expectNoSeriousViolations(page, 'the code rule dialog');
  await shot(page, 'coderules-dialog-zh-1440');
  await dialog.getByTestId('code-rule-dialog-save').click();
  await expect(dialog).toBeHidden();

  const rule = row(page, name);
  await expect(rule).toContainText(`PO-${today()}-0001`);
  const first = await takeNumber(page, name);
  const second = await takeNumber(page, name);
  expect([first, second]).toEqual([`PO-${today()}-0001`, `PO-${today()}-0002`]);
  // The list shows the last sequence value taken today, and what the next number will be.
  await expect(rule.getByRole('cell', { name: '2', exact: true })).toBeVisible();
  await expect(rule).toContainText(`PO-${today()}-0003`);
  await expectNoSeriousViolations(page, 'the code rule list');
  await shot(page, 'coderules-list-zh-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the code rule list on a phone');
  await shot(page, 'coderules-list-zh-375');
  await page.setViewportSize({ width: 1440, height: 900 });

  // In English, the same rule and its parts read in English; the next number follows on.
  await switchLanguage(page, 'en');
  await clickRowAction(row(page, name), 'Edit');
  await expect(dialog.getByTestId('code-rule-field-parts-kind-3')).toContainText('Sequence');
  await expect(dialog.getByTestId('code-rule-field-parts-reset-3')).toContainText('Resets daily');
  await expect(preview).toHaveText(`PO-${today()}-0001`);
  await expect(dialog.getByTestId('code-rule-field-parts')).toContainText('Add part');
  await expectNoSeriousViolations(page, 'the code rule dialog in English');
  await shot(page, 'coderules-dialog-en-1440');
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  expect(await takeNumber(page, name, 'Take number')).toBe(`PO-${today()}-0003`);

  await switchLanguage(page, 'zh');

  // A form's auto-number field takes its numbers from the rule: two records, the next two numbers.
  const formCode = `e2e_no_${stamp}`;
  await page.goto('/workflow/forms');
  await page.getByTestId('form-add').click();
  const designer = page.getByTestId('form-designer');
  await designer.getByTestId('designer-name').fill(`采购申请 ${stamp}`);
  await designer.getByTestId('designer-code').fill(formCode);
  await designer.getByTestId('palette-autoNumber').click();
  await designer.getByTestId('prop-title').fill('单号');
  await designer.getByTestId('prop-code-rule').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).click();
  await expect(designer.getByTestId('prop-code-rule')).toContainText(name);
  await expectNoSeriousViolations(page, 'an auto-number field in the designer');
  await shot(page, 'coderules-form-field-zh-1440');
  await designer.getByTestId('palette-text').click();
  await designer.getByTestId('prop-title').fill('物品');
  await designer.getByTestId('designer-save').click();
  await expect(designer).toBeHidden();
  await clickRowAction(page.getByTestId('form-table').locator('tbody tr.ant-table-row').filter({ hasText: formCode }), '数据');
  const records = page.getByTestId('form-records');
  for (const item of ['打印纸', '墨盒']) {
    await records.getByTestId('record-add').click();
    const form = page.getByTestId('record-form');
    await expect(form.getByLabel('单号')).toHaveAttribute('placeholder', '保存后自动生成');
    await form.locator('#root_text2').fill(item);
    await page.getByTestId('record-save').click();
    await expect(records.getByTestId('record-table').locator('tbody tr.ant-table-row').filter({ hasText: item })).toBeVisible();
  }
  const table = records.getByTestId('record-table');
  await expect(table.locator('tbody tr.ant-table-row').filter({ hasText: '打印纸' })).toContainText(`PO-${today()}-0004`);
  await expect(table.locator('tbody tr.ant-table-row').filter({ hasText: '墨盒' })).toContainText(`PO-${today()}-0005`);
});
