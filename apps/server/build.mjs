#!/usr/bin/env node
// Compiles the server into one file, dist/main.js, run by plain node (`npm start`). The
// workspace packages (@macro/*, TypeScript sources) are bundled in; every other package stays
// an import resolved from node_modules at run time. Module folders are still found by reading
// src/modules (platform/paths.ts), so the bundle runs from a checkout of the repository.
import { build } from 'esbuild';

const started = performance.now();
await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  // A CommonJS dependency reached through a workspace package may still call require.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [
    {
      name: 'packages-external',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@macro/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});
console.log(`server compiled to apps/server/dist/main.js in ${Math.round(performance.now() - started)} ms`);
