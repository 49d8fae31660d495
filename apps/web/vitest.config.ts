import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    // happy-dom renders the antd screens in less than half jsdom's time; the bpmn-js modeler's
    // tests ask for jsdom in their first line (SVG transforms, XML parsing).
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // antd screens render slowly in a test DOM; a component test with a few interactions takes seconds,
    // and many more on a two-core machine running other suites beside it.
    testTimeout: 45_000,
    // One DOM and one copy of antd per worker, not per file: setting them up again for every
    // file took longer than many files' tests.
    isolate: false,
  },
});
