import type { Browser, Page } from '@playwright/test';
import { LoginPage } from './login.ts';
import { Shell } from './shell.ts';

/** One person's browser (a context of their own), signed in and on their task list. */
export async function taskListAs(browser: Browser, account: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(account, password);
  await new Shell(page).openMenu('流程中心', '我的任务');
  return page;
}
