import { readFileSync } from 'node:fs';
import { clickRowAction } from './support/rows.ts';
import { expect, test } from '@playwright/test';
import { switchLanguage, signInAsAdmin } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { adminApi } from './support/api.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

const code = `e2e_trip_${Date.now().toString(36)}`;

const bpmn = (task: string) => `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:macro="http://macro.console/schema/bpmn" id="defs_${code}" targetNamespace="http://macro.console/e2e">
  <bpmn:process id="${code}" name="出差审批" isExecutable="true">
    <bpmn:startEvent id="start"/>
    ${task}
    <bpmn:endEvent id="end"/>
    <bpmn:sequenceFlow id="f1" sourceRef="start" targetRef="review"/>
    <bpmn:sequenceFlow id="f2" sourceRef="review" targetRef="end"/>
  </bpmn:process>
</bpmn:definitions>`;

test('an administrator imports a template from a BPMN file, is told which element the engine refuses, enables, exports and deletes it', async ({ page }) => {
  test.setTimeout(180_000);
  await signInAsAdmin(page);
  await new Shell(page).openMenu('流程中心', '流程模板');
  await expect(page).toHaveURL(/\/workflow\/schemes$/);
  // Every tenant starts with the leave template.
  await expect(page.getByTestId('scheme-table').locator('tbody tr.ant-table-row').filter({ hasText: '请假审批' })).toContainText('已启用');

  await page.getByTestId('scheme-add').click();
  const dialog = page.getByTestId('scheme-dialog');
  await dialog.getByTestId('scheme-dialog-save').click();
  await expect(dialog.getByText('请输入模板名称')).toBeVisible();
  await expect(dialog.getByText('请选择模板分类')).toBeVisible();
  await dialog.getByTestId('scheme-field-name').fill('出差审批');
  await dialog.getByTestId('scheme-field-code').fill(code);
  await dialog.getByTestId('scheme-field-category').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '通用审批' }).click();

  // The designer opens first with a start event; the XML is the other view of the same value.
  await expect(dialog.getByTestId('bpmn-canvas').locator('[data-element-id="start"]')).toBeVisible();
  await dialog.getByRole('tab', { name: 'XML' }).click();
  await expect(dialog.getByTestId('scheme-field-xml')).toHaveValue(/<bpmn:startEvent id="start"/);
  // A script task is not supported: the engine's lint names it, nothing is saved.
  const file = dialog.locator('input[type=file]');
  await file.setInputFiles({
    name: 'trip.bpmn',
    mimeType: 'application/xml',
    buffer: Buffer.from(bpmn('<bpmn:scriptTask id="review" scriptFormat="js"><bpmn:script>x()</bpmn:script></bpmn:scriptTask>')),
  });
  await expect(dialog.getByTestId('scheme-field-xml')).toHaveValue(/scriptTask/);
  await dialog.getByTestId('scheme-dialog-save').click();
  await expect(page.getByText(/流程配置无效：.*review/)).toBeVisible();
  await expect(dialog).toBeVisible();
  await expectNoSeriousViolations(page, 'the template dialog');
  await shot(page, 'schemes-dialog-zh-1440');

  await file.setInputFiles({
    name: 'trip.bpmn',
    mimeType: 'application/xml',
    buffer: Buffer.from(
      bpmn(
        '<bpmn:userTask id="review" name="审核"><bpmn:extensionElements><macro:node><macro:approver kind="superior"/></macro:node></bpmn:extensionElements></bpmn:userTask>',
      ),
    ),
  });
  await expect(dialog.getByTestId('scheme-field-xml')).toHaveValue(/userTask/);
  await dialog.getByTestId('scheme-dialog-save').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('scheme-table').locator('tbody tr.ant-table-row').filter({ hasText: code });
  await expect(row).toContainText('出差审批');
  await expect(row).toContainText('已启用');
  // The category by its name, not its code.
  await expect(row).toContainText('通用审批');
  await expect(row).not.toContainText('general');

  await clickRowAction(row, '停用');
  await expect(row).toContainText('已停用');
  await clickRowAction(row, '启用');
  await expect(row).toContainText('已启用');

  // Export gives back the deployed XML as a file.
  const downloading = page.waitForEvent('download');
  await clickRowAction(row, '导出');
  const saved = await downloading;
  expect(saved.suggestedFilename()).toBe(`${code}-v1.bpmn`);
  expect(readFileSync(await saved.path(), 'utf8')).toContain('<bpmn:userTask id="review"');
  await expectNoSeriousViolations(page, 'the template list');
  await shot(page, 'schemes-zh-1440');

  await switchLanguage(page, 'en');
  await expect(page.getByTestId('scheme-page')).toContainText('Process templates');
  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSeriousViolations(page, 'the template list on a phone');
  await shot(page, 'schemes-en-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'zh');

  await clickRowAction(row, '删除');
  await expect(page.getByText('将删除模板「出差审批」，是否继续？')).toBeVisible();
  await page.getByTestId('scheme-remove-confirm').click();
  await expect(row).toHaveCount(0);
});

test('an administrator tests moving a running process to a new version, then applies it after being told it cannot be undone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await adminApi(request);
  const versioned = `e2e_ver_${Date.now().toString(36)}`;
  const xml = (name: string) =>
    bpmn(
      `<bpmn:userTask id="review" name="${name}"><bpmn:extensionElements><macro:node><macro:approver kind="person" values="${api.userId}"/></macro:node></bpmn:extensionElements></bpmn:userTask>`,
    ).replaceAll(code, versioned);
  const scheme = await api.post<{ id: number }>('/api/macro-flow/model-scheme-info/new-model', {
    name: '用章审批',
    code: versioned,
    category: 'general',
    xml: xml('审核'),
  });
  await api.post('/api/macro-flow/workflow-task/create-process', { code: versioned, title: `用章 ${versioned}` });
  await api.put('/api/macro-flow/model-scheme-info/update', { id: scheme.id, name: '用章审批', category: 'general', xml: xml('复核') });

  await signInAsAdmin(page);
  await new Shell(page).openMenu('流程中心', '流程模板');
  const row = page.getByTestId('scheme-table').locator('tbody tr.ant-table-row').filter({ hasText: versioned });
  await clickRowAction(row, '版本变更');
  const dialog = page.getByTestId('version-dialog');
  await expect(dialog.getByTestId('version-list').locator('tbody tr')).toHaveCount(2);
  const running = dialog
    .getByTestId('version-running')
    .locator('tbody tr')
    .filter({ hasText: `用章 ${versioned}` });
  await expect(running).toContainText('v1');
  await expect(dialog.getByTestId('version-apply')).toBeDisabled();
  await running.getByRole('checkbox').check();
  await dialog.getByTestId('version-target').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'v2' }).click();
  await dialog.getByTestId('version-test').click();
  await expect(dialog.getByTestId('version-report')).toContainText('可以变更');
  await expectNoSeriousViolations(page, 'the version change dialog');
  await shot(page, 'schemes-versions-zh-1440');
  await dialog.getByTestId('version-apply').click();
  await expect(page.getByText(/此操作不可撤销/)).toBeVisible();
  await page.getByTestId('version-change-confirm').click();
  await expect(page.getByText('流程版本已变更')).toBeVisible();
  await expect(running).toContainText('v2');
});
