// Starts the browser tests' servers side by side (playwright.config.ts): one `server.mjs` per
// worker, each with the environment given for it in E2E_SERVERS (a JSON list). Playwright starts
// the servers it is given one after another; started together they are all ready in about the
// time of two. Answers on E2E_READY_PORT once every server answers.
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const serverScript = fileURLToPath(new URL('./server.mjs', import.meta.url));
const environments = JSON.parse(process.env.E2E_SERVERS ?? '[]');
let stopping = false;

const children = environments.map((env) => {
  const child = spawn(process.execPath, [serverScript], { stdio: 'inherit', env: { ...process.env, ...env } });
  // A server that stops on its own ends the run: its worker would fail every test.
  child.on('exit', (code) => {
    if (!stopping) process.exit(code || 1);
  });
  return child;
});

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    for (const child of children) child.kill(signal);
    process.exit(0);
  });
}

/** Waits until the server on `port` hands out its sign-in key. */
async function answering(port) {
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/macro-auth/oauth/public-key`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
}

await Promise.all(environments.map((env) => answering(env.PORT)));
createServer((_, response) => response.end('ready')).listen(Number(process.env.E2E_READY_PORT), '127.0.0.1');
