import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.ts';

const source = dirname(fileURLToPath(import.meta.url));
/** The kit's messages folder and every domain's. */
const folders = [
  join(source, 'messages'),
  ...readdirSync(source, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'messages')
    .map((entry) => join(source, entry.name, 'messages'))
    .filter((folder) => {
      try {
        return readdirSync(folder).length > 0;
      } catch {
        return false;
      }
    }),
];

type Tree = { [key: string]: string | Tree };
function flatten(tree: Tree, prefix = '', flat: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else flatten(value, path, flat);
  }
  return flat;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('contract messages', () => {
  it('finds the kit and the domains', () => {
    expect(folders.length).toBeGreaterThanOrEqual(3);
  });

  describe.each(folders.map((f) => [f.slice(source.length + 1), f]))('%s', (_, folder) => {
    const load = (language: string) => flatten(JSON.parse(readFileSync(join(folder, `${language}.json`), 'utf8')));
    const zh = load('zh');
    it.each(LANGUAGES.filter((l) => l !== 'zh'))('%s has the same keys and placeholders as zh, none empty', (language) => {
      const other = load(language);
      expect(Object.keys(other).sort()).toEqual(Object.keys(zh).sort());
      for (const [key, text] of Object.entries(zh)) {
        expect(placeholders(other[key]), `${language} ${key}`).toEqual(placeholders(text));
        expect(other[key].trim(), `${language} ${key}`).not.toBe('');
      }
    });
  });
});
