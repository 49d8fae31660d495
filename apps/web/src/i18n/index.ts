import { type Language, LANGUAGES } from '@macro/contract';
import zhMessages from '@macro/contract/messages/zh.json';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageBundle } from './bundles/bundle';

type Bundle = Record<string, unknown>;

/** Namespace of the contract's shared messages (validation, server errors). */
export const MESSAGES_NS = 'messages';

// What the entry needs before anyone signs in (the sign-in page, the shell's frame, error pages)
// ships with it in zh; every feature's strings, and en and ja, are fetched when needed.
const CORE = ['common', 'shell', 'login', 'errors', 'menu'] as const;

const zhCore = import.meta.glob<Bundle>(['./zh/common.json', './zh/shell.json', './zh/login.json', './zh/errors.json', './zh/menu.json'], {
  eager: true,
  import: 'default',
});
const zhCoreDomainMessages = import.meta.glob<Record<string, string>>('../../../../packages/contract/src/auth/messages/zh.json', {
  eager: true,
  import: 'default',
});
/**
 * Everything else comes as one module per language (bundles/): a language's strings are one
 * download, not one per namespace and domain.
 */
const languageBundles: Record<Language, () => Promise<LanguageBundle>> = {
  zh: () => import('./bundles/zh').then((m) => m.default),
  en: () => import('./bundles/en').then((m) => m.default),
  ja: () => import('./bundles/ja').then((m) => m.default),
};

/** The domain of `…/<domain>/messages/<language>.json`. */
const domainOf = (path: string): string => path.split('/').at(-3)!;
const namespaceOf = (path: string): string => path.slice(path.lastIndexOf('/') + 1, -'.json'.length);

const isCore = (namespace: string) => (CORE as readonly string[]).includes(namespace);

/** The kit's messages with the core domain's (auth) merged in, as the `messages` namespace (zh ships with the entry). */
function zhCoreMessages(): Bundle {
  const merged: Bundle = { ...zhMessages };
  for (const [path, table] of Object.entries(zhCoreDomainMessages)) merged[domainOf(path)] = table;
  return merged;
}

/** Adds the namespaces of `language` that `wanted` selects and are not there yet, and its messages. */
function addBundle(language: Language, bundle: LanguageBundle, wanted: (namespace: string) => boolean): void {
  for (const [namespace, strings] of Object.entries(bundle.namespaces)) {
    if (wanted(namespace) && !i18next.hasResourceBundle(language, namespace)) i18next.addResourceBundle(language, namespace, strings);
  }
  i18next.addResourceBundle(language, MESSAGES_NS, bundle.messages, true, false);
}

/** A language's run-time translations (namespace → key → text), from the language packs. */
export type LanguagePack = Record<string, Record<string, string>>;
let packLoader: ((language: string) => Promise<LanguagePack>) | null = null;

/** Who fetches the language packs (languagePack.ts); set once by the composition root. */
export function setLanguagePackLoader(loader: (language: string) => Promise<LanguagePack>): void {
  packLoader = loader;
}

/** `a.b` keys as i18next nests them. */
function nested(table: Record<string, string>): Bundle {
  const out: Bundle = {};
  for (const [key, value] of Object.entries(table)) {
    const parts = key.split('.');
    let at = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof at[part] !== 'object' || at[part] === null) at[part] = {};
      at = at[part] as Bundle;
    }
    at[parts.at(-1)!] = value;
  }
  return out;
}

/**
 * Merges the administrators' translations over the built-in strings of `language`. A console
 * without the pack (the call failed) still works with its own strings.
 */
async function mergeLanguagePack(language: string): Promise<void> {
  if (!packLoader) return;
  const pack = await packLoader(language).catch(() => ({}) as LanguagePack);
  for (const [namespace, table] of Object.entries(pack)) i18next.addResourceBundle(language, namespace, nested(table), true, true);
}

const featuresLoaded = new Map<string, Promise<void>>();
const isBuiltIn = (language: string): language is Language => (LANGUAGES as readonly string[]).includes(language);
// The router starts loading the first page's route (and so these bundles) before i18next is set up.
let markInitialised: () => void = () => {};
const initialised = new Promise<void>((resolve) => {
  markInitialised = resolve;
});

/**
 * Every feature's strings in `language` (and the domain messages their forms show): what the
 * signed-in console needs before it renders a page. Fetched once per language.
 */
export async function loadFeatureBundles(chosen?: string): Promise<void> {
  await initialised;
  const language = chosen ?? i18next.language;
  let loading = featuresLoaded.get(language);
  if (!loading) {
    loading = (async () => {
      if (isBuiltIn(language)) {
        addBundle(language, await languageBundles[language](), (ns) => !isCore(ns));
      } else {
        // A language added in the language packs has only its pack: zh shows where it says nothing.
        await loadFeatureBundles('zh');
      }
      // After the built-in strings, so the administrators' texts win.
      await mergeLanguagePack(language);
    })();
    loading.catch(() => featuresLoaded.delete(language));
    featuresLoaded.set(language, loading);
  }
  return loading;
}

async function loadCore(language: Language): Promise<void> {
  if (language === 'zh' || i18next.hasResourceBundle(language, 'common')) return;
  // One download has every string of the language: the features' come along.
  addBundle(language, await languageBundles[language](), () => true);
}

export async function initI18n(language: Language): Promise<void> {
  featuresLoaded.clear();
  const zh: Record<string, Bundle> = { [MESSAGES_NS]: zhCoreMessages() };
  for (const [path, bundle] of Object.entries(zhCore)) zh[namespaceOf(path)] = bundle;
  await i18next.use(initReactI18next).init({
    lng: 'zh',
    fallbackLng: 'zh',
    resources: { zh },
    ns: [...CORE, MESSAGES_NS],
    defaultNS: 'common',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
  if (language !== 'zh') await changeLanguage(language);
  markInitialised();
}

/**
 * Loads the language's bundles if needed, then switches i18next to it. Feature strings come
 * along when the console has loaded them for another language already (a switch inside the shell).
 */
export async function changeLanguage(language: Language): Promise<void> {
  await preloadLanguage(language);
  await i18next.changeLanguage(language);
}

/** Fetches what a switch to `language` needs, without switching (nothing re-renders yet). */
export async function preloadLanguage(language: Language): Promise<void> {
  await loadCore(language);
  if (featuresLoaded.size) await loadFeatureBundles(language);
}

/** Switches to a language added in the language packs (zh underneath as its fallback). */
export async function changeToCustomLanguage(code: string): Promise<void> {
  if (featuresLoaded.size) await loadFeatureBundles(code);
  await i18next.changeLanguage(code);
}

export { i18next };
