import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { READY_PORT, SERVER_PORT, serverPort, WORKERS } from './support/slot.ts';

/** The environment of the server of one worker slot, on a fresh database of its own (server.mjs, support/slot.ts). */
function serverEnvironment(slot: number) {
  const port = serverPort(slot);
  /** The WeChat Work stand-in social.spec.ts starts: the server is told where it will be. */
  const provider = `http://127.0.0.1:${port + 1000}`;
  return {
    PORT: String(port),
    E2E_ADMIN_PASSWORD: 'Admin@123456',
    MACRO_WECOM_CORP_ID: 'ww-e2e-corp',
    MACRO_WECOM_CORP_SECRET: 'e2e-corp-secret',
    MACRO_WECOM_AGENT_ID: '1000002',
    MACRO_WECOM_BASE_URL: provider,
    MACRO_WECOM_AUTHORIZE_URL: `${provider}/wwlogin/sso/login`,
    MACRO_WECOM_REDIRECT_URI: `http://127.0.0.1:${port}/authredirect`,
    // The map picker's tiles are unreachable on purpose (nothing listens on port 9); its place
    // search is the stand-in widgets.spec.ts starts.
    MACRO_MAP_TILE_URL: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png',
    MACRO_MAP_GEOCODER_URL: `http://127.0.0.1:${port + 1001}/search`,
    // Database links reach this machine's MariaDB (databaselinks.spec.ts); loopback is refused by default.
    MACRO_LINK_HOSTS: '127.0.0.1',
  };
}

/** Every worker's server, started side by side by servers.mjs, which answers on READY_PORT once all do. */
const servers = {
  command: 'node e2e/servers.mjs',
  cwd: '..',
  url: `http://127.0.0.1:${READY_PORT}/`,
  timeout: 120_000,
  reuseExistingServer: false,
  env: {
    E2E_SERVERS: JSON.stringify(Array.from({ length: WORKERS }, (_, slot) => serverEnvironment(slot))),
    E2E_READY_PORT: String(READY_PORT),
  },
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
};

/**
 * Debian's Chromium without its launcher script: the headless shell when installed (.ci/run
 * installs it; it needs a fifth less CPU than the full browser), else the full browser. The
 * launcher script would add GPU rasterisation, which costs a software GPU's work per frame here;
 * the compositor runs in the browser process (`--in-process-gpu`), a process and its messages fewer.
 */
const CHROMIUM = ['/usr/lib/chromium/chromium-headless-shell', '/usr/lib/chromium/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';

/** Real Chromium (Debian's) against the built server, spec files spread over the workers. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: WORKERS,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${SERVER_PORT}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // The console turns antd's animations off for users who ask for less motion; the tests ask
    // too, so no click lands on a dialog still zooming in.
    contextOptions: { reducedMotion: 'reduce' },
    // E2E_TRACE=1 keeps a failing test's trace (actions with DOM snapshots). Off by default:
    // recording a snapshot at every action cost an eighth of the suite's CPU, for every passing
    // test. No screencast either way: recording every frame tripled the browser's CPU.
    trace: process.env.E2E_TRACE ? { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false } : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--in-process-gpu'],
    },
  },
  webServer: servers,
});
