import { expect, type Locator, type Page, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { openPrintPreview, printInEachStyle } from './pages/print.ts';
import { Shell } from './pages/shell.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

const stamp = Date.now().toString(36);
const code = `e2e_form_${stamp}`;

/** A template whose start node and approval node bind the form `code`; the administrator approves. */
const bpmn = (adminId: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${code}" targetNamespace="http://macro.console/e2e">
  <bpmn:process id="${code}" name="采购申请" isExecutable="true">
    <bpmn:startEvent id="start"><bpmn:extensionElements><macro:node><macro:form formKey="${code}"/></macro:node></bpmn:extensionElements></bpmn:startEvent>
    <bpmn:userTask id="review" name="采购审核"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${adminId}"/><macro:form formKey="${code}"><macro:field name="mobile" permission="readonly"/></macro:form></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"/>
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/** Drags with the pointer in small steps, as a hand does (the designer starts a drag after a few pixels). */
async function dragOnto(page: Page, source: Locator, target: Locator) {
  const from = (await source.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 20, { steps: 15 });
  await page.mouse.up();
}

/** Chooses a field on the designer's canvas by its name. */
const chooseField = (page: Page, name: string) => page.getByTestId(`canvas-${name}`).locator('.designer-field-body').click();

test('an administrator designs a form with rules, previews it, saves versions; a process started with it checks the data and the approver sees the node’s permissions', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signInAsAdmin(page);
  await new Shell(page).openMenu('流程中心', '表单设计');
  await expect(page).toHaveURL(/\/workflow\/forms$/);

  await page.getByTestId('form-add').click();
  const designer = page.getByTestId('form-designer');
  await designer.getByTestId('designer-name').fill('采购申请单');
  await designer.getByTestId('designer-code').fill(code);
  // Fields are added with a click (or Enter) on the palette, or dragged onto the canvas.
  await designer.getByTestId('palette-text').click();
  await designer.getByTestId('prop-name').fill('mobile');
  await designer.getByTestId('prop-name').blur();
  await designer.getByTestId('prop-title').fill('联系电话');
  await designer.getByTestId('prop-format').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '手机号' }).click();
  await designer.getByTestId('palette-number').click();
  await designer.getByTestId('prop-name').fill('amount');
  await designer.getByTestId('prop-name').blur();
  await designer.getByTestId('prop-title').fill('金额');
  await designer.getByTestId('prop-required').click();
  await designer.getByTestId('prop-minimum').fill('1');
  await designer.getByTestId('prop-maximum').fill('5000');
  await dragOnto(page, designer.getByTestId('palette-date'), designer.getByTestId('designer-canvas'));
  await expect(designer.getByTestId('designer-canvas').locator('.designer-field')).toHaveCount(3);
  await designer.getByTestId('palette-select').press('Enter');
  await expect(designer.getByTestId('designer-canvas').locator('.designer-field')).toHaveCount(4);
  await designer.getByTestId('prop-title').fill('供应商性质');
  await designer.getByRole('combobox', { name: '选项来源' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '数据字典' }).click();
  await designer.getByTestId('prop-dictionary').fill('CompanyNature');
  await expectNoSeriousViolations(page, 'the form designer');
  await shot(page, 'forms-designer-zh-1440');

  // The preview checks sample data with the rules the server applies.
  await designer.getByRole('tab', { name: '预览' }).click();
  const preview = designer.getByTestId('designer-preview');
  await preview.locator('#root_mobile').fill('12345');
  await designer.getByTestId('designer-check').click();
  await expect(preview).toContainText('请输入正确的手机号码');
  await expect(preview).toContainText('请填写金额');
  await preview.locator('#root_mobile').fill('13800138000');
  await preview.locator('#root_amount').fill('120');
  await preview.locator('#root_select4').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '民营企业' }).click();
  await designer.getByTestId('designer-check').click();
  await expect(page.getByText('数据符合表单规则')).toBeVisible();
  await shot(page, 'forms-preview-zh-1440');
  await designer.getByTestId('designer-save').click();
  await expect(designer).toBeHidden();
  const row = page.getByTestId('form-table').locator('tbody tr.ant-table-row').filter({ hasText: code });
  await expect(row).toContainText('采购申请单');
  await expect(row).toContainText('已启用');

  // A changed design is the next version; the history shows both.
  await clickRowAction(row, '设计');
  await chooseField(page, 'amount');
  await expect(designer.getByTestId('prop-maximum')).toHaveValue('5000');
  await designer.getByTestId('prop-maximum').fill('8000');
  await designer.getByTestId('designer-save').click();
  await expect(designer).toBeHidden();
  await clickRowAction(row, '历史版本');
  const history = page.getByTestId('form-history');
  await expect(history.locator('tbody tr')).toHaveCount(2);
  await history.getByTestId('form-version-1').click();
  await expect(history.getByTestId('form-version-view')).toContainText('金额');
  await page.keyboard.press('Escape');
  await expectNoSeriousViolations(page, 'the form list');
  await shot(page, 'forms-zh-1440');

  await switchLanguage(page, 'en');
  await expect(page.getByTestId('form-page')).toContainText('Form designer');
  await clickRowAction(row, 'Design');
  await expect(designer.getByTestId('designer-palette')).toContainText('Drop-down');
  await shot(page, 'forms-designer-en-1440');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the form list on a phone');
  await shot(page, 'forms-en-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'zh');

  // A template binds the form: starting checks the data, the approver sees them with the node's permissions.
  const api = await adminApi(request);
  await api.post('/api/macro-flow/model-scheme-info/new-model', { name: '采购申请', code, category: 'general', xml: bpmn(api.userId) });
  await new Shell(page).openMenu('流程中心', '我的任务');
  await page.getByTestId('todo-launch').click();
  const launch = page.getByTestId('launch-dialog');
  await page.getByTestId('launch-template').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '采购申请' }).click();
  await page.getByTestId('launch-title').fill(`采购 ${stamp}`);
  const form = launch.getByTestId('launch-form');
  await form.locator('#root_mobile').fill('13800138000');
  await page.getByTestId('launch-ok').click();
  await expect(form).toContainText('请填写金额');
  await form.locator('#root_amount').fill('300');
  await expectNoSeriousViolations(page, 'the start dialog with a form');
  await shot(page, 'forms-launch-zh-1440');
  await page.getByTestId('launch-ok').click();
  await expect(launch).toBeHidden();

  const task = page
    .getByTestId('todo-table')
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: `采购 ${stamp}` });
  await clickRowAction(task, '办理');
  const taskPage = page.getByTestId('task-page');
  const bound = taskPage.getByTestId('task-bound-form');
  await expect(bound.locator('#root_amount')).toHaveValue('300');
  // The node makes the phone number read-only.
  await expect(bound.locator('#root_mobile')).toBeDisabled();
  await bound.locator('#root_amount').fill('350');
  await expectNoSeriousViolations(page, 'the task page with its form');
  await shot(page, 'forms-task-zh-1440');
  // The diagram marks where the process stands: the start done, the review current.
  const diagram = taskPage.getByTestId('process-diagram');
  await expect(diagram.locator('.djs-element[data-element-id="review"]')).toHaveClass(/diagram-current/);
  await expect(diagram.locator('.djs-element[data-element-id="start"]')).toHaveClass(/diagram-done/);
  await diagram.scrollIntoViewIfNeeded();
  await shot(page, 'forms-task-diagram-zh-1440');

  // Print preview in the three styles, with the form's titles and the approval record.
  const { print, area } = await openPrintPreview(page, taskPage);
  await expect(area).toContainText('金额');
  await expect(area).toContainText('300');
  await expect(area).toContainText('提交');
  await printInEachStyle(page, print, { default: '默认', underline: '下划线', official: '公文' }, (style) => `forms-print-${style}-zh-1440`);
  await expect(area).toContainText('审批文件');
  await expectNoSeriousViolations(page, 'the print preview');
  // What the printer gets: the document alone, the console hidden.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('task-approve')).toBeHidden();
  await expect(area).toBeVisible();
  await shot(page, 'forms-print-official-media-print');
  await page.emulateMedia({ media: 'screen' });
  await page.keyboard.press('Escape');
  await expect(print).toBeHidden();

  await taskPage.getByTestId('task-approve').click();
  await expect(taskPage).toBeHidden();
  await expect(task).toHaveCount(0);
});

