import { defineConfig } from 'vitest/config';

/** The engine's suite; the root config runs it twice, on PGlite and on PostgreSQL. */
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], isolate: false, testTimeout: 60_000, hookTimeout: 60_000 },
});
