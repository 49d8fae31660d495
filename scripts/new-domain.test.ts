import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('..', import.meta.url));
const node = process.execPath;

/**
 * A copy of the repository's files (committed or not, ignored ones left out) beside its installed
 * packages, the workspace links pointing into the copy: the scaffold writes there, never here.
 */
function copyOfRepository(): string {
  const copy = mkdtempSync(join(tmpdir(), 'new-domain-'));
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: repo }).toString().split('\0');
  for (const file of listed.filter((path) => path && existsSync(join(repo, path)))) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(repo, file), join(copy, file));
  }
  mkdirSync(join(copy, 'node_modules'));
  for (const entry of readdirSync(join(repo, 'node_modules'))) {
    if (entry === '@macro') cpSync(join(repo, 'node_modules', entry), join(copy, 'node_modules', entry), { recursive: true, verbatimSymlinks: true });
    else symlinkSync(join(repo, 'node_modules', entry), join(copy, 'node_modules', entry));
  }
  return copy;
}

/** Runs a command in the copy as a person would, outside this test run. */
function run(copy: string, command: string, args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && name !== 'TEST_DB' && name !== 'NODE_OPTIONS'));
  const result = spawnSync(command, args, { cwd: copy, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes are what it removes.
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');
  return { status: result.status, output: plain(`${result.stdout}\n${result.stderr}`) };
}

const FLAT = ['grades', '--zh', '等级', '--en', 'Grades', '--ja', '等級'];
const TREE = ['regions', '--tree', '--zh', '区域', '--en', 'Regions', '--ja', '地域'];

describe('npm run new:domain', () => {
  let copy: string;
  const written = (path: string) => readFileSync(join(copy, path), 'utf8');
  beforeAll(() => {
    copy = copyOfRepository();
    for (const args of [FLAT, TREE]) {
      const result = run(copy, node, ['scripts/new-domain.mjs', ...args]);
      if (result.status !== 0) throw new Error(result.output);
    }
  }, 180_000);
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('writes each layer of a flat and of a tree domain, with its table in a migration and its label in the sidebar', () => {
    for (const [name, One] of [
      ['grades', 'Grade'],
      ['regions', 'Region'],
    ]) {
      for (const path of [
        `packages/contract/src/${name}/endpoints.ts`,
        `packages/contract/src/${name}/messages/ja.json`,
        `apps/server/src/modules/${name}/index.ts`,
        `apps/server/src/modules/${name}/public.ts`,
        `apps/server/src/modules/${name}/${name}.test.ts`,
        `apps/web/src/features/${name}/${One}Page.tsx`,
        `apps/web/src/features/${name}/${One}Page.test.tsx`,
        `apps/web/src/i18n/en/${name}.json`,
        `e2e/${name}.spec.ts`,
      ])
        expect(existsSync(join(copy, path)), path).toBe(true);
    }
    const migrations = readdirSync(join(copy, 'apps/server/migrations'));
    const tree = written(`apps/server/migrations/${migrations.find((file) => file.endsWith('_regions.sql'))}`);
    expect(tree).toContain('CREATE TABLE "macro_region"');
    expect(tree).toContain('"parent_id" integer DEFAULT 0 NOT NULL');
    expect(tree).toContain('ENABLE ROW LEVEL SECURITY');
    expect(written(`apps/server/migrations/${migrations.find((file) => file.endsWith('_grades.sql'))}`)).not.toContain('parent_id');
    expect(JSON.parse(written('apps/web/src/i18n/ja/menu.json'))).toMatchObject({ grades: '等級', regions: '地域' });
    expect(written('apps/server/src/modules/regions/service.ts')).toContain('placeInTree(');
    expect(written('apps/server/src/modules/grades/service.ts')).not.toContain('placeInTree(');
  });

  it('refuses a domain that exists or a name that is not one, and writes nothing', () => {
    const again = run(copy, node, ['scripts/new-domain.mjs', 'grades']);
    expect(again.status).toBe(1);
    expect(again.output).toContain('already there: packages/contract/src/grades');
    const bad = run(copy, node, ['scripts/new-domain.mjs', 'Bad-Name']);
    expect(bad.status).toBe(1);
    expect(bad.output).toContain('lowercase letters and digits');
    expect(existsSync(join(copy, 'packages/contract/src/Bad-Name'))).toBe(false);
  });

  it('what it writes passes the type check and the linter', () => {
    const generated = ['grades', 'regions'];
    const projects = {
      'apps/server': { include: generated.map((name) => `src/modules/${name}`) },
      'apps/web': { include: [...generated.map((name) => `src/features/${name}`), 'src/test/setup.ts'] },
      e2e: { include: generated.map((name) => `${name}.spec.ts`) },
    };
    for (const [project, { include }] of Object.entries(projects)) {
      // The project's own settings over the new files only (and what they import).
      writeFileSync(join(copy, project, 'tsconfig.new-domain.json'), JSON.stringify({ extends: './tsconfig.json', include }));
      const result = run(copy, node, [join(copy, 'node_modules/typescript/bin/tsc'), '-p', `${project}/tsconfig.new-domain.json`]);
      expect(result.output.trim(), project).toBe('');
      expect(result.status, project).toBe(0);
    }
    const lint = run(copy, node, [
      join(copy, 'node_modules/@biomejs/biome/bin/biome'),
      'check',
      ...generated.flatMap((name) => [
        `packages/contract/src/${name}`,
        `apps/server/src/modules/${name}`,
        `apps/web/src/features/${name}`,
        `e2e/${name}.spec.ts`,
      ]),
    ]);
    expect(lint.status, lint.output).toBe(0);
  });

  it('what it writes passes its own server and console tests', () => {
    const tests = ['apps/server/src/modules/grades', 'apps/server/src/modules/regions', 'apps/web/src/features/grades', 'apps/web/src/features/regions'];
    const result = run(copy, node, [join(copy, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server-pglite', '--project', 'web', ...tests]);
    expect(result.output).toMatch(/Test Files\s+\S*4 passed/);
    expect(result.status, result.output).toBe(0);
  });
});
