import { expect, test } from '@playwright/test';
import { LoginPage, switchLanguage } from './pages/login.ts';
import { Shell } from './pages/shell.ts';

// Every language must show real words on each screen: no message key leaks (a missing
// translation shows its key, e.g. "dict.field.code"), and each language's own text appears.
const expected = {
  zh: { folder: '系统管理', menu: '字典管理', add: '新增' },
  en: { folder: 'System', menu: 'Dictionaries', add: 'Add' },
  ja: { folder: 'システム管理', menu: '辞書管理', add: '新規' },
} as const;
const LEAKED_KEY = /\b[a-z]+(\.[a-zA-Z]+){1,3}\b/;

for (const language of ['zh', 'en', 'ja'] as const) {
  test(`every visible string is translated in ${language}`, async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    if (language !== 'zh') await switchLanguage(page, language);
    await expect(page.getByTestId('login-form')).not.toContainText(LEAKED_KEY);
    await login.signIn();
    await expect(page.getByTestId('welcome-page')).toBeVisible();
    await new Shell(page).openMenu(expected[language].folder, expected[language].menu);
    await expect(page.getByTestId('dict-parent-add')).toContainText(expected[language].add);
    await page.getByTestId('dict-parent-table').locator('tbody tr.ant-table-row').first().click();
    await page.getByTestId('dict-parent-add').click();
    await page.getByTestId('dict-dialog-save').click();
    const shellText = await page.locator('body').innerText();
    const leaked = shellText.split('\n').filter((line) => LEAKED_KEY.test(line) && !/@|\d{4}/.test(line));
    expect(leaked, `untranslated keys in ${language}`).toEqual([]);
    if (language !== 'zh') await page.screenshot({ path: `e2e/artifacts/dict-dialog-${language}-validation.png` });
  });
}
