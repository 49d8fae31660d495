import { type Language, translate } from '@macro/contract';
import type { SystemMessage } from './tables.ts';

/**
 * What an inbox row says in `language`: a system message through the catalogue
 * (`${key}Title`, `${key}Content`), what an administrator wrote as written.
 */
export function wording(row: Record<string, unknown>, language: Language): { title: string; content: string } {
  const message = (typeof row.message === 'string' ? JSON.parse(row.message) : row.message) as SystemMessage | null;
  if (!message?.key) return { title: String(row.title), content: String(row.content) };
  return { title: translate(language, `${message.key}Title`, message.params), content: translate(language, `${message.key}Content`, message.params) };
}
