import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { clickRowAction } from './support/rows.ts';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

const code = `e2e_design_${Date.now().toString(36)}`;

/** Written by hand, with no diagram: the designer lays it out. */
const xml = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${code}" targetNamespace="http://macro.console/e2e">
  <bpmn:process id="${code}" isExecutable="true">
    <bpmn:startEvent id="start" name="申请"/>
    <bpmn:userTask id="review" name="审核"><bpmn:extensionElements><macro:node><macro:approver kind="superior" values="1"/></macro:node></bpmn:extensionElements></bpmn:userTask>
    <bpmn:endEvent id="end" name="结束"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"/>
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

/**
 * Deploys `xml` (with `code` replaced by `templateCode`) as a template through the API, signs in
 * and opens it in the designer; returns the parts a test works with.
 */
async function openTemplate(page: Page, request: APIRequestContext, templateCode: string, name: string, source = xml) {
  const api = await adminApi(request);
  const scheme = await api.post<{ id: number }>('/api/macro-flow/model-scheme-info/new-model', {
    name,
    code: templateCode,
    category: 'general',
    xml: source.replaceAll(code, templateCode),
  });
  await signInAsAdmin(page);
  await new Shell(page).openMenu('流程中心', '流程模板');
  const row = page.getByTestId('scheme-table').locator('tbody tr.ant-table-row').filter({ hasText: templateCode });
  await clickRowAction(row, '编辑');
  const dialog = page.getByTestId('scheme-dialog');
  const canvas = dialog.getByTestId('bpmn-canvas');
  await expect(canvas.locator('[data-element-id="review"]')).toBeVisible();
  return { api, scheme, row, dialog, canvas, panel: dialog.getByTestId('node-panel') };
}

type NodeInfo = { id: string; counterSign: boolean; formKey: string | null; fields: { name: string; permission: string }[]; rejectMode: string };

test('an administrator sets a node’s approvers, counter-sign, form and field permissions in the designer; the deployed version keeps them', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // Laid out although the XML carried no diagram.
  const { api, scheme, row, dialog, canvas, panel } = await openTemplate(page, request, code, '设计器审批');
  await canvas.locator('.djs-element[data-element-id="review"] .djs-hit').first().click({ force: true });
  await expect(panel).toContainText('review');
  await panel.getByTestId('node-approver-kind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '指定人员' }).click();
  await panel.getByTestId('node-approver-people').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '管理员' }).first().click();
  await page.keyboard.press('Escape');
  await panel.getByRole('combobox', { name: '会签', exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '并行会签' }).click();
  await panel.getByRole('combobox', { name: '驳回', exact: true }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '仅上一节点' }).click();
  await panel.getByTestId('node-form').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '请假单' }).click();
  await expect(panel.getByTestId('node-fields')).toContainText('事由');
  await panel.getByRole('combobox', { name: '事由 权限' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '隐藏' }).click();
  await panel.getByTestId('node-apply').click();
  await expectNoSeriousViolations(page, 'the template designer');
  await shot(page, 'designer-zh-1440');

  // The same settings, as XML.
  await dialog.getByRole('tab', { name: 'XML' }).click();
  const text = dialog.getByTestId('scheme-field-xml');
  await expect(text).toHaveValue(/<macro:approver kind="person" values="\d+"/);
  await expect(text).toHaveValue(/<macro:counterSign type="parallel" completion="all"/);
  await expect(text).toHaveValue(/<macro:form formKey="system:leave">\s*<macro:field name="reason" permission="hidden"/);
  await expect(text).toHaveValue(/bpmndi:BPMNShape/);
  // Simulated before it is deployed: the path and who each node goes to; nothing is kept.
  await dialog.getByRole('tab', { name: '模拟运行' }).click();
  await dialog.getByTestId('simulate-sample').fill('{"leaveType": "annual", "days": 2}');
  await dialog.getByTestId('simulate-run').click();
  const result = dialog.getByTestId('simulate-result');
  await expect(result).toContainText('审核 → 管理员');
  await expect(result).toContainText('可以结束');
  await expectNoSeriousViolations(page, 'the simulation');
  await shot(page, 'designer-simulate-zh-1440');
  await dialog.getByTestId('scheme-dialog-save').click();
  await expect(dialog).toBeHidden();

  // The engine reads them back from the deployed version.
  const nodes = (
    await (await request.get(`/api/macro-flow/model-scheme-info/node-info?modelId=${scheme.id}`, { headers: { 'macro-auth': `bearer ${api.token}` } })).json()
  ).data as NodeInfo[];
  expect(nodes.find((n) => n.id === 'review')).toMatchObject({
    counterSign: true,
    formKey: 'system:leave',
    rejectMode: 'previous',
    fields: [{ name: 'reason', permission: 'hidden' }],
  });

  await switchLanguage(page, 'en');
  await clickRowAction(row, 'Edit');
  await expect(canvas.locator('[data-element-id="review"]')).toBeVisible();
  // The diagram is fitted to the canvas after it loads: a click while it moves can miss the node.
  await expect(async () => {
    await canvas.locator('.djs-element[data-element-id="review"] .djs-hit').first().click({ force: true });
    await expect(panel).toContainText('Approval node', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await shot(page, 'designer-en-1440');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog).toBeHidden();
  await switchLanguage(page, 'zh');
});

