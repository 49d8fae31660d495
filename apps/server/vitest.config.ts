import { defineConfig } from 'vitest/config';

/** The server suite; the root config runs it twice, on PGlite and on PostgreSQL. */
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    // Files share a worker's loaded modules (each still starts its own server on its own copy of
    // the template database): importing the whole server again for every file cost more than
    // most files' tests.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
