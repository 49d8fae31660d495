import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 8188);
/** The WeChat Work stand-in social.spec.ts starts: the server is told where it will be. */
const PROVIDER = `http://127.0.0.1:${PORT + 1000}`;

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
    env: {
      PORT: String(PORT),
      E2E_ADMIN_PASSWORD: 'Admin@123456',
      MACRO_WECOM_CORP_ID: 'ww-e2e-corp',
      MACRO_WECOM_CORP_SECRET: 'e2e-corp-secret',
      MACRO_WECOM_AGENT_ID: '1000002',
      MACRO_WECOM_BASE_URL: PROVIDER,
      MACRO_WECOM_AUTHORIZE_URL: `${PROVIDER}/wwlogin/sso/login`,
      MACRO_WECOM_REDIRECT_URI: `http://127.0.0.1:${PORT}/authredirect`,
      // The map picker's tiles are unreachable on purpose (nothing listens on port 9); its place
      // search is the stand-in widgets.spec.ts starts.
      MACRO_MAP_TILE_URL: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png',
      MACRO_MAP_GEOCODER_URL: `http://127.0.0.1:${PORT + 1001}/search`,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
