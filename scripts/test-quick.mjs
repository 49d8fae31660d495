#!/usr/bin/env node
// npm run test:quick [base]: the inner loop. The type check, the linter, then the unit tests and
// the PGlite server and engine tests that depend on a file changed since `base` (default: the
// last commit, so uncommitted work). PostgreSQL and the browser tests are left to `npm test`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const base = process.argv[2] ?? 'HEAD';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const projects = ['contract', 'server-pglite', 'workflow-pglite', 'web', 'scripts'].flatMap((name) => ['--project', name]);

const steps = [
  ['typecheck', npm, ['run', 'typecheck']],
  ['lint', npm, ['run', 'lint']],
  ['vitest', npx, ['vitest', 'run', '--changed', base, '--passWithNoTests', ...projects]],
];
const started = performance.now();
for (const [name, command, args] of steps) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\ntest:quick: ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\ntest:quick passed in ${((performance.now() - started) / 1000).toFixed(0)} s`);
