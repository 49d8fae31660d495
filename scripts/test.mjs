#!/usr/bin/env node
// npm test: the type check, the linter, the build the browser tests need, the unit and server
// suites, then the browser tests against that build (not building again), stopping at the first
// failure. A passing run prints how long each step took and records it in
// bench/.last-test-duration, which `npm run bench` prints.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

const steps = [
  ['typecheck', npm, ['run', 'typecheck']],
  ['lint', npm, ['run', 'lint']],
  ['build', npm, ['run', 'build']],
  ['vitest', npx, ['vitest', 'run']],
  ['e2e', npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts']],
];

const started = performance.now();
const timings = [];
for (const [name, command, args] of steps) {
  const stepStarted = performance.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\nnpm test: ${name} failed`);
    process.exit(result.status ?? 1);
  }
  timings.push(`${name} ${((performance.now() - stepStarted) / 1000).toFixed(0)} s`);
}
const total = ((performance.now() - started) / 1000).toFixed(0);
writeFileSync(`${root}/bench/.last-test-duration`, `${total} s (${timings.join(', ')})\n`);
console.log(`\nnpm test passed in ${total} s (${timings.join(', ')})`);
