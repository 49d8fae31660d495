import en from './messages/en.json' with { type: 'json' };
import ja from './messages/ja.json' with { type: 'json' };
import zh from './messages/zh.json' with { type: 'json' };
import type { Language } from './languages.ts';

/** Messages shared by the server (errors) and the console (form rules), per language. */
export const MESSAGES: Record<Language, typeof zh> = { zh, en, ja };

export type MessageParams = Record<string, string | number>;

/** Looks up `domain.key` and fills `{{name}}` placeholders; unknown keys come back as given. */
export function translate(language: Language, key: string, params: MessageParams = {}): string {
  const [domain, name] = key.split('.', 2);
  const table = (MESSAGES[language] as Record<string, Record<string, string>>)[domain];
  const template = table?.[name];
  if (template === undefined) return key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, p: string) => String(params[p] ?? ''));
}
