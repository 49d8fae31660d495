import { type Browser, expect, type Page, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { taskListAs } from './pages/tasks.ts';
import { adminApi, createRoleByApi, createUserByApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { describeFocus, tabTo } from './support/keyboard.ts';
import { shot } from './support/screens.ts';

const stamp = Date.now().toString(36);
const code = `e2e_story_${stamp}`;
const formCode = `e2e_story_form_${stamp}`;
const title = `采购 ${stamp}`;

/**
 * The skeleton the administrator starts from (drawn elsewhere, no diagram): who approves, the
 * branch conditions and the form are set in the designer.
 */
const skeleton = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" id="defs_${code}" targetNamespace="http://macro.console/e2e">
  <bpmn:process id="${code}" name="采购审批" isExecutable="true">
    <bpmn:startEvent id="start" name="申请"/>
    <bpmn:exclusiveGateway id="route" name="金额"/>
    <bpmn:userTask id="manager" name="经理审批"/>
    <bpmn:userTask id="finance" name="财务审批"/>
    <bpmn:userTask id="lead" name="组长审批"/>
    <bpmn:endEvent id="end" name="结束"/>
    <bpmn:sequenceFlow id="f_start" sourceRef="start" targetRef="route"/>
    <bpmn:sequenceFlow id="f_big" sourceRef="route" targetRef="manager"/>
    <bpmn:sequenceFlow id="f_manager" sourceRef="manager" targetRef="finance"/>
    <bpmn:sequenceFlow id="f_finance" sourceRef="finance" targetRef="end"/>
    <bpmn:sequenceFlow id="f_small" sourceRef="route" targetRef="lead"/>
    <bpmn:sequenceFlow id="f_lead" sourceRef="lead" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const option = (page: Page, text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();

/** The people of the story: each signs in as themselves and holds only the task centre. */
const PASSWORD = 'Story12345';
const PEOPLE = {
  starter: { account: `e2e_buyer_${stamp}`, name: `采购员${stamp}` },
  manager: { account: `e2e_boss_${stamp}`, name: `经理${stamp}` },
  finance: { account: `e2e_cash_${stamp}`, name: `会计${stamp}` },
};
type Person = (typeof PEOPLE)[keyof typeof PEOPLE];

/** What the story made in the tenant, removed after it: other specs page through the users and roles. */
const made: { users: number[]; role: number | null } = { users: [], role: null };
test.afterEach(async ({ request }) => {
  const api = await adminApi(request);
  if (made.users.length) await api.post(`/api/macro-user/remove?ids=${made.users.join(',')}`, {});
  if (made.role !== null) await api.post(`/api/macro-system/role/remove?ids=${made.role}`, {});
  made.users = [];
  made.role = null;
});

/** One person's browser, signed in and on their task list. */
const signInAs = (browser: Browser, person: Person): Promise<Page> => taskListAs(browser, person.account, PASSWORD);

/** Opens the story's task on `page` at `node`, reloading the list first (the task arrived since it was shown). */
async function openTask(page: Page, node: string) {
  await new Shell(page).refresh();
  const todo = page.getByTestId('todo-table').locator('tbody tr.ant-table-row').filter({ hasText: title });
  await expect(todo).toContainText(node);
  await clickRowAction(todo, '办理');
  const taskPage = page.getByTestId('task-page');
  await expect(taskPage).toContainText(node);
  return taskPage;
}

test("an administrator designs a template with a form and an amount condition; a buyer's large purchase takes the long branch, the manager approves, finance rejects it back, the buyer resubmits and it completes; the monitor shows its history", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const api = await adminApi(request);
  made.role = await createRoleByApi(request, `流程参与者${stamp}`, `e2e_wf_${stamp}`, ['workflow', 'wftask:view', 'wftask:handle']);
  for (const person of Object.values(PEOPLE)) made.users.push(await createUserByApi(request, person.account, person.name, PASSWORD, [made.role]));
  await api.post('/api/form-scheme', {
    code: formCode,
    name: `采购单 ${stamp}`,
    document: {
      schema: {
        type: 'object',
        properties: { item: { type: 'string', title: '物品', maxLength: 50 }, amount: { type: 'number', title: '金额', minimum: 1 } },
        required: ['item', 'amount'],
      },
      uiSchema: { 'ui:order': ['item', 'amount'] },
    },
  });
  await signInAsAdmin(page);

  // ---- the administrator designs and deploys the template
  await new Shell(page).openMenu('流程中心', '流程模板');
  await page.getByTestId('scheme-add').click();
  const dialog = page.getByTestId('scheme-dialog');
  await dialog.getByTestId('scheme-field-name').fill('采购审批');
  await dialog.getByTestId('scheme-field-code').fill(code);
  await dialog.getByTestId('scheme-field-category').click();
  await option(page, '通用审批');
  await dialog.getByRole('tab', { name: 'XML' }).click();
  await dialog.locator('input[type=file]').setInputFiles({ name: 'purchase.bpmn', mimeType: 'application/xml', buffer: Buffer.from(skeleton) });
  await expect(dialog.getByTestId('scheme-field-xml')).toHaveValue(/财务审批/);
  await dialog.getByRole('tab', { name: '流程图' }).click();
  const canvas = dialog.getByTestId('bpmn-canvas');
  const panel = dialog.getByTestId('node-panel');
  const choose = async (id: string) => {
    // A flow's box is not on its line when it bends: the click goes to the element itself.
    await canvas.locator(`.djs-element[data-element-id="${id}"] .djs-hit`).first().dispatchEvent('click');
    await expect(panel).toContainText(id);
  };
  await expect(canvas.locator('[data-element-id="finance"]')).toBeVisible();

  await choose('start');
  await panel.getByTestId('node-form').click();
  await option(page, `采购单 ${stamp}`);
  await panel.getByTestId('node-apply').click();
  for (const [node, person] of [
    ['manager', PEOPLE.manager],
    ['finance', PEOPLE.finance],
    ['lead', PEOPLE.manager],
  ] as const) {
    await choose(node);
    await panel.getByTestId('node-approver-kind').click();
    await option(page, '指定人员');
    await panel.getByTestId('node-approver-people').click();
    await page.keyboard.type(person.account);
    await option(page, person.name);
    await page.keyboard.press('Escape');
    await panel.getByTestId('node-form').click();
    await option(page, `采购单 ${stamp}`);
    await panel.getByTestId('node-apply').click();
  }
  await choose('f_big');
  await panel.getByTestId('node-condition').fill('amount > 5000');
  await panel.getByTestId('node-apply').click();
  await choose('f_small');
  await panel.getByTestId('node-condition').fill('amount <= 5000');
  await panel.getByTestId('node-apply').click();
  await shot(page, 'story-designer-zh-1440');

  // Simulated first: a large amount goes to the manager, then finance.
  // The sample is the start form itself, filled in.
  await dialog.getByRole('tab', { name: '模拟运行' }).click();
  const sampleForm = dialog.getByTestId('simulate-form');
  await sampleForm.locator('#root_item').fill('服务器');
  await sampleForm.locator('#root_amount').fill('8000');
  await dialog.getByTestId('simulate-run').click();
  const result = dialog.getByTestId('simulate-result');
  await expect(result).toContainText(`经理审批 → ${PEOPLE.manager.name}`);
  await expect(result).toContainText(`财务审批 → ${PEOPLE.finance.name}`);
  await expect(result).not.toContainText('组长审批');
  await dialog.getByTestId('scheme-dialog-save').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('scheme-table').locator('tbody tr.ant-table-row').filter({ hasText: code })).toContainText('已启用');

  // ---- the buyer starts it with an amount that takes the long branch
  const buyer = await signInAs(browser, PEOPLE.starter);
  await buyer.getByTestId('todo-launch').click();
  const launch = buyer.getByTestId('launch-dialog');
  await buyer.getByTestId('launch-template').click();
  await option(buyer, '采购审批');
  await buyer.getByTestId('launch-title').fill(title);
  const startForm = launch.getByTestId('launch-form');
  await startForm.locator('#root_item').fill('服务器');
  await startForm.locator('#root_amount').fill('8000');
  await buyer.getByTestId('launch-ok').click();
  await expect(launch).toBeHidden();

  // The manager approves; the task is theirs alone (the buyer has nothing to do on it).
  const boss = await signInAs(browser, PEOPLE.manager);
  // The task arrived as a message in the bell, and 我的任务 counts it.
  await expect(boss.getByTestId('side-menu').locator('.menu-count')).toHaveText('1');
  await boss.getByTestId('notice-bell').click();
  await boss.getByTestId('notice-tab-message').click();
  await expect(boss.getByTestId('notice-popover')).toContainText(`待审批：${title}`);
  await boss.keyboard.press('Escape');
  let taskPage = await openTask(boss, '经理审批');
  await expect(taskPage.getByTestId('task-bound-form').locator('#root_amount')).toHaveValue('8000');
  await taskPage.getByTestId('task-comment').fill('同意采购');
  await taskPage.getByTestId('task-approve').click();
  await expect(taskPage).toBeHidden();
  await new Shell(buyer).refresh();
  await expect(buyer.getByTestId('todo-table').locator('tbody tr.ant-table-row').filter({ hasText: title })).toHaveCount(0);

  // Finance rejects it back to the start, with a reason.
  const cashier = await signInAs(browser, PEOPLE.finance);
  taskPage = await openTask(cashier, '财务审批');
  const diagram = taskPage.getByTestId('process-diagram');
  await expect(diagram.locator('.djs-element[data-element-id="finance"]')).toHaveClass(/diagram-current/);
  await expect(diagram.locator('.djs-element[data-element-id="manager"]')).toHaveClass(/diagram-done/);
  await expect(diagram.locator('.djs-element[data-element-id="lead"]')).not.toHaveClass(/diagram-done|diagram-current/);
  await diagram.scrollIntoViewIfNeeded();
  await shot(cashier, 'story-task-diagram-zh-1440');
  // Rejecting asks, in one dialog, where to (the nodes done so far, the nearest first) and why.
  await taskPage.getByTestId('task-reject').click();
  const rejectDialog = cashier.getByTestId('task-reject-dialog');
  await rejectDialog.getByTestId('task-reject-confirm').click();
  await expect(rejectDialog).toContainText('请选择驳回节点');
  await expect(rejectDialog).toContainText('请填写驳回理由');
  await rejectDialog.getByTestId('task-reject-to').click();
  await expect(cashier.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText(['经理审批', '申请']);
  await option(cashier, '申请');
  await rejectDialog.getByTestId('task-reject-reason').fill('请附报价单');
  await expectNoSeriousViolations(cashier, 'the reject dialog');
  await shot(cashier, 'story-reject-zh-1440');
  await rejectDialog.getByTestId('task-reject-confirm').click();
  await expect(taskPage).toBeHidden();

  // The buyer hears of it in the bell and opens the request — with the keyboard alone: the bell
  // takes the keyboard, the arrows and Enter choose the messages tab, Tab reaches the message.
  await buyer.reload();
  await expect(buyer.locator('#main-content')).toBeFocused();
  await tabTo(buyer, (focus) => focus.includes('notice-bell'), { back: true });
  await buyer.keyboard.press('Enter');
  await expect.poll(() => describeFocus(buyer)).toMatch(/\btab\b/);
  await buyer.keyboard.press('ArrowRight');
  await buyer.keyboard.press('Enter');
  await expect(buyer.getByTestId('notice-popover').getByRole('tab', { selected: true })).toContainText('消息');
  // Tab past the panel's last stop leaves it: the list is read once it is there.
  await expect(buyer.getByTestId('notice-popover')).toContainText(`已驳回：${title}`);
  await tabTo(buyer, (focus) => focus.startsWith('BUTTON') && focus.includes(`已驳回：${title}`));
  await buyer.keyboard.press('Enter');
  const reader = buyer.locator('.notice-reader');
  await expect(reader).toContainText('请附报价单');
  await expect(reader).toContainText(PEOPLE.finance.name);
  // The rejection reads its reason and who decided; its link opens the request view.
  await tabTo(buyer, (focus) => focus.includes('notice-follow'));
  await buyer.keyboard.press('Enter');
  const requestPage = buyer.getByTestId('request-page');
  await expect(buyer).toHaveURL(/\/workflow\/requests\/\d+$/);
  await expect(requestPage.getByTestId('request-rejection')).toContainText(`${PEOPLE.finance.name} 在「财务审批」驳回了申请`);
  await expect(requestPage.getByTestId('request-rejection')).toContainText('请附报价单');
  await expect(requestPage.getByTestId('request-current-nodes')).toHaveText('申请');
  await expect(requestPage.getByTestId('request-current-approvers')).toHaveText(PEOPLE.starter.name);
  await expect(requestPage.getByTestId('request-form').locator('#root_amount')).toHaveValue('8000');
  await expect(requestPage.getByTestId('request-form').locator('#root_amount')).toBeDisabled();
  const requestDiagram = requestPage.getByTestId('process-diagram');
  await expect(requestDiagram.locator('.djs-element[data-element-id="finance"]')).toHaveClass(/diagram-rejected/);
  await expect(requestDiagram.locator('.djs-element[data-element-id="finance"]')).not.toHaveClass(/diagram-done/);
  await expect(requestDiagram.locator('.djs-element[data-element-id="manager"]')).toHaveClass(/diagram-done/);
  await expectNoSeriousViolations(buyer, 'the request page');
  await shot(buyer, 'story-request-zh-1440');
  await buyer.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(buyer, 'the request page on a phone');
  await shot(buyer, 'story-request-zh-375');
  await buyer.setViewportSize({ width: 1440, height: 900 });
  // In English, the same request and the same message read in English.
  await switchLanguage(buyer, 'en');
  await expect(requestPage.getByTestId('request-rejection')).toContainText(`${PEOPLE.finance.name} rejected the request at “财务审批”`);
  await expect(requestPage.getByTestId('request-rejection')).toContainText('Reason: 请附报价单');
  await buyer.getByTestId('notice-bell').click();
  await buyer.getByTestId('notice-tab-message').click();
  await expect(buyer.getByTestId('notice-popover')).toContainText(`Rejected: ${title}`);
  await buyer.keyboard.press('Escape');
  await expectNoSeriousViolations(buyer, 'the request page in English');
  await shot(buyer, 'story-request-en-1440');
  await switchLanguage(buyer, 'zh');
  await new Shell(buyer).openMenu('流程中心', '我的任务');

  // The buyer changes the amount and resubmits; the long branch again.
  taskPage = await openTask(buyer, '申请');
  await taskPage.getByTestId('task-bound-form').locator('#root_amount').fill('7800');
  await taskPage.getByTestId('task-approve').click();
  await expect(taskPage).toBeHidden();
  taskPage = await openTask(boss, '经理审批');
  await taskPage.getByTestId('task-approve').click();
  await expect(taskPage).toBeHidden();
  taskPage = await openTask(cashier, '财务审批');
  await expect(taskPage.getByTestId('task-bound-form').locator('#root_amount')).toHaveValue('7800');
  await expectNoSeriousViolations(cashier, 'the task page of the story');
  await shot(cashier, 'story-task-zh-1440');
  await taskPage.getByTestId('task-approve').click();
  await expect(taskPage).toBeHidden();
  await expect(cashier.getByTestId('todo-table').locator('tbody tr.ant-table-row').filter({ hasText: title })).toHaveCount(0);
  for (const person of [buyer, boss, cashier]) await person.context().close();

  // ---- the monitor shows it finished, with every step in order
  await new Shell(page).openMenu('流程中心', '流程监控');
  await page.getByRole('tab', { name: '已结束' }).click();
  const finished = page.getByTestId('monitor-finished-table').locator('tbody tr.ant-table-row').filter({ hasText: title });
  await expect(finished).toContainText('已完成');
  // By name: the template and who started it.
  await expect(finished).toContainText('采购审批');
  await expect(finished).toContainText(PEOPLE.starter.name);
  await clickRowAction(finished, '流转记录');
  const history = page.getByTestId('monitor-history-timeline');
  const steps = history.getByRole('listitem');
  await expect(steps.filter({ hasText: '提交' }).first()).toBeVisible();
  const text = (await history.innerText()).replace(/\s+/g, ' ');
  const [starter, manager, finance] = [PEOPLE.starter.name, PEOPLE.manager.name, PEOPLE.finance.name];
  const order = [
    `申请 · ${starter} · 提交`,
    `经理审批 · ${manager} · 同意 · 同意采购`,
    `财务审批 · ${finance} · 驳回 · 请附报价单`,
    `申请 · ${starter} · 重新提交`,
    `经理审批 · ${manager} · 同意`,
    `财务审批 · ${finance} · 同意`,
  ];
  let from = 0;
  for (const step of order) {
    const at = text.indexOf(step, from);
    expect(at, `${step} after position ${from} in: ${text}`).toBeGreaterThanOrEqual(0);
    from = at + step.length;
  }
  await expect(history).not.toContainText('组长审批');
  // A comment belongs to the decision it was written for: the rejection's reason is not repeated by later steps.
  expect(text.split('请附报价单').length - 1).toBe(1);
  await expectNoSeriousViolations(page, 'the monitor history');
  await shot(page, 'story-monitor-zh-1440');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('monitor-history')).toBeHidden();
  await switchLanguage(page, 'en');
  await clickRowAction(finished, 'History');
  await expect(page.getByTestId('monitor-history')).toContainText('History of');
  await expect(history).toContainText('Resubmit');
  await shot(page, 'story-monitor-en-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the monitor history on a phone');
  await shot(page, 'story-monitor-en-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'zh');
});
