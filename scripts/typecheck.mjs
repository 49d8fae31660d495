#!/usr/bin/env node
// npm run typecheck: every TypeScript project of the repository. Projects whose settings are the
// same (the same base, no options of their own) are checked as one program, so the packages they
// share are read and checked once, not once per project that imports them; the programs run two
// at a time (one per core of the machine the tests are timed on; `TYPECHECK_JOBS` to change it),
// the largest first.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const projects = ['apps/web', 'apps/server', 'packages/workflow', 'e2e', 'bench', 'packages/store', 'packages/contract', 'scripts'];
const jobs = Number(process.env.TYPECHECK_JOBS ?? Math.max(2, availableParallelism()));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const generated = join(root, 'node_modules/.cache/typecheck');

/** The programs to check, the largest first: a project alone, or several with the same settings as one generated tsconfig. */
function programs() {
  const groups = new Map();
  for (const project of projects) {
    const { extends: parent, include = ['.'], ...settings } = JSON.parse(readFileSync(join(root, project, 'tsconfig.json'), 'utf8'));
    const base = parent ? resolve(root, project, parent) : undefined;
    const key = JSON.stringify({ base, settings });
    const group = groups.get(key) ?? { base, settings, members: [] };
    group.members.push({ project, include });
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => b.members.length - a.members.length)
    .map(({ base, settings, members }, index) => {
      const name = members.map((member) => member.project).join(' + ');
      if (members.length === 1) return { name, path: members[0].project };
      mkdirSync(generated, { recursive: true });
      const path = join(generated, `program-${index}.json`);
      const from = (target) => relative(generated, target);
      const include = members.flatMap(({ project, include }) => include.map((pattern) => from(join(root, project, pattern))));
      writeFileSync(path, JSON.stringify({ ...(base ? { extends: from(base) } : {}), ...settings, include }, null, 2));
      return { name, path };
    });
}

const failed = [];
const queue = programs();
async function worker() {
  for (let program = queue.shift(); program; program = queue.shift()) {
    const output = [];
    const code = await new Promise((resolveCode) => {
      const child = spawn(process.execPath, [tsc, '-p', program.path], { cwd: root });
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', resolveCode);
    });
    if (code !== 0) {
      failed.push(program.name);
      process.stdout.write(`\n${program.name}:\n${Buffer.concat(output).toString()}`);
    }
  }
}
await Promise.all(Array.from({ length: jobs }, worker));
if (failed.length > 0) {
  console.error(`typecheck failed in ${failed.join(', ')}`);
  process.exit(1);
}