test('a form that keeps its data in a table of its own: designed, saved, records added and changed through it', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await new Shell(page).openMenu('流程中心', '表单设计');
  await page.getByTestId('form-add').click();
  const designer = page.getByTestId('form-designer');
  await designer.getByTestId('designer-name').fill('出差登记');
  await designer.getByTestId('designer-code').fill(`${code}_t`);
  await designer.getByTestId('designer-storage').getByText('独立数据表').click();
  await designer.getByTestId('designer-table').fill('Bad Name');
  await designer.getByTestId('designer-save').click();
  await expect(designer).toContainText('数据表名须以小写字母开头');
  await designer.getByTestId('designer-table').fill(`trip_${stamp}`);
  await designer.getByTestId('palette-text').click();
  await designer.getByTestId('prop-name').fill('city');
  await designer.getByTestId('prop-name').blur();
  await designer.getByTestId('prop-title').fill('城市');
  await designer.getByTestId('prop-required').click();
  await designer.getByTestId('palette-integer').click();
  await designer.getByTestId('prop-name').fill('days');
  await designer.getByTestId('prop-name').blur();
  await designer.getByTestId('prop-title').fill('天数');
  await designer.getByTestId('prop-minimum').fill('1');
  await designer.getByTestId('palette-file').click();
  await designer.getByTestId('prop-name').fill('tickets');
  await designer.getByTestId('prop-name').blur();
  await designer.getByTestId('prop-title').fill('票据');
  await designer.getByTestId('prop-max-files').fill('2');
  await shot(page, 'forms-table-designer-zh-1440');
  await designer.getByTestId('designer-save').click();
  await expect(designer).toBeHidden();
  const row = page
    .getByTestId('form-table')
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: `${code}_t` });
  await expect(row).toContainText(`trip_${stamp}`);

  await clickRowAction(row, '数据');
  const records = page.getByTestId('form-records');
  await records.getByTestId('record-add').click();
  const form = page.getByTestId('record-form');
  await page.getByTestId('record-save').click();
  await expect(form).toContainText('请填写城市');
  await form.locator('#root_city').fill('杭州');
  await form.locator('#root_days').fill('3');
  // Files upload as they are chosen; a type the platform does not take is refused at once.
  const files = form.getByTestId('annexes-root_tickets');
  await files.locator('input[type=file]').setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(page.getByText('只能上传 PDF、图片、Office 文档、文本、CSV 或 ZIP 文件')).toBeVisible();
  await files.locator('input[type=file]').setInputFiles({ name: '车票.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(files.getByRole('link', { name: '车票.pdf' })).toBeVisible();
  await expectNoSeriousViolations(page, 'a form with a file field');
  await shot(page, 'forms-table-record-files-zh-1440');
  await page.getByTestId('record-save').click();
  await expect(page.getByText('记录已保存')).toBeVisible();
  const line = records.getByTestId('record-table').locator('tbody tr.ant-table-row');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('杭州');
  await expect(line).toContainText('3');
  await clickRowAction(line, '编辑');
  await expect(form.locator('#root_city')).toHaveValue('杭州');
  // The saved file downloads as it was uploaded.
  const download = page.waitForEvent('download');
  await form.getByRole('link', { name: '车票.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('车票.pdf');
  await form.locator('#root_days').fill('5');
  await page.getByTestId('record-save').click();
  await expect(line).toContainText('5');
  await expect(line).toHaveCount(1);
  await expectNoSeriousViolations(page, 'the records of a table form');
  await shot(page, 'forms-table-records-zh-1440');
  await page.keyboard.press('Escape');
  await expect(records).toBeHidden();
  await switchLanguage(page, 'en');
  await clickRowAction(row, 'Data');
  await expect(records).toContainText('Add record');
  await expect(records.getByTestId('record-table')).toContainText('杭州');
  await shot(page, 'forms-table-records-en-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the records of a table form on a phone');
  await shot(page, 'forms-table-records-en-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'zh');

  // A list page over the form shows the chosen fields of its records.
  await page.getByRole('tab', { name: '列表页' }).click();
  await page.getByTestId('relation-add').click();
  const dialog = page.getByTestId('relation-dialog');
  await dialog.getByTestId('relation-field-name').fill(`出差城市 ${stamp}`);
  await dialog.getByTestId('relation-field-schemeId').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '出差登记' }).first().click();
  await dialog.getByTestId('relation-field-columns').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '城市' }).click();
  await page.keyboard.press('Escape');
  await expectNoSeriousViolations(page, 'the list page dialog');
  await page.getByTestId('relation-dialog-save').click();
  await expect(dialog).toBeHidden();
  const relation = page
    .getByTestId('relation-table')
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: `出差城市 ${stamp}` });
  await expect(relation).toContainText('city');
  await clickRowAction(relation, '打开');
  await expect(records).toContainText(`「出差城市 ${stamp}」的数据`);
  await expect(records.getByTestId('record-table').locator('thead')).toContainText('城市');
  await expect(records.getByTestId('record-table').locator('thead')).not.toContainText('天数');
  await expect(records.getByTestId('record-table')).toContainText('杭州');
  await shot(page, 'forms-relation-records-zh-1440');

  // A record on a page of its own: shown read-only, changed, and a new one added from its address.
  await records.getByTestId('record-table').getByRole('link', { name: '查看' }).click();
  const recordPage = page.getByTestId('record-page');
  await expect(recordPage).toContainText('出差登记');
  await expect(recordPage.getByTestId('record-form').locator('#root_city')).toHaveValue('杭州');
  await expect(recordPage.getByTestId('record-form').locator('#root_city')).not.toBeEditable();
  await expect(recordPage).toContainText('填写人');
  await shot(page, 'forms-record-detail-zh-1440');
  await recordPage.getByTestId('record-edit').click();
  await expect(page).toHaveURL(/\/detail\/create\?F_FormId=\d+&id=[0-9a-f-]{36}$/);
  await expect(page.getByTestId('tab-strip').locator('[aria-current="page"]')).toContainText('编辑');
  await recordPage.getByTestId('record-form').locator('#root_days').fill('7');
  await recordPage.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/form-detail\/index\?F_FormId=\d+&primaryKey=/);
  await expect(recordPage.getByTestId('record-form').locator('#root_days')).toHaveValue('7');
  const formId = new URL(page.url()).searchParams.get('F_FormId');
  await page.goto(`/detail/create?F_FormId=${formId}`);
  await expect(page.getByTestId('tab-strip').locator('[aria-current="page"]')).toContainText('新增');
  await recordPage.getByTestId('record-save').click();
  await expect(recordPage).toContainText('请填写城市');
  await recordPage.getByTestId('record-form').locator('#root_city').fill('上海');
  await recordPage.getByTestId('record-save').click();
  await expect(page).toHaveURL(/\/form-detail\/index\?/);
  await expect(recordPage.getByTestId('record-form').locator('#root_city')).toHaveValue('上海');
  await expectNoSeriousViolations(page, 'a record on its own page');
  // On a phone: one column, nothing off the side.
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(recordPage.getByTestId('record-form').locator('#root_city')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await expectNoSeriousViolations(page, 'a record on its own page on a phone');
  await shot(page, 'forms-record-detail-zh-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'en');
  await expect(recordPage).toContainText('Filled in by');
  await shot(page, 'forms-record-detail-en-1440');
  await page.goto(`/form-detail/index?F_FormId=${formId}&primaryKey=00000000-0000-0000-0000-000000000000`);
  await expect(page.getByTestId('record-problem')).toContainText('The record does not exist');
  await switchLanguage(page, 'zh');
});
