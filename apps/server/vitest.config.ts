import { defineConfig } from 'vitest/config';

/** The server suite; the root config runs it twice, on PGlite and on PostgreSQL. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