test('the designer marks each element the engine cannot run, with the reason, before anything is deployed', async ({ page, request }) => {
  const lintCode = `${code}_lint`;
  const { row, dialog } = await openTemplate(page, request, lintCode, '设计器检查');
  // A model the engine runs: nothing marked.
  await expect(dialog.getByTestId('bpmn-lint')).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'XML' }).click();
  const broken = xml.replaceAll(code, lintCode).replace('<bpmn:endEvent id="end" name="结束"/>', '<bpmn:scriptTask id="end" name="脚本"/>');
  await dialog.getByTestId('scheme-field-xml').fill(broken);
  await dialog.getByRole('tab', { name: '流程图' }).click();
  const list = dialog.getByTestId('bpmn-lint');
  // The unsupported end, and the node that now leads nowhere.
  await expect(list).toContainText('有 2 处流程引擎无法运行');
  await expect(list).toContainText('ScriptTask end');
  await expect(list).toContainText('UserTask review');
  await expect(dialog.getByTestId('bpmn-lint-end')).toHaveAttribute('aria-label', '不支持的元素 ScriptTask');
  await expect(list).toContainText('没有流出的连线');
  await list.getByRole('button', { name: 'ScriptTask end' }).click();
  await expect(dialog.getByTestId('node-panel')).toContainText('end');
  await expectNoSeriousViolations(page, 'the designer with a lint marker');
  await shot(page, 'designer-lint-zh-1440');
  // Nothing was saved: the template still opens clean, and in English the list says the same.
  await page.getByRole('button', { name: /^取\s*消$/ }).click();
  await page.getByTestId('scheme-dialog-discard').click();
  await switchLanguage(page, 'en');
  await clickRowAction(row, 'Edit');
  await expect(dialog.getByTestId('bpmn-canvas').locator('[data-element-id="review"]')).toBeVisible();
  await expect(dialog.getByTestId('bpmn-lint-end')).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'XML' }).click();
  await dialog.getByTestId('scheme-field-xml').fill(broken);
  await dialog.getByRole('tab', { name: 'Diagram' }).click();
  await expect(list).toContainText('2 problem(s) the workflow engine cannot run');
  await expect(list).toContainText('ScriptTask is not a supported element');
  await expect(dialog.getByTestId('bpmn-lint-end')).toHaveAttribute('aria-label', 'ScriptTask is not a supported element');
  await shot(page, 'designer-lint-en-1440');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByTestId('scheme-dialog-discard').click();
  await expect(dialog).toBeHidden();
  await switchLanguage(page, 'zh');
});

