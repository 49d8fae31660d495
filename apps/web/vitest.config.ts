import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // antd screens render slowly in jsdom; a component test with a few interactions takes seconds,
    // and many more on a two-core machine running other suites beside it.
    testTimeout: 45_000,
    // One jsdom and one copy of antd per worker, not per file: setting them up again for every
    // file took longer than many files' tests.
    isolate: false,
  },
});
