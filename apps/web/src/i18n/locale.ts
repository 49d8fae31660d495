import type { Language } from '@macro/contract';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { create } from 'zustand';
import { useSession } from '../session/store';
import { changeLanguage, changeToCustomLanguage, i18next, preloadLanguage } from './index';

// antd and dayjs locales load on demand, like the message bundles; antd's own code already
// bundles en_US as its fallback, so that one costs nothing to import. dayjs itself is not part of
// the sign-in page: it loads with the first language and is one instance for every page after.
const antdLocales: Record<Language, () => Promise<Locale>> = {
  zh: async () => zhCN,
  en: async () => enUS,
  ja: () => import('antd/es/locale/ja_JP').then((m) => m.default),
};
const dayjsLocales: Record<Language, () => Promise<string>> = {
  zh: () => import('dayjs/locale/zh-cn').then(() => 'zh-cn'),
  en: async () => 'en',
  ja: () => import('dayjs/locale/ja').then(() => 'ja'),
};
const htmlLang: Record<Language, string> = { zh: 'zh-CN', en: 'en', ja: 'ja' };

interface LocaleState {
  antdLocale: Locale;
}

export const useLocaleStore = create<LocaleState>()(() => ({ antdLocale: zhCN }));

/** Switches messages, antd and dayjs to the language and remembers it in the session. */
export async function applyLanguage(language: Language): Promise<void> {
  const [antdLocale, dayjsName, { default: dayjs }] = await Promise.all([
    antdLocales[language](),
    dayjsLocales[language](),
    import('dayjs'),
    preloadLanguage(language),
  ]);
  // Dates first: the switch re-renders every page, and what they format must already speak the language.
  dayjs.locale(dayjsName);
  useLocaleStore.setState({ antdLocale });
  // The plain title; the shell names the page in it once the switch has re-rendered it.
  document.title = i18next.getFixedT(language)('shell:title');
  await changeLanguage(language);
  useSession.getState().setLanguage(language);
  useSession.getState().setCustomLanguage('');
  document.documentElement.lang = htmlLang[language];
}

/**
 * Switches to a language added in the language packs: its translations over zh (dates, antd
 * and the server's messages stay zh, the fallback).
 */
export async function applyCustomLanguage(code: string): Promise<void> {
  await applyLanguage('zh');
  await changeToCustomLanguage(code);
  useSession.getState().setCustomLanguage(code);
  document.documentElement.lang = code;
}
