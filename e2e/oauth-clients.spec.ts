import { constants, publicEncrypt } from 'node:crypto';
import { clickRowAction } from './support/rows.ts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, signInAsAdmin, switchLanguage } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { expectNoSeriousViolations } from './support/axe.ts';
import { shot } from './support/screens.ts';

/** What an integration does with its client: the password grant, authenticated with HTTP Basic. */
async function tokenWith(request: APIRequestContext, clientId: string, secret: string) {
  const { publicKey } = (await (await request.get('/api/macro-auth/oauth/public-key')).json()).data as { publicKey: string };
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(ADMIN.password)).toString(
    'base64',
  );
  return request.post('/api/macro-auth/oauth/token', {
    headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`, 'tenant-id': ADMIN.tenant },
    form: { grant_type: 'password', username: ADMIN.account, password },
  });
}

/** Copies the secret with the dialog's copy button and reads it back from the clipboard; closes the dialog. */
async function copySecret(page: Page): Promise<string> {
  const dialog = page.getByTestId('oauth-client-secret-dialog');
  await expect(dialog).toContainText('只显示这一次');
  const shown = (await dialog.getByTestId('oauth-client-secret-value').innerText()).trim();
  await dialog.getByTestId('oauth-client-secret-value').getByRole('button').click();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  await dialog.getByTestId('oauth-client-secret-done').click();
  await expect(dialog).toBeHidden();
  return shown;
}

test.beforeEach(async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAsAdmin(page);
});

test('the administrator creates an OAuth client, its copied secret gets a token, a rotation refuses the old one', async ({ page, request }) => {
  test.setTimeout(90_000);
  await new Shell(page).openMenu('系统管理', 'OAuth 客户端');
  await expect(page).toHaveURL(/\/controller\/oauthClient$/);

  await page.getByTestId('oauth-client-add').click();
  const dialog = page.getByTestId('oauth-client-dialog');
  await dialog.getByTestId('oauth-client-field-clientId').fill('a b');
  await dialog.getByTestId('oauth-client-field-name').focus();
  await expect(dialog.getByText('客户端 ID 为 3 到 64 位字母')).toBeVisible();
  await dialog.getByTestId('oauth-client-field-clientId').fill('e2e-erp');
  await dialog.getByTestId('oauth-client-field-name').fill('端到端 ERP');
  await dialog.getByTestId('oauth-client-field-clientId').focus();
  await expect(dialog.getByText('请输入客户端名称')).toBeHidden();
  await shot(page, 'oauth-client-dialog-zh-1440');
  await dialog.getByTestId('oauth-client-dialog-save').click();

  const secret = await copySecret(page);
  const row = page.getByTestId('oauth-client-table').getByRole('row', { name: /e2e-erp/ });
  await expect(row).toContainText('端到端 ERP');
  await expect(row).toContainText('已启用');
  await expect(page.getByTestId('oauth-client-table')).not.toContainText(secret);

  const first = await tokenWith(request, 'e2e-erp', secret);
  expect(first.status(), await first.text()).toBe(200);
  expect((await first.json()).expires_in).toBe(1800);

  await clickRowAction(row, '重置密钥');
  await page.getByTestId('oauth-client-rotate-confirm').click();
  const rotated = await copySecret(page);
  expect(rotated).not.toBe(secret);
  const refused = await tokenWith(request, 'e2e-erp', secret);
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toBe('invalid_client');
  expect((await tokenWith(request, 'e2e-erp', rotated)).status()).toBe(200);

  // Disabled from the screen: even the current secret is refused.
  await clickRowAction(row, '停用');
  await expect(row).toContainText('已停用');
  expect((await (await tokenWith(request, 'e2e-erp', rotated)).json()).error).toBe('invalid_client');

  await expectNoSeriousViolations(page, 'the OAuth client screen');
  await shot(page, 'oauth-clients-zh-1440');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'oauth-clients-zh-375');
  await page.setViewportSize({ width: 1440, height: 900 });
  await switchLanguage(page, 'en');
  await expect(page.getByTestId('oauth-client-table')).toContainText('Disabled');
  await shot(page, 'oauth-clients-en-1440');
  await page.getByTestId('oauth-client-add').click();
  await expect(page.getByTestId('oauth-client-dialog')).toContainText('Grant types');
  await shot(page, 'oauth-client-dialog-en-1440');
  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'oauth-client-dialog-en-375');
});

test('a client allowed client_credentials signs in as the service account the administrator names', async ({ page, request }) => {
  test.setTimeout(60_000);
  await new Shell(page).openMenu('系统管理', 'OAuth 客户端');
  await page.getByTestId('oauth-client-add').click();
  const dialog = page.getByTestId('oauth-client-dialog');
  const tenant = dialog.getByTestId('oauth-client-field-serviceTenantId');
  // The service account is asked for only once the grant is ticked.
  await expect(tenant).toBeDisabled();
  await dialog.getByTestId('oauth-client-field-clientId').fill('e2e-bot');
  await dialog.getByTestId('oauth-client-field-name').fill('对账机器人');
  await dialog.getByRole('checkbox', { name: '客户端凭证' }).check();
  await expect(tenant).toBeEnabled();
  await dialog.getByTestId('oauth-client-dialog-save').click();
  await expect(dialog.getByText('允许 client_credentials 时请选择服务账号所在租户')).toBeVisible();
  await tenant.fill(ADMIN.tenant);
  await dialog.getByTestId('oauth-client-field-serviceAccount').fill('no_such_account');
  await dialog.getByTestId('oauth-client-dialog-save').click();
  await expect(page.getByText(`租户 ${ADMIN.tenant} 中没有账号「no_such_account」`)).toBeVisible();
  await dialog.getByTestId('oauth-client-field-serviceAccount').fill(ADMIN.account);
  await shot(page, 'oauth-client-credentials-zh-1440');
  await dialog.getByTestId('oauth-client-dialog-save').click();
  const secret = await copySecret(page);

  const answer = await request.post('/api/macro-auth/oauth/token', {
    headers: { authorization: `Basic ${Buffer.from(`e2e-bot:${secret}`).toString('base64')}` },
    form: { grant_type: 'client_credentials' },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const tokens = await answer.json();
  expect(tokens).toMatchObject({ account: ADMIN.account, tenant_id: ADMIN.tenant });
  expect(tokens.refresh_token).toBeUndefined();
  const row = page.getByTestId('oauth-client-table').getByRole('row', { name: /e2e-bot/ });
  await clickRowAction(row, '删除');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /删\s*除|确\s*定/ })
    .last()
    .click();
  await expect(row).toBeHidden();
  const after = await request.get('/api/macro-user/info', { headers: { 'macro-auth': `bearer ${tokens.access_token}` } });
  expect(after.status()).toBe(401);
});
