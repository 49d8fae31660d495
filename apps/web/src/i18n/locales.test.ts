import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@macro/contract';
import zhMessages from '@macro/contract/messages/zh.json';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

const here = dirname(fileURLToPath(import.meta.url));
const filesOf = (language: string) =>
  readdirSync(join(here, language))
    .filter((name) => name.endsWith('.json'))
    .sort();
const load = (language: string, file: string): Tree => JSON.parse(readFileSync(join(here, language, file), 'utf8'));

function flatten(tree: Tree, prefix = '', flat: Record<string, string> = {}): Record<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat[path] = value;
    else flatten(value, path, flat);
  }
  return flat;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locale files', () => {
  const reference = filesOf('zh');

  it('has a zh file per domain', () => {
    expect(reference.length).toBeGreaterThan(0);
  });

  it.each(LANGUAGES.filter((l) => l !== 'zh'))('%s has every domain file zh has, and no others', (language) => {
    expect(filesOf(language)).toEqual(reference);
  });

  describe.each(reference)('%s', (file) => {
    const zh = flatten(load('zh', file));
    it.each(LANGUAGES.filter((l) => l !== 'zh'))('%s has the same keys and placeholders as zh', (language) => {
      const other = flatten(load(language, file));
      expect(Object.keys(other).sort()).toEqual(Object.keys(zh).sort());
      for (const [key, text] of Object.entries(zh)) {
        expect(placeholders(other[key]), `${language}/${file} ${key}`).toEqual(placeholders(text));
        expect(other[key].trim(), `${language}/${file} ${key} is empty`).not.toBe('');
      }
    });
  });
});

describe('keys used in the source', () => {
  const src = join(here, '..');
  const sources = (readdirSync(src, { recursive: true }) as string[]).filter(
    (name) => /\.tsx?$/.test(name) && !name.endsWith('.test.ts') && !name.endsWith('.test.tsx'),
  );
  const contract = join(here, '../../../../packages/contract/src');
  const domainMessages = readdirSync(contract, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'messages')
    .flatMap((entry) => {
      const file = join(contract, entry.name, 'messages', 'zh.json');
      try {
        return [[entry.name, JSON.parse(readFileSync(file, 'utf8')) as Tree] as const];
      } catch {
        return [];
      }
    });
  const zh: Record<string, Record<string, string>> = {
    messages: flatten({ ...(zhMessages as Tree), ...Object.fromEntries(domainMessages) }),
  };
  for (const file of filesOf('zh')) zh[file.replace(/\.json$/, '')] = flatten(load('zh', file));

  it('exist in zh (literal keys; the namespace defaults to the file’s useTranslation)', () => {
    const missing: string[] = [];
    for (const name of sources) {
      const code = readFileSync(join(src, name), 'utf8');
      const namespace = /useTranslation\(\s*'(\w+)'/.exec(code)?.[1] ?? 'common';
      for (const [, literal] of code.matchAll(/\bt\(\s*'([\w.:]+)'/g)) {
        const [ns, key] = literal.includes(':') ? literal.split(':') : [namespace, literal];
        if (zh[ns]?.[key] === undefined) missing.push(`${name}: ${ns}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
