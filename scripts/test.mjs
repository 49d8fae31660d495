#!/usr/bin/env node
// npm test: the type check, the linter, the build the browser tests need, the unit and server
// suites, then the browser tests against that build, stopping at the first failed stage. (Run side
// by side on two cores, the type check and the build took longer together than one after the other.) A passing run prints how long each step took and records it in
// bench/.last-test-duration, which `npm run bench` prints.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** Steps of one stage run side by side; a stage starts when the one before has passed. */
const stages = [
  [['typecheck', npm, ['run', 'typecheck'], {}]],
  [['lint', npm, ['run', 'lint'], {}]],
  [['build', npm, ['run', 'build'], {}]],
  [['vitest', npx, ['vitest', 'run'], {}]],
  [['e2e', npx, ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {}]],
];

/** Runs a step; its output is shown as it comes when it runs alone, and after it when it shares the stage. */
function run([name, command, args, env], alone) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`\n── ${name}\n${Buffer.concat(output).toString()}`);
      resolve({ name, code, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const started = performance.now();
const timings = [];
for (const stage of stages) {
  const results = await Promise.all(stage.map((step) => run(step, stage.length === 1)));
  for (const { name, code, seconds } of results) {
    timings.push(`${name} ${seconds.toFixed(0)} s`);
    if (code !== 0) {
      console.error(`\nnpm test: ${name} failed`);
      process.exit(code ?? 1);
    }
  }
}
const total = ((performance.now() - started) / 1000).toFixed(0);
writeFileSync(`${root}/bench/.last-test-duration`, `${total} s (${timings.join(', ')})\n`);
console.log(`\nnpm test passed in ${total} s (${timings.join(', ')})`);