test('an administrator picks approvers by post, by another node and by levels up, and limits who may start the template', async ({ page, request }) => {
  test.setTimeout(180_000);
  const pickCode = `${code}_pick`;
  const name = `选人审批${pickCode.slice(-4)}`;
  const twoNodes = xml
    .replace(
      '<bpmn:endEvent id="end" name="结束"/>',
      '<bpmn:userTask id="check" name="复核"><bpmn:extensionElements><macro:node><macro:approver kind="superior" values="1"/></macro:node></bpmn:extensionElements></bpmn:userTask><bpmn:endEvent id="end" name="结束"/>',
    )
    .replace(
      '<bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end"/>',
      '<bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="check"/><bpmn:sequenceFlow id="f3" sourceRef="check" targetRef="end"/>',
    );
  const { row, dialog, canvas, panel } = await openTemplate(page, request, pickCode, name, twoNodes);
  const option = (text: string) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text });
  const chooseNode = async (id: string) => {
    await canvas.locator(`.djs-element[data-element-id="${id}"] .djs-hit`).first().click({ force: true });
    await expect(panel).toContainText(id);
  };
  const chooseKind = async (label: string) => {
    await panel.getByTestId('node-approver-kind').click();
    await option(label).click();
  };

  // The first node: holders of a post, chosen by name rather than typed as an id.
  await expect(canvas.locator('[data-element-id="check"]')).toBeVisible();
  await chooseNode('review');
  await chooseKind('岗位');
  await panel.getByTestId('node-approver-posts').click();
  await option('部门经理').click();
  await page.keyboard.press('Escape');
  await expect(panel).toContainText('担任这些岗位的人审批');
  await panel.getByTestId('node-apply').click();
  // The second: whoever approved the first, offered from the nodes of this diagram (not itself).
  await chooseNode('check');
  await chooseKind('某节点的审批人');
  await panel.getByTestId('node-approver-nodes').click();
  await expect(option('复核 (check)')).toHaveCount(0);
  await option('审核 (review)').click();
  await page.keyboard.press('Escape');
  // No apply button pressed: the panel applies as it is edited.
  await expectNoSeriousViolations(page, 'the designer with a node approver');
  await shot(page, 'designer-pickers-zh-1440');
  await dialog.getByRole('tab', { name: 'XML' }).click();
  const text = dialog.getByTestId('scheme-field-xml');
  await expect(text).toHaveValue(/<macro:approver kind="post" values="\d+"/);
  await expect(text).toHaveValue(/<macro:approver kind="nodeApprover" values="review"/);
  // Back on the diagram, the first node goes two levels up the starter's departments instead.
  await dialog.getByRole('tab', { name: '流程图' }).click();
  await chooseNode('review');
  await expect(panel.getByTestId('node-approver-posts')).toContainText('部门经理');
  await chooseKind('上级');
  await panel.getByTestId('node-approver-levels').fill('2');
  await dialog.getByRole('tab', { name: 'XML' }).click();
  await expect(text).toHaveValue(/<macro:approver kind="superior" values="2"/);
  await dialog.getByTestId('scheme-dialog-save').click();
  await expect(dialog).toBeHidden();

  // Who may start it: open to everyone until someone is chosen.
  await clickRowAction(row, '发起权限');
  const authority = page.getByTestId('scheme-authority-dialog');
  await expect(authority.getByTestId('scheme-authority-who')).toContainText('所有人（未限制）');
  await authority.getByTestId('scheme-authority-posts').click();
  await option('总经理').click();
  await page.keyboard.press('Escape');
  await authority.getByTestId('scheme-authority-save').click();
  await expect(page.getByText('发起权限已保存')).toBeVisible();
  await expect(authority).toBeHidden();
  // Nobody holds that post: the dialog says so, and the administrator's launch list no longer offers it.
  await clickRowAction(row, '发起权限');
  await expect(authority.getByTestId('scheme-authority-posts')).toContainText('总经理');
  await expect(authority.getByTestId('scheme-authority-who')).toContainText('没有人可以发起');
  /**
   * Whether the launch dialog offers the template, found by typing its name (a long list renders
   * only its first options) and counted until the list the dialog fetched shows it (or not).
   */
  const expectLaunchOffers = async (count: 0 | 1) => {
    await new Shell(page).openMenu('流程中心', '我的任务');
    await page.getByTestId('todo-launch').click();
    await page.getByTestId('launch-template').click();
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option').first()).toBeVisible();
    await page.keyboard.type(name);
    await expect(option(name)).toHaveCount(count);
    await page.keyboard.press('Escape');
    await page
      .getByTestId('launch-dialog')
      .getByRole('button', { name: /^取\s*消$/ })
      .click();
  };
  await authority.getByTestId('scheme-authority-users').click();
  await page.keyboard.type('admin');
  await option('(admin)').first().click();
  await page.keyboard.press('Escape');
  await expectNoSeriousViolations(page, 'the template authority dialog');
  await shot(page, 'schemes-authority-zh-1440');
  await page.getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(authority).toBeHidden();
  await expectLaunchOffers(0);
  // Named in person, the administrator is offered it again.
  await new Shell(page).openMenu('流程中心', '流程模板');
  await clickRowAction(row, '发起权限');
  await authority.getByTestId('scheme-authority-users').click();
  await page.keyboard.type('admin');
  await option('(admin)').first().click();
  await page.keyboard.press('Escape');
  await authority.getByTestId('scheme-authority-save').click();
  await expect(authority).toBeHidden();
  await clickRowAction(row, '发起权限');
  await expect(authority.getByTestId('scheme-authority-who')).toContainText('(admin)');
  await page.getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(authority).toBeHidden();
  await switchLanguage(page, 'en');
  await clickRowAction(row, 'Who may start');
  await expect(authority.getByTestId('scheme-authority-who')).toContainText('May start now:');
  await expect(authority.getByTestId('scheme-authority-posts')).toContainText('总经理');
  await shot(page, 'schemes-authority-en-1440');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await switchLanguage(page, 'zh');
  await expectLaunchOffers(1);
});

