import type { Language } from './languages.ts';
import en from './messages/en.json' with { type: 'json' };
import ja from './messages/ja.json' with { type: 'json' };
import zh from './messages/zh.json' with { type: 'json' };

/** One language's messages: domain → key → template. */
export type MessageTable = Record<string, Record<string, string>>;
export type MessageParams = Record<string, string | number>;

/**
 * Messages shared by the server (errors) and the console (form rules). The kit's own domains
 * (`common`, `validation`) are built in; each domain keeps its messages in
 * `src/<domain>/messages/<language>.json`, which a loader on each side registers.
 */
const catalogue: Record<Language, MessageTable> = { zh: { ...zh }, en: { ...en }, ja: { ...ja } };

/** Adds (or replaces) one domain's messages in one language. */
export function registerMessages(language: Language, domain: string, table: Record<string, string>): void {
  catalogue[language][domain] = { ...table };
}

/** Every message of one language, domains merged (the console's `messages` namespace). */
export function messagesOf(language: Language): MessageTable {
  return catalogue[language];
}

/** The domain name of a messages file path `…/<domain>/messages/<language>.json`, or null for the kit's own. */
export function messageFileDomain(path: string): { domain: string | null; language: string } {
  const match = path.match(/(?:^|[\\/])(?:([^\\/]+)[\\/])?messages[\\/]([a-z]{2})\.json$/);
  if (!match) throw new Error(`not a messages file: ${path}`);
  const domain = match[1] && match[1] !== 'src' ? match[1] : null;
  return { domain, language: match[2] };
}

/** Looks up `domain.key` and fills `{{name}}` placeholders; unknown keys come back as given. */
export function translate(language: Language, key: string, params: MessageParams = {}): string {
  const split = key.indexOf('.');
  const template = split > 0 ? catalogue[language][key.slice(0, split)]?.[key.slice(split + 1)] : undefined;
  if (template === undefined) return key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}
