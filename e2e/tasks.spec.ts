import { expect, type Page, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { openPrintPreview, printInEachStyle } from './pages/print.ts';
import { Shell } from './pages/shell.ts';
import { adminApi, createUserByApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

const stamp = Date.now().toString(36);

async function launch(page: Page, title: string) {
  await page.getByTestId('todo-launch').click();
  const dialog = page.getByTestId('launch-dialog');
  await page.getByTestId('launch-template').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '请假审批' }).click();
  await page.getByTestId('launch-title').fill(title);
  await page.getByTestId('launch-ok').click();
  await expect(page.getByText('流程已发起')).toBeVisible();
  await expect(dialog).toBeHidden();
}

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

test('an approver starts a leave request, copies it, signs it with a stamp, approves it, and withdraws another after two confirmations', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Someone to copy to, and a private stamp of the administrator's.
  await createUserByApi(request, `e2e_cc_${stamp}`, `传阅人${stamp}`, 'Copy12345');
  const api = await adminApi(request);
  // Stamp passwords travel encrypted as at sign-in, as the console sends them.
  await api.post('/api/macro-flow/stamps', { stampName: `审批章${stamp}`, category: 1, password: api.encrypt('seal123'), image: PNG });
  await signInAsAdmin(page);
  await new Shell(page).openMenu('流程中心', '我的任务');
  await expect(page).toHaveURL(/\/workflow\/tasks$/);

  // Starting asks for a template and a title.
  await page.getByTestId('todo-launch').click();
  await page.getByTestId('launch-ok').click();
  const launchDialog = page.getByTestId('launch-dialog');
  await expect(launchDialog.locator('.ant-form-item-explain-error', { hasText: '请选择流程模板' })).toBeVisible();
  await expect(launchDialog.locator('.ant-form-item-explain-error', { hasText: '请输入流程标题' })).toBeVisible();
  await expectNoSeriousViolations(page, 'the start dialog');
  await page.keyboard.press('Escape');
  const first = `年假申请 ${stamp}`;
  await launch(page, first);

  // It waits in my to-do list; its page shows the history and asks for a node before a rejection.
  const row = page.getByTestId('todo-table').locator('tbody tr.ant-table-row').filter({ hasText: first });
  await expect(row).toContainText('部门审批');
  await expect(row).toContainText('审批中');
  await expectNoSeriousViolations(page, 'the to-do list');
  await shot(page, 'tasks-todo-zh-1440');
  await clickRowAction(row, '办理');
  // The task opens on a page of its own, in a tab titled for it.
  const taskPage = page.getByTestId('task-page');
  await expect(page).toHaveURL(/\/workflow\/tasks\/\d+$/);
  // The tab (and the browser's title) name the request, not a task number.
  await expect(page.getByTestId('tab-strip').locator('[aria-current="page"]')).toHaveText(first);
  await expect(page).toHaveTitle(new RegExp(`^${first} - `));
  await expect(taskPage).toContainText('部门审批');
  await expect(taskPage.getByTestId('task-history')).toContainText('提交申请');
  await taskPage.getByTestId('task-reject').click();
  const rejectDialog = page.getByTestId('task-reject-dialog');
  await rejectDialog.getByTestId('task-reject-confirm').click();
  // The one node it can go back to is chosen already; the reason is asked for.
  await expect(rejectDialog.getByTestId('task-reject-to')).toContainText('提交申请');
  await expect(rejectDialog.locator('.ant-form-item-explain-error', { hasText: '请填写驳回理由' })).toBeVisible();
  await rejectDialog.getByRole('button', { name: '取消' }).click();
  await expect(rejectDialog).toBeHidden();

  // A copy to someone else; the task stays open.
  await taskPage.getByTestId('task-cc').click();
  await expect(taskPage.locator('.ant-form-item-explain-error', { hasText: '请选择传阅人' })).toBeVisible();
  await taskPage.getByTestId('task-users').click();
  await page.keyboard.type(`传阅人${stamp}`);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `传阅人${stamp}` }).click();
  await page.keyboard.press('Escape');
  await taskPage.getByTestId('task-cc').click();
  await expect(page.getByText('已传阅')).toBeVisible();
  await expect(taskPage).toBeVisible();

  // Signing with a stamp asks for its password; a wrong one says so and nothing is approved.
  await taskPage.getByTestId('task-stamp').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: `审批章${stamp}` }).click();
  await taskPage.getByTestId('task-approve').click();
  await expect(taskPage.locator('.ant-form-item-explain-error', { hasText: '请输入签章密码' })).toBeVisible();
  await taskPage.getByTestId('task-stamp-password').fill('wrong-pass');
  await taskPage.getByTestId('task-approve').click();
  await expect(page.getByText('签章密码错误')).toBeVisible();
  await expect(taskPage).toBeVisible();
  await taskPage.getByTestId('task-stamp-password').fill('seal123');
  await taskPage.getByTestId('task-comment').fill('同意，注意交接');
  await taskPage.getByTestId('task-approve').click();
  await expect(page.getByText('已同意')).toBeVisible();
  // Decided: its tab closes and the to-do list shows, without it.
  await expect(taskPage).toBeHidden();
  await expect(page).toHaveURL(/\/workflow\/tasks$/);
  await expect(page.getByTestId('tab-strip')).not.toContainText(first);
  await expect(row).toHaveCount(0);

  // Done, and the process approved.
  await page.getByRole('tab', { name: '已办任务' }).click();
  // The done list names the node the user handled, not a "current" one.
  await expect(page.getByTestId('done-table').locator('thead')).toContainText('办理节点');
  await expect(page.getByTestId('done-table').locator('thead')).not.toContainText('当前节点');
  const doneRow = page.getByTestId('done-table').locator('tbody tr.ant-table-row').filter({ hasText: first }).filter({ hasText: '部门审批' });
  await expect(doneRow).toContainText('已通过');
  await clickRowAction(doneRow, '查看');
  await expect(taskPage.getByTestId('task-history')).toContainText('同意，注意交接');
  await expect(taskPage.getByTestId('task-approve')).toHaveCount(0);
  await expectNoSeriousViolations(page, 'a done task');
  await page.goBack();
  await expect(page.getByTestId('task-center')).toBeVisible();

  // A second one is withdrawn: asked once, then again because it goes back to the start.
  await page.getByRole('tab', { name: '待办任务' }).click();
  const second = `调休申请 ${stamp}`;
  await launch(page, second);
  await page.getByRole('tab', { name: '我发起的' }).click();
  const mine = page.getByTestId('started-table').locator('tbody tr.ant-table-row').filter({ hasText: second });
  await clickRowAction(mine, '撤回');
  await expect(page.getByText(`确定撤回流程「${second}」吗？`)).toBeVisible();
  await page.getByTestId('withdraw-confirm').click();
  await expect(page.getByText('撤回后流程将回到开始节点，已有的审批需要重新进行，是否继续？')).toBeVisible();
  await page.getByTestId('withdraw-confirm-start').click();
  await expect(page.getByText('流程已撤回')).toBeVisible();
  await shot(page, 'tasks-started-zh-1440');

  // The approved one goes to the recycle bin and comes back.
  const ended = page.getByTestId('started-table').locator('tbody tr.ant-table-row').filter({ hasText: first });
  await clickRowAction(ended, '移入回收站');
  await expect(page.getByText('已移入回收站')).toBeVisible();
  await expect(ended).toHaveCount(0);
  await page.getByRole('tab', { name: '回收站' }).click();
  const binned = page.getByTestId('bin-table').locator('tbody tr.ant-table-row').filter({ hasText: first });
  await clickRowAction(binned, '还原');
  await expect(page.getByText('已还原')).toBeVisible();
  await expect(binned).toHaveCount(0);
  await page.getByRole('tab', { name: '我发起的' }).click();
  await expect(ended).toBeVisible();
  await page.getByRole('tab', { name: '草稿箱' }).click();
  await expect(page.getByTestId('drafts-table')).toBeVisible();
  await page.getByRole('tab', { name: '我的传阅' }).click();
  await expect(page.getByTestId('circulations-table')).toBeVisible();
  await expectNoSeriousViolations(page, 'the circulations tab');

  // English, and a phone.
  await switchLanguage(page, 'en');
  await expect(page.getByRole('tab', { name: 'Started by me' })).toBeVisible();
  await page.getByRole('tab', { name: 'Done' }).click();
  await expect(page.getByTestId('done-table').locator('thead')).toContainText('Node handled');
  await shot(page, 'tasks-done-en-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId('task-center')).toBeVisible();
  await expectNoSeriousViolations(page, 'the task centre on a phone');
  await shot(page, 'tasks-en-375');
  // A task's page in English, on the phone and on a desktop.
  const doneEn = page.getByTestId('done-table').locator('tbody tr.ant-table-row').filter({ hasText: first }).filter({ hasText: '部门审批' });
  await clickRowAction(doneEn, 'View');
  await expect(taskPage.getByTestId('task-history')).toContainText('同意，注意交接');
  await expect(taskPage).toContainText('Form data');
  await expectNoSeriousViolations(page, 'a task page on a phone');
  await shot(page, 'tasks-page-en-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await shot(page, 'tasks-page-en-1440');
  // Its print preview in English, in the three styles.
  const { print, area } = await openPrintPreview(page, taskPage);
  await expect(area).toContainText('Approval record');
  await expect(area).toContainText('同意，注意交接');
  // Every step of the record in words, the trip to the recycle bin included.
  await expect(area.locator('.print-record')).toContainText('Moved to the recycle bin');
  await printInEachStyle(page, print, { default: 'Default', underline: 'Underline', official: 'Official document' }, (style) => `tasks-print-${style}-en-1440`);
  await expect(area).toContainText('Approval Document');
  await page.keyboard.press('Escape');
  await expect(print).toBeHidden();
  await switchLanguage(page, 'zh');
  // A task that is not there (or not the user's) says so on its page.
  await page.goto('/workflow/tasks/2147483647');
  await expect(page.getByTestId('task-problem')).toHaveText('任务不存在');
  await expect(page.getByTestId('task-approve')).toHaveCount(0);
  // An address that is no task id at all says the same, without asking the server.
  await page.goto('/workflow/tasks/abc%00');
  await expect(page.getByTestId('task-problem')).toHaveText('任务不存在');
  // An id beyond an integer: the server's own answer, never an endless spinner.
  await page.goto('/workflow/tasks/99999999999');
  await expect(page.getByTestId('task-problem')).toHaveText(/编号必须是 1 到 2147483647 之间的整数/);
});
