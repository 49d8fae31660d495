import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8188);

/** Real Chromium (Debian's) against the built server on a fresh PGlite data folder. */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    // The console turns antd's animations off for users who ask for less motion; the tests ask
    // too, so no click lands on a dialog still zooming in.
    contextOptions: { reducedMotion: 'reduce' },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  webServer: {
    command: 'node e2e/server.mjs',
    cwd: '..',
    url: `http://127.0.0.1:${PORT}/api/macro-auth/oauth/public-key`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), E2E_ADMIN_PASSWORD: 'Admin@123456' },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
