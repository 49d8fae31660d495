#!/usr/bin/env node
// npm run new:domain -- <name> [--tree] [--one <singular>] [--zh 名称] [--en Name] [--ja 名前]
//
// Writes a working domain in the project's layout (docs/adding-a-domain.md): its contract, its
// server module with the migration for its table, its console feature, its strings in zh, en and
// ja, and its server, console and browser tests. A record has a code and a name (each unique in
// the tenant), a sort order and a remark; with --tree it also has a parent, and the list is the
// tree. What is written passes the type check and its own tests; the domain's own fields are
// then added by hand, file by file, as the guide describes.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { domainFiles } from './new-domain/templates.mjs';

const root = process.env.NEW_DOMAIN_ROOT ?? fileURLToPath(new URL('..', import.meta.url));

function fail(message) {
  console.error(`new:domain: ${message}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    tree: { type: 'boolean', default: process.env.npm_config_tree === 'true' },
    one: { type: 'string' },
    zh: { type: 'string' },
    en: { type: 'string' },
    ja: { type: 'string' },
    'skip-migration': { type: 'boolean', default: false },
  },
});
const [name] = positionals;
if (!name || !/^[a-z][a-z0-9]{1,30}$/.test(name)) fail('give the domain a name: lowercase letters and digits, plural, e.g. `npm run new:domain -- grades`');
const one = values.one ?? (name.endsWith('ies') ? `${name.slice(0, -3)}y` : name.endsWith('s') ? name.slice(0, -1) : `${name}Item`);
if (!/^[a-z][a-zA-Z0-9]{1,30}$/.test(one) || one === name) fail('--one: the singular, a different word in camelCase, e.g. `--one grade`');

const taken = [`packages/contract/src/${name}`, `apps/server/src/modules/${name}`, `apps/web/src/features/${name}`].filter((path) =>
  existsSync(join(root, path)),
);
if (taken.length) fail(`already there: ${taken.join(', ')}`);

const files = domainFiles({ name, one, tree: values.tree, labels: { zh: values.zh ?? name, en: values.en ?? name, ja: values.ja ?? values.zh ?? name } });
for (const [path, content] of Object.entries(files)) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

// The sidebar label, in each language's menu strings.
for (const language of ['zh', 'en', 'ja']) {
  const path = join(root, `apps/web/src/i18n/${language}/menu.json`);
  const menu = JSON.parse(readFileSync(path, 'utf8'));
  menu[name] = values[language] ?? (language === 'ja' ? (values.zh ?? name) : name);
  writeFileSync(path, `${JSON.stringify(menu, null, 2)}\n`);
}

// Written in the repository's format (biome.json), as if by hand.
const biome = spawnSync(
  process.execPath,
  [
    join(root, 'node_modules/@biomejs/biome/bin/biome'),
    'check',
    '--write',
    ...Object.keys(files),
    ...['zh', 'en', 'ja'].map((l) => `apps/web/src/i18n/${l}/menu.json`),
  ],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
if (biome.status !== 0) fail('biome found problems in the files written');

// The migration that creates the table, written by drizzle-kit from the module's tables.ts.
if (!values['skip-migration']) {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--name', `${name}`], {
    cwd: join(root, 'apps/server'),
    stdio: 'inherit',
  });
  if (result.status !== 0) fail('drizzle-kit could not write the migration');
}

console.log(`new:domain: wrote ${Object.keys(files).length} files for ${name}${values.tree ? ' (a tree)' : ''}:`);
for (const path of Object.keys(files)) console.log(`  ${path}`);
console.log('Next: the fields of your own records, in the contract first (docs/adding-a-domain.md).');
