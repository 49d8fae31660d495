#!/usr/bin/env node
// npm start: builds the console if it has not been built, compiles the server (under a second),
// then runs it with plain node; it migrates and seeds its database before it listens.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

if (!existsSync(`${root}/apps/web/dist/index.html`)) {
  console.log('Building the console (first start)…');
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const compile = spawnSync(npm, ['run', 'build', '-w', 'apps/server', '--silent'], { cwd: root, stdio: 'inherit' });
if (compile.status !== 0) process.exit(compile.status ?? 1);

const server = spawn(process.execPath, ['--enable-source-maps', `${root}/apps/server/dist/main.js`], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
