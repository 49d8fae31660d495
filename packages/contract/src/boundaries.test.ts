import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const biome = join(root, 'node_modules/.bin/biome');

/**
 * Lints `code` as a file in the folder of `path` (biome's stdin mode prints no diagnostics, so a
 * probe file is written there for the moment of the check and removed): the verdict and the output.
 */
function lint(path: string, code: string): { ok: boolean; output: string } {
  const folder = join(root, dirname(path));
  // The first missing folder on the way (e.g. a package not written yet), removed afterwards.
  let created: string | undefined;
  for (let f = folder; !existsSync(f); f = dirname(f)) created = f;
  const file = join(folder, `probe-${randomBytes(4).toString('hex')}.ts`);
  mkdirSync(folder, { recursive: true });
  try {
    writeFileSync(file, code);
    const result = spawnSync(biome, ['lint', file], { cwd: root, encoding: 'utf8' });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(created ?? file, { recursive: true, force: true });
  }
}

/** The architecture's "never" arrows, enforced by the linter (biome.json overrides). */
describe('import boundaries', () => {
  const refused: [string, string, string, RegExp][] = [
    ['the contract imports the server', 'packages/contract/src/probe.ts', "import { buildApp } from '../../../apps/server/src/app.ts';", /knows no server/],
    ['the contract imports a screen library', 'packages/contract/src/probe.ts', "import { Button } from 'antd';", /knows no server, no screen/],
    [
      'the platform imports a module',
      'apps/server/src/platform/probe.ts',
      "import { submitDict } from '../modules/dict/service.ts';",
      /platform knows no module/,
    ],
    ['the shell imports a feature', 'apps/web/src/shell/probe.ts', "import { dictFeature } from '../features/dict';", /shell knows no feature/],
    [
      'the console imports server code',
      'apps/web/src/features/probe.ts',
      "import { listDicts } from '../../../server/src/modules/dict/service.ts';",
      /never imports server code/,
    ],
    ['the workflow engine imports HTTP', 'packages/workflow/src/probe.ts', "import Fastify from 'fastify';", /know no HTTP/],
  ];
  it.each(refused)('refuses: %s', (_, path, code, message) => {
    const { ok, output } = lint(path, `${code}\nexport const probe = 1;\n`);
    expect(ok, output).toBe(false);
    expect(output).toMatch(message);
  });

  const allowed: [string, string, string][] = [
    ['a module imports the platform', 'apps/server/src/modules/probe/index.ts', "import { defineModule } from '../../platform/module.ts';"],
    ['a feature imports the contract', 'apps/web/src/features/probe.ts', "import { DICT_ENDPOINTS } from '@macro/contract/dict';"],
    ['the shell imports the kit', 'apps/web/src/shell/probe.ts', "import { API_PREFIX } from '@macro/contract';"],
  ];
  it.each(allowed)('allows: %s', (_, path, code) => {
    const { ok, output } = lint(path, `${code}\nexport const probe = [${code.match(/\{ (\w+) \}/)?.[1]}];\n`);
    expect(ok, output).toBe(true);
  });
});

/** A folder of `root` per unit (a server module, a console feature): its files, as path → source. */
function readUnits(rootPath: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
        files.set(relative(rootPath, path).split(sep).join('/'), readFileSync(path, 'utf8'));
    }
  };
  walk(rootPath);
  return files;
}

interface ImportGraph {
  /** unit → the units it imports. */
  uses: Map<string, Set<string>>;
  /** Imports of another unit's file other than its public one, as `file -> file`. */
  deep: string[];
}

/**
 * The import graph between units of `files` (paths relative to the folder holding the units,
 * `<unit>/…`): every relative import or re-export, static or dynamic, that lands in another unit.
 * A unit's public file is `public.ts` (what other units may import); its `index.ts` is read by
 * the composition root only.
 */
function importGraph(files: Map<string, string>): ImportGraph {
  const uses = new Map<string, Set<string>>();
  const deep: string[] = [];
  const pattern = /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
  for (const [file, source] of files) {
    const unit = file.split('/')[0];
    for (const match of source.matchAll(pattern)) {
      const target = posix.normalize(posix.join(posix.dirname(file), match[1] ?? match[2]));
      const [other, ...rest] = target.split('/');
      if (other === unit || other.startsWith('..') || !rest.length) continue;
      if (!uses.has(unit)) uses.set(unit, new Set());
      uses.get(unit)!.add(other);
      if (!/^public(\.tsx?)?$/.test(rest.join('/'))) deep.push(`${file} -> ${target}`);
    }
  }
  return { uses, deep };
}

