#!/usr/bin/env node
// npm run typecheck: every TypeScript project of the repository, two at a time (one per core of
// the machine the tests are timed on; `TYPECHECK_JOBS` to change it), the largest first. Each
// project checks the packages it imports as source, so the order between them does not matter.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const projects = ['apps/web', 'apps/server', 'packages/workflow', 'e2e', 'bench', 'packages/store', 'packages/contract', 'scripts'];
const jobs = Number(process.env.TYPECHECK_JOBS ?? Math.max(2, availableParallelism()));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

const failed = [];
const queue = [...projects];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    const output = [];
    const code = await new Promise((resolve) => {
      const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      child.on('close', resolve);
    });
    if (code !== 0) {
      failed.push(project);
      process.stdout.write(`\n${project}:\n${Buffer.concat(output).toString()}`);
    }
  }
}
await Promise.all(Array.from({ length: jobs }, worker));
if (failed.length > 0) {
  console.error(`typecheck failed in ${failed.join(', ')}`);
  process.exit(1);
}
