import { defineConfig } from 'vitest/config';

const server = (db: 'pglite' | 'postgres') => ({
  extends: './apps/server/vitest.config.ts',
  test: { name: `server-${db}`, root: './apps/server', env: { TEST_DB: db } },
});

const workflow = (db: 'pglite' | 'postgres') => ({
  extends: './packages/workflow/vitest.config.ts',
  test: { name: `workflow-${db}`, root: './packages/workflow', env: { TEST_DB: db } },
});

/** The repository's own tools (the domain scaffold), run as a person would run them. */
const scripts = { test: { name: 'scripts', root: './scripts', include: ['**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 } };

export default defineConfig({
  test: {
    // Two workers on a two-core machine: vitest's default leaves one core idle in a run.
    maxWorkers: 2,
    projects: ['packages/contract', server('pglite'), server('postgres'), workflow('pglite'), workflow('postgres'), 'apps/web', scripts],
  },
});