/** The units that reach one another through imports (strongly connected, Tarjan), each sorted; single units left out. */
function cycles(uses: Map<string, Set<string>>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, next);
    low.set(unit, next++);
    stack.push(unit);
    for (const other of uses.get(unit) ?? []) {
      if (!index.has(other)) {
        visit(other);
        low.set(unit, Math.min(low.get(unit)!, low.get(other)!));
      } else if (stack.includes(other)) low.set(unit, Math.min(low.get(unit)!, index.get(other)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const component: string[] = [];
    let top: string;
    do {
      top = stack.pop()!;
      component.push(top);
    } while (top !== unit);
    if (component.length > 1) found.push(component.sort());
  };
  for (const unit of uses.keys()) if (!index.has(unit)) visit(unit);
  return found;
}

/** What each unit of `files` says it uses (`uses: [...]` in its index.ts), as unit → names. */
function declaredUses(files: Map<string, string>): Map<string, Set<string>> {
  const declared = new Map<string, Set<string>>();
  for (const [file, source] of files) {
    const [unit, name] = file.split('/');
    const list = name === 'index.ts' ? /\n\s*uses: \[([^\]]*)\]/.exec(source)?.[1] : undefined;
    declared.set(unit, new Set([...(declared.get(unit) ?? []), ...(list?.match(/[\w-]+/g) ?? [])]));
  }
  return declared;
}

/** Arrows (`a -> b`) imported but not declared (`+`), or declared but not imported (`-`). */
function undeclared(uses: Map<string, Set<string>>, declared: Map<string, Set<string>>): string[] {
  const arrows: string[] = [];
  for (const unit of new Set([...uses.keys(), ...declared.keys()])) {
    const used = uses.get(unit) ?? new Set();
    const said = declared.get(unit) ?? new Set();
    for (const other of used) if (!said.has(other)) arrows.push(`+ ${unit} -> ${other}`);
    for (const other of said) if (!used.has(other)) arrows.push(`- ${unit} -> ${other}`);
  }
  return arrows.sort();
}

describe('the import graph', () => {
  it('finds a planted cycle and a planted deep import (the check checks)', () => {
    const planted = new Map([
      ['a/public.ts', "export { x } from './x.ts';"],
      ['a/x.ts', "import { y } from '../b/public.ts';\nexport const x = y;"],
      ['b/public.ts', "export const y = 1;\nexport const lazyA = () => import('../a/x.ts');"],
      ['c/public.ts', "import { y } from '../b/public.ts';\nexport const z = y;"],
    ]);
    const graph = importGraph(planted);
    expect(graph.deep).toEqual(['b/public.ts -> a/x.ts']);
    expect(cycles(graph.uses)).toEqual([['a', 'b']]);
    const said = new Map([
      ['a', new Set(['b'])],
      ['c', new Set(['b', 'a'])],
    ]);
    expect(undeclared(graph.uses, said)).toEqual(['+ b -> a', '- c -> a']);
    planted.set('b/public.ts', 'export const y = 1;');
    expect(cycles(importGraph(planted).uses)).toEqual([]);
    expect(importGraph(planted).deep).toEqual([]);
  });

  it('console features import one another only through public.ts, as their descriptors declare, and never in a circle', () => {
    const files = readUnits(join(root, 'apps/web/src/features'));
    const graph = importGraph(files);
    expect(graph.deep).toEqual([]);
    expect(cycles(graph.uses)).toEqual([]);
    expect(undeclared(graph.uses, declaredUses(files))).toEqual([]);
  });

  it('server modules import one another only through public.ts, as their descriptors declare, and never in a circle', () => {
    const files = readUnits(join(root, 'apps/server/src/modules'));
    const graph = importGraph(files);
    expect(graph.deep).toEqual([]);
    expect(cycles(graph.uses)).toEqual([]);
    expect(undeclared(graph.uses, declaredUses(files))).toEqual([]);
  });
});
