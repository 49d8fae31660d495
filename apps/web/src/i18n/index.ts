import type { Language } from '@macro/contract';
import zhMessages from '@macro/contract/messages/zh.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

type Bundle = Record<string, unknown>;

/** Namespace of the contract's shared messages (validation, server errors). */
export const MESSAGES_NS = 'messages';

// zh ships with the entry; en and ja are fetched when chosen.
const zhBundles = import.meta.glob<Bundle>('./zh/*.json', { eager: true, import: 'default' });
const lazyBundles = import.meta.glob<Bundle>(['./en/*.json', './ja/*.json'], { import: 'default' });
// Each contract domain keeps its messages beside its schemas; they are found, not listed.
const zhDomainMessages = import.meta.glob<Record<string, string>>('../../../../packages/contract/src/*/messages/zh.json', {
  eager: true,
  import: 'default',
});
const lazyDomainMessages = import.meta.glob<Record<string, string>>(
  ['../../../../packages/contract/src/*/messages/en.json', '../../../../packages/contract/src/*/messages/ja.json'],
  { import: 'default' },
);
const lazyMessages: Record<Exclude<Language, 'zh'>, () => Promise<Bundle>> = {
  en: () => import('@macro/contract/messages/en.json').then((m) => m.default),
  ja: () => import('@macro/contract/messages/ja.json').then((m) => m.default),
};

/** The domain of `…/<domain>/messages/<language>.json`. */
const domainOf = (path: string): string => path.split('/').at(-3)!;

/** The kit's messages with every domain's merged in, as the `messages` namespace. */
async function contractMessages(language: Language): Promise<Bundle> {
  const merged: Bundle = { ...(language === 'zh' ? zhMessages : await lazyMessages[language]()) };
  if (language === 'zh') {
    for (const [path, table] of Object.entries(zhDomainMessages)) merged[domainOf(path)] = table;
    return merged;
  }
  const files = Object.entries(lazyDomainMessages).filter(([path]) => path.endsWith(`/${language}.json`));
  const tables = await Promise.all(files.map(([, load]) => load()));
  files.forEach(([path], i) => {
    merged[domainOf(path)] = tables[i];
  });
  return merged;
}

const namespaceOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);

export const NAMESPACES = Object.keys(zhBundles).map(namespaceOf);

async function loadBundles(language: Language): Promise<void> {
  if (language === 'zh' || i18next.hasResourceBundle(language, 'common')) return;
  const files = Object.entries(lazyBundles).filter(([path]) => path.startsWith(`./${language}/`));
  const [messages, ...bundles] = await Promise.all([contractMessages(language), ...files.map(([, load]) => load())]);
  i18next.addResourceBundle(language, MESSAGES_NS, messages);
  files.forEach(([path], i) => {
    i18next.addResourceBundle(language, namespaceOf(path), bundles[i]);
  });
}

export async function initI18n(language: Language): Promise<void> {
  const zh: Record<string, Bundle> = { [MESSAGES_NS]: await contractMessages('zh') };
  for (const [path, bundle] of Object.entries(zhBundles)) zh[namespaceOf(path)] = bundle;
  await i18next.use(initReactI18next).init({
    lng: 'zh',
    fallbackLng: 'zh',
    resources: { zh },
    ns: [...NAMESPACES, MESSAGES_NS],
    defaultNS: 'common',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  if (language !== 'zh') await changeLanguage(language);
}

/** Loads the language's bundles if needed, then switches i18next to it. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadBundles(language);
  await i18next.changeLanguage(language);
}

export { i18next };
