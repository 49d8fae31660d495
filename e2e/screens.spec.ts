import { expect, test } from '@playwright/test';
import { DictPage } from './pages/dict.ts';
import { LoginPage, switchLanguage } from './pages/login.ts';
import { screenshot } from './support/screens.ts';

// Pictures of the dictionary screen to look at: both languages of the spec's
// screenshots, on a desktop and on a phone, with the dialog open over it.
const WIDTHS = [1440, 375] as const;
// Each picture is taken by a test of its own that changes nothing: they may go to any worker.
test.describe.configure({ mode: 'parallel' });
const TEXT = {
  zh: { entry: '国有企业', required: '请输入字典键值' },
  en: { entry: '国有企业', required: 'Please enter the dictionary key' },
} as const;

for (const language of ['zh', 'en'] as const) {
  for (const width of WIDTHS) {
    test(`the dictionary screen in ${language} at ${width}px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const login = new LoginPage(page);
      await login.open();
      if (language !== 'zh') await switchLanguage(page, language);
      await login.signIn();
      await expect(page.getByTestId('welcome-page')).toBeVisible();
      await page.goto('/controller/dictionaries');
      const dict = new DictPage(page);
      await dict.select('CompanyNature');
      await expect(dict.row(dict.children(), TEXT[language].entry)).toBeVisible();
      await screenshot(page, { path: `e2e/artifacts/screens/dict-${language}-${width}.png`, fullPage: true, animations: 'disabled' });

      await dict.rowAction(dict.children(), TEXT[language].entry, language === 'zh' ? '编辑' : 'Edit');
      await expect(dict.dialog().getByTestId('dict-field-dictKey')).toHaveValue('1');
      await dict.dialog().getByTestId('dict-field-dictKey').fill('');
      await dict.save();
      await expect(dict.dialog().getByText(TEXT[language].required)).toBeVisible();
      await screenshot(page, { path: `e2e/artifacts/screens/dict-dialog-${language}-${width}.png`, animations: 'disabled' });
    });
  }
}
