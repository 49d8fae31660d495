import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { LoginPage, switchLanguage } from './pages/login.ts';
import { Shell } from './pages/shell.ts';
import { screenshot } from './support/screens.ts';

const HAN = /[\u4e00-\u9fff]/;
/** Every string of these zh namespaces that Japanese does not share: seen in Japanese, it was never translated. */
function zhOnlyStrings(namespaces: readonly string[]): Set<string> {
  const strings = (language: string) => {
    const found: string[] = [];
    const walk = (value: unknown) => {
      if (typeof value === 'string') found.push(value);
      else if (value && typeof value === 'object') Object.values(value).forEach(walk);
    };
    for (const ns of namespaces) walk(JSON.parse(readFileSync(`apps/web/src/i18n/${language}/${ns}.json`, 'utf8')));
    return found;
  };
  const ja = new Set(strings('ja'));
  return new Set(strings('zh').filter((text) => HAN.test(text) && !text.includes('{{') && !ja.has(text)));
}

/** The console's own words on the screen: sidebar, tab strip, the page's headings, table header, buttons and form labels (not the data). */
async function chromeLines(page: Page): Promise<string[]> {
  const parts = [
    '[data-testid="side-menu"]',
    '[data-testid="tab-strip"]',
    '.ant-card-head-title',
    '.ant-table-thead',
    'button',
    '.ant-form-item-label',
    '.ant-form-item-explain',
    '.ant-modal-title',
  ];
  // The user menu shows the user's name, which is data.
  const texts = await page
    .locator(parts.join(', '))
    .evaluateAll((nodes) => nodes.filter((node) => !node.closest('[data-testid="user-menu"]')).map((node) => (node as HTMLElement).innerText));
  // Names quoted in a sentence (“公司性质”) are data too.
  return texts
    .flatMap((text) => text.split('\n'))
    .map((line) => line.replace(/“[^”]*”|「[^」]*」/g, '').trim())
    .filter(Boolean);
}

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
    // No word of the console stays in Chinese: none at all in English, none of zh's own strings in Japanese.
    const lines = await chromeLines(page);
    expect(lines.length).toBeGreaterThan(20);
    if (language === 'en')
      expect(
        lines.filter((line) => HAN.test(line)),
        'Chinese left in English',
      ).toEqual([]);
    const zhOnly = zhOnlyStrings(['shell', 'menu', 'dict', 'common']);
    const chinese = lines.filter((line) => zhOnly.has(line) || zhOnly.has(line.replace(/\s+/g, '')));
    // In Chinese the same check finds the page's own words (so in Japanese it can find a leftover).
    if (language === 'zh') expect(chinese.length).toBeGreaterThan(10);
    if (language === 'ja') expect(chinese, 'Chinese left in Japanese').toEqual([]);
    if (language !== 'zh') await screenshot(page, { path: `e2e/artifacts/dict-dialog-${language}-validation.png` });
  });
}
