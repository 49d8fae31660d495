import { type Browser, expect, type Page, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { openPrintPreview } from './pages/print.ts';
import { Shell } from './pages/shell.ts';
import { taskListAs } from './pages/tasks.ts';
import { adminApi, createRoleByApi, createUserByApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

const stamp = Date.now().toString(36);
const code = `e2e_orsign_${stamp}`;
const PASSWORD = 'OrSign12345';
const TASK = '/api/macro-flow/workflow-task';

/** One approval node given to every holder of a role: an or-sign, one task for all of them. */
const byRole = (roleId: number) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${code}" targetNamespace="http://macro.console/e2e">
  <bpmn:process id="${code}" name="发票核对" isExecutable="true">
    <bpmn:startEvent id="start" name="申请"/>
    <bpmn:userTask id="check" name="核对"><bpmn:extensionElements><macro:node><macro:approver kind="roleCompany" values="${roleId}"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end" name="结束"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="check"/>
    <bpmn:sequenceFlow id="f2" sourceRef="check" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

const HOLDERS = ['a', 'b', 'c'].map((k) => ({ account: `e2e_or_${k}_${stamp}`, name: `核对人${k.toUpperCase()}${stamp}` }));
const TARGET = { account: `e2e_or_t_${stamp}`, name: `接手人${stamp}` };
type Person = { account: string; name: string };

/** What the spec made in the tenant, removed after it: other specs page through the users and roles. */
const made: { users: number[]; roles: number[] } = { users: [], roles: [] };
test.afterEach(async ({ request }) => {
  const api = await adminApi(request);
  if (made.users.length) await api.post(`/api/macro-user/remove?ids=${made.users.join(',')}`, {});
  if (made.roles.length) await api.post(`/api/macro-system/role/remove?ids=${made.roles.join(',')}`, {});
  made.users = [];
  made.roles = [];
});

/** One person's browser, signed in and on their task list. */
const signInAs = (browser: Browser, person: Person): Promise<Page> => taskListAs(browser, person.account, PASSWORD);

const todoRow = (page: Page, title: string) => page.getByTestId('todo-table').locator('tbody tr.ant-table-row').filter({ hasText: title });

/** The console's stored token of the page's signed-in user, for API calls made with the page's own request context. */
async function bearer(page: Page) {
  const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('macro-token') ?? 'null') as { content: string }).content);
  return { 'macro-auth': `bearer ${token}` };
}

/** The ids of the tasks of the process titled `title` in the page's user's to-do list, read through the API. */
async function todoTaskIds(page: Page, title: string): Promise<number[]> {
  const response = await page.request.get(`${TASK}/upcoming-task?size=100`, { headers: await bearer(page) });
  expect(response.status(), await response.text()).toBe(200);
  const { records } = (await response.json()).data as { records: { taskId: number; title: string }[] };
  return records.filter((r) => r.title === title).map((r) => r.taskId);
}