test('a model from another tool: the designer shows a task’s BPMN potential owners and binds its service task', async ({ page, request }) => {
  const serviceCode = `${code}_svc`;
  const source = xml
    .replace('<bpmn:process ', '<bpmn:resource id="approverResource" name="Approver"/><bpmn:process ')
    .replace(
      /<bpmn:userTask id="review" name="审核">.*?<\/bpmn:userTask>/,
      '<bpmn:userTask id="review" name="审核"><bpmn:potentialOwner id="owner"><bpmn:resourceRef>approverResource</bpmn:resourceRef></bpmn:potentialOwner></bpmn:userTask>' +
        '<bpmn:serviceTask id="archive" name="归档"><bpmn:extensionElements><macro:node><macro:service kind="builtin" name="timestamp"/></macro:node></bpmn:extensionElements></bpmn:serviceTask>',
    )
    .replace(
      '<bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end"/>',
      '<bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="archive"/><bpmn:sequenceFlow id="f3" sourceRef="archive" targetRef="end"/>',
    );
  const { dialog, canvas, panel, row } = await openTemplate(page, request, serviceCode, '外部模型', source);
  await canvas.locator('[data-element-id="review"]').click();
  await expect(panel.getByTestId('node-performers')).toContainText('BPMN 候选人：Approver');
  await canvas.locator('[data-element-id="archive"]').click();
  await expect(panel.getByTestId('node-service-builtin')).toContainText('时间戳');
  await panel.getByTestId('node-service-kind').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'HTTP 调用' }).click();
  await panel.getByTestId('node-service-url').fill('https://erp.example.com/archive');
  await panel.getByTestId('node-apply').click();
  await expectNoSeriousViolations(page, 'the designer with a service task');
  await shot(page, 'designer-service-zh-1440');
  await dialog.getByRole('tab', { name: 'XML' }).click();
  await expect(dialog.getByTestId('scheme-field-xml')).toHaveValue(/<macro:service kind="http" url="https:\/\/erp\.example\.com\/archive" method="POST"\s*\/>/);
  await page.getByRole('button', { name: /^取\s*消$/ }).click();
  await page.getByTestId('scheme-dialog-discard').click();
  await expect(dialog).toBeHidden();

  // The same panel in English, on a desktop and on a phone.
  await switchLanguage(page, 'en');
  await clickRowAction(row, 'Edit');
  await canvas.locator('[data-element-id="archive"]').click();
  await expect(panel.getByTestId('node-service-builtin')).toContainText('Timestamp');
  await expectNoSeriousViolations(page, 'the designer with a service task, in English');
  await shot(page, 'designer-service-en-1440');
  await page.setViewportSize({ width: 375, height: 812 });
  // On a phone the panel sits under the diagram.
  await panel.getByTestId('node-service-builtin').scrollIntoViewIfNeeded();
  await expect(panel.getByTestId('node-service-builtin')).toBeInViewport();
  await expectNoSeriousViolations(page, 'the designer with a service task, at 375 px');
  await shot(page, 'designer-service-en-375');
  // The palette keeps to one narrow column, the diagram most of the canvas.
  await canvas.scrollIntoViewIfNeeded();
  const [paletteBox, canvasBox] = await Promise.all([canvas.locator('.djs-palette').boundingBox(), canvas.boundingBox()]);
  expect(paletteBox!.width).toBeLessThanOrEqual(canvasBox!.width * 0.15);
  await shot(page, 'designer-canvas-en-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.keyboard.press('Escape');
  await switchLanguage(page, 'zh');
});
