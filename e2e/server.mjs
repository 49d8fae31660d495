// Starts the built server on a fresh data folder for the browser tests.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// One data folder per server: playwright.config.ts starts one server per worker, on its own port.
const dataDir = `${root}e2e/artifacts/data-${process.env.PORT}`;
rmSync(dataDir, { recursive: true, force: true });
const server = spawn(process.execPath, ['--import', 'tsx', `${root}apps/server/src/main.ts`], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    MACRO_ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
