import { expect, type Page, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { describeFocus, tabTo } from './support/keyboard.ts';
import { shot } from './support/screens.ts';

const stamp = Date.now().toString(36);
const code = `e2e_built_${stamp}`;
const formCode = `e2e_leave_${stamp}`;
const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();

test("an administrator builds a template with the designer's own actions — three approval nodes and a CC node after a blank start, a form on the start node only — and its approvers see the start form read-only with its labels", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await adminApi(request);
  await api.post('/api/form-scheme', {
    code: formCode,
    name: `休假申请 ${stamp}`,
    document: {
      schema: {
        type: 'object',
        properties: { leaveType: { type: 'string', title: '假别', enum: ['a', 'b'] }, days: { type: 'integer', title: '天数', minimum: 1 } },
        required: ['leaveType', 'days'],
      },
      uiSchema: { 'ui:order': ['leaveType', 'days'], leaveType: { 'ui:enumNames': ['年假', '病假'] } },
    },
  });
  await signInAsAdmin(page);
  await new Shell(page).openMenu('流程中心', '流程模板');
  await page.getByTestId('scheme-add').click();
  const dialog = page.getByTestId('scheme-dialog');
  await dialog.getByTestId('scheme-field-name').fill(`请假 ${stamp}`);
  await dialog.getByTestId('scheme-field-code').fill(code);
  await dialog.getByTestId('scheme-field-category').click();
  await option(page, '通用审批');
  const canvas = dialog.getByTestId('bpmn-canvas');
  const panel = dialog.getByTestId('node-panel');
  const pad = (action: string) => page.locator(`.djs-context-pad .entry[data-action="${action}"]`);

  // The blank template's start event: the form is bound there, and only there.
  await canvas.locator('.djs-element[data-element-id="start"] .djs-hit').first().click({ force: true });
  await panel.getByTestId('node-form').click();
  await option(page, `休假申请 ${stamp}`);
  await panel.getByTestId('node-apply').click();

  // Three approval nodes, each appended to the one before by its context pad, and one CC node.
  for (const name of ['组长审批', '经理审批', '人事审批']) {
    await expect(pad('append.approval')).toHaveAttribute('aria-label', '追加审批节点');
    await pad('append.approval').click();
    // The new node is chosen, with the approver settings open.
    await expect(panel).toContainText('审批人');
    await panel.getByTestId('node-name').fill(name);
    await panel.getByTestId('node-approver-kind').click();
    await option(page, '指定人员');
    await panel.getByTestId('node-approver-people').click();
    await page.keyboard.type('admin');
    await option(page, '(admin)');
    await page.keyboard.press('Escape');
    // No apply button: the panel applies as it is edited.
    await expect(canvas.locator('.djs-element.selected')).toContainText(name);
  }
  await pad('append.cc').click();
  await expect(panel).toContainText('抄送人规则');
  await panel.getByTestId('node-name').fill('抄送行政');
  await panel.getByTestId('node-approver-kind').click();
  await option(page, '指定人员');
  await panel.getByTestId('node-approver-people').click();
  await page.keyboard.type('admin');
  await option(page, '(admin)');
  await page.keyboard.press('Escape');
  await expect(canvas.locator('.djs-element.selected')).toContainText('抄送行政');
  await pad('append.end').click();
  // Every node is something the engine runs: the lint marks none.
  await expect(canvas.locator('.bpmn-lint-badge')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'the designer after appending nodes');
  await shot(page, 'designed-template-zh-1440');

  await dialog.getByRole('tab', { name: 'XML' }).click();
  const text = dialog.getByTestId('scheme-field-xml');
  await expect(text).toHaveValue(/<bpmn:sendTask id="[^"]+" name="抄送行政"/);
  expect(((await text.inputValue()).match(/<bpmn:userTask /g) ?? []).length).toBe(3);
  expect(((await text.inputValue()).match(/formKey=/g) ?? []).length).toBe(1);
  await dialog.getByTestId('scheme-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('scheme-table').locator('tbody tr.ant-table-row').filter({ hasText: code })).toContainText('已启用');

  // Started with the form; the first approver sees it read-only, labelled.
  await new Shell(page).openMenu('流程中心', '我的任务');
  await page.getByTestId('todo-launch').click();
  const launch = page.getByTestId('launch-dialog');
  await page.getByTestId('launch-template').click();
  await option(page, `请假 ${stamp}`);
  await page.getByTestId('launch-title').fill(`年假 ${stamp}`);
  const startForm = launch.getByTestId('launch-form');
  await startForm.locator('#root_leaveType').click();
  await option(page, '年假');
  await startForm.locator('#root_days').fill('3');
  await page.getByTestId('launch-ok').click();
  await expect(launch).toBeHidden();
  await new Shell(page).refresh();
  const todo = page
    .getByTestId('todo-table')
    .locator('tbody tr.ant-table-row')
    .filter({ hasText: `年假 ${stamp}` });
  await expect(todo).toContainText('组长审批');
  await clickRowAction(todo, '办理');
  const taskPage = page.getByTestId('task-page');
  const shown = taskPage.getByTestId('task-bound-form');
  await expect(shown).toContainText('假别');
  await expect(shown).toContainText('年假');
  await expect(shown.locator('#root_days')).toHaveValue('3');
  await expect(shown.locator('#root_days')).toBeDisabled();
  await expectNoSeriousViolations(page, 'a task showing the start form read-only');
  await shot(page, 'designed-task-zh-1440');

  // The same approver with the keyboard alone, from a fresh page of the to-do list.
  const todoUrl = page.url().replace(/\/workflow\/.*$/, '');
  await page.goto(`${todoUrl}/wel/index`);
  await expect(page.locator('#main-content')).toBeFocused();
  // The bell: Enter opens its panel and takes the keyboard there; Escape closes it and gives it back.
  await tabTo(page, (focus) => focus.includes('notice-bell'), { back: true });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('notice-popover')).toBeVisible();
  await expect.poll(() => describeFocus(page)).toMatch(/\btab\b/);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('notice-popover')).toBeHidden();
  await expect(page.getByTestId('notice-bell')).toBeFocused();
  // The home page's to-do card: Tab to the request's entry, Enter opens the task.
  const inRequest = () => page.evaluate((text) => Boolean(document.activeElement?.closest('tr, li, a, button')?.textContent?.includes(text)), `年假 ${stamp}`);
  await tabTo(page, (focus) => focus.startsWith('MAIN'));
  let reached = false;
  for (let i = 0; i < 80 && !reached; i++) {
    await page.keyboard.press('Tab');
    reached = await inRequest();
  }
  expect(reached, 'the request is reachable with Tab on the home page').toBe(true);
  await page.keyboard.press('Enter');
  const keyboardTask = page.getByTestId('task-page');
  await expect(keyboardTask.getByTestId('task-bound-form')).toContainText('年假');
  // Reject: one dialog, the target chosen with the arrows, the reason typed, Enter on confirm.
  await tabTo(page, (focus) => focus.includes('task-reject'));
  await page.keyboard.press('Enter');
  const rejectDialog = page.getByTestId('task-reject-dialog');
  await expect(rejectDialog.getByTestId('task-reject-confirm')).toBeVisible();
  // The one node it can go back to is chosen already; the arrows open the list and Enter keeps it.
  await tabTo(page, (focus) => focus.includes('combobox'));
  await page.keyboard.press('ArrowDown');
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['发起']);
  await page.keyboard.press('Enter');
  await expect(rejectDialog.getByTestId('task-reject-to')).toContainText('发起');
  await tabTo(page, (focus) => focus.startsWith('TEXTAREA'));
  await page.keyboard.type('请补充请假事由');
  await tabTo(page, (focus) => focus.includes('task-reject-confirm'));
  await shot(page, 'designed-reject-keyboard-zh-1440');
  await page.keyboard.press('Enter');
  await expect(rejectDialog.getByTestId('task-reject-confirm')).toBeHidden();
  await expect(keyboardTask).toBeHidden();
  const mine = await adminApi(request).then((api) =>
    api.get<{ records: { title: string; currentNodes: string[] }[] }>('/api/macro-flow/workflow-task/my-task?current=1&size=50'),
  );
  const started = mine.records.find((r) => r.title === `年假 ${stamp}`);
  expect(started, 'the rejected request is still among those started').toBeDefined();
  expect(started?.currentNodes).not.toContain('组长审批');
});