test('a request for a role of three shows in all three to-do lists; one transfers it, the other two lose it and are refused, the new holder approves; history names the candidates', async ({
  page,
  request,
  browser,
}) => {
  // Five people sign in, each in a browser of their own: minutes on a loaded machine.
  test.setTimeout(300_000);
  const api = await adminApi(request);
  const checkers = await createRoleByApi(request, `核对人${stamp}`, `e2e_or_${stamp}`, ['workflow', 'wftask:view', 'wftask:handle']);
  const others = await createRoleByApi(request, `接手人${stamp}`, `e2e_or_t_${stamp}`, ['workflow', 'wftask:view', 'wftask:handle']);
  made.roles.push(checkers, others);
  for (const person of HOLDERS) made.users.push(await createUserByApi(request, person.account, person.name, PASSWORD, [checkers]));
  made.users.push(await createUserByApi(request, TARGET.account, TARGET.name, PASSWORD, [others]));
  await api.post('/api/macro-flow/model-scheme-info/new-model', { name: '发票核对', code, category: 'general', xml: byRole(checkers) });
  const title = `发票 ${stamp}`;
  await api.post(`${TASK}/create-process`, { code, title, variables: {} });

  // Each holder's to-do list shows the one task.
  const holders = await Promise.all(HOLDERS.map((person) => signInAs(browser, person)));
  const ids: number[] = [];
  for (const holder of holders) {
    await expect(todoRow(holder, title)).toHaveCount(1);
    await expect(todoRow(holder, title)).toContainText('核对');
    ids.push(...(await todoTaskIds(holder, title)));
  }
  // One task record, the same in all three lists.
  expect(ids).toHaveLength(3);
  expect(new Set(ids).size).toBe(1);
  const [taskId] = ids;
  await clickRowAction(todoRow(holders[0], title), '办理');

  // The first transfers it to someone outside the role.
  const first = holders[0].getByTestId('task-page');
  await first.getByTestId('task-transfer').click();
  await expect(first.locator('.ant-form-item-explain-error', { hasText: '请选择转办人' })).toBeVisible();
  await first.getByTestId('task-transfer-to').click();
  await holders[0].keyboard.type(TARGET.account);
  await holders[0].locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: TARGET.name }).click();
  await first.getByTestId('task-transfer').click();
  await expect(holders[0].getByText('已转办')).toBeVisible();
  await expect(first).toBeHidden();

  // The other two lose it from their lists and the API refuses their approval of the task they opened.
  for (const holder of holders.slice(1)) {
    await new Shell(holder).refresh();
    await expect(todoRow(holder, title)).toHaveCount(0);
    const refused = await holder.request.post(`${TASK}/task-handle`, { headers: await bearer(holder), data: { taskId, action: 'approve' } });
    expect(refused.status(), await refused.text()).toBe(422);
  }
  await Promise.all(holders.map((holder) => holder.context().close()));

  // The new holder approves.
  const target = await signInAs(browser, TARGET);
  await clickRowAction(todoRow(target, title), '办理');
  const taskPage = target.getByTestId('task-page');
  await taskPage.getByTestId('task-comment').fill('核对无误');
  await taskPage.getByTestId('task-approve').click();
  await expect(taskPage).toBeHidden();

  // Its history, read from the new holder's done list: one transfer, one approval naming who was asked.
  await target.getByRole('tab', { name: '已办任务' }).click();
  await clickRowAction(target.getByTestId('done-table').locator('tbody tr.ant-table-row').filter({ hasText: title }), '查看');
  const history = taskPage.getByTestId('task-history');
  const names = HOLDERS.map((p) => p.name).join('、');
  await expect(history.getByRole('listitem').filter({ hasText: '转办' })).toHaveCount(1);
  await expect(history.getByRole('listitem').filter({ hasText: '转办' })).toContainText(`核对 · ${HOLDERS[0].name} · 转办 → ${TARGET.name}`);
  const approvals = history.getByRole('listitem').filter({ hasText: '同意' });
  await expect(approvals).toHaveCount(1);
  await expect(approvals).toContainText(`核对 · 候选人：${names} · ${TARGET.name} · 同意 · 核对无误`);
  await expectNoSeriousViolations(target, 'the history with candidates');
  await history.scrollIntoViewIfNeeded();
  await shot(target, 'orsign-history-zh-1440');
  const { print, area } = await openPrintPreview(target, taskPage);
  await expect(area.locator('.print-record')).toContainText(`候选人：${names}`);
  await expectNoSeriousViolations(target, 'the print preview with candidates');
  await shot(target, 'orsign-print-zh-1440');
  await target.keyboard.press('Escape');
  await expect(print).toBeHidden();

  // A second request, not yet taken: the monitor's assign dialog names its candidates.
  await signInAsAdmin(page);
  const second = `发票二 ${stamp}`;
  await api.post(`${TASK}/create-process`, { code, title: second, variables: {} });
  await new Shell(page).openMenu('流程中心', '流程监控');
  const openAssign = async (button: string) => {
    const row = page.getByTestId('monitor-running-table').locator('tbody tr.ant-table-row').filter({ hasText: second });
    await clickRowAction(row, button);
    await page.getByTestId('assign-task').click();
  };
  // Escape closes the open list, then the dialog: pressed until the dialog is gone.
  const closeAssign = () =>
    expect(async () => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  await openAssign('指派');
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(option).toHaveText([`核对 (候选人：${names})`]);
  await expectNoSeriousViolations(page, 'the assign dialog with candidates');
  await shot(page, 'orsign-assign-zh-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'orsign-assign-zh-375');
  await closeAssign();

  // English, on a phone and on a desktop.
  await switchLanguage(page, 'en');
  await openAssign('Assign');
  await expect(option).toHaveText([`核对 (Candidates: ${HOLDERS.map((p) => p.name).join(', ')})`]);
  // The whole list of candidates shows on a phone: the option wraps, nothing is cut off.
  expect(await option.locator('.ant-select-item-option-content').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectNoSeriousViolations(page, 'the assign dialog on a phone');
  await shot(page, 'orsign-assign-en-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'orsign-assign-en-1440');
  await closeAssign();
  await switchLanguage(target, 'en');
  await expect(history).toContainText(`Candidates: ${HOLDERS.map((p) => p.name).join(', ')}`);
  await history.scrollIntoViewIfNeeded();
  await shot(target, 'orsign-history-en-1440');
  await openPrintPreview(target, taskPage);
  await expect(area.locator('.print-record')).toContainText('Candidates:');
  await shot(target, 'orsign-print-en-1440');
  await target.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(target, 'the print preview on a phone');
  await shot(target, 'orsign-print-en-375');
  await target.keyboard.press('Escape');
  await history.scrollIntoViewIfNeeded();
  await expectNoSeriousViolations(target, 'the history on a phone');
  await shot(target, 'orsign-history-en-375');
  await switchLanguage(target, 'zh');
  await history.scrollIntoViewIfNeeded();
  await shot(target, 'orsign-history-zh-375');
  await openPrintPreview(target, taskPage);
  await shot(target, 'orsign-print-zh-375');
  await target.keyboard.press('Escape');
  await target.setViewportSize({ width: 1440, height: 900 });
  await target.context().close();
  await switchLanguage(page, 'zh');
});
