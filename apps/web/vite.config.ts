import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { type ChunkGroup, chunkPlan } from './build/chunkPlan';
import { clientContractPlugin } from './build/clientContract';

// The API server of `npm start`; MACRO_API_URL points dev/preview at another one.
const api = { '/api': { target: process.env.MACRO_API_URL ?? 'http://127.0.0.1:8080', changeOrigin: false } };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Writes `x.br` (brotli, best) and `x.gz` (gzip -9) beside every text file of the build over
 * 1 KB, so the server sends them as they are (@fastify/static preCompressed) instead of
 * compressing on each request. A variant that is not smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  const worthIt = /\.(js|mjs|css|svg|html|json)$/;
  const files = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries.map((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return entry.name === '.vite' ? [] : files(path);
        return worthIt.test(entry.name) ? [path] : [];
      }),
    );
    return nested.flat();
  };
  return {
    name: 'macro-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error) {
      if (error) return;
      await Promise.all(
        (await files(outDir)).map(async (path) => {
          const data = await readFile(path);
          if (data.length <= 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzipAsync(data, { level: 9 }),
          ]);
          if (br.length < data.length) await writeFile(`${path}.br`, br);
          if (gz.length < data.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * A build rule that rewrites one import inside a library (the libraries are pinned to exact
 * versions for it, see docs/architecture.md). A production build in which the rule never
 * matched fails: the library moved the file, and the rule must follow instead of silently
 * letting the bundle grow.
 */
function rewrite(
  name: string,
  matches: string,
  resolveId: (this: Rollup.PluginContext, source: string, importer: string | undefined) => ReturnType<Rollup.PluginContext['resolve']> | string | null,
): Plugin {
  let building = false;
  let matched = false;
  return {
    name,
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    async resolveId(source, importer) {
      const resolved = await resolveId.call(this, source, importer);
      if (resolved) matched = true;
      return resolved;
    },
    buildEnd(error) {
      if (building && !error && !matched) this.error(`${name}: no ${matches} was seen; the library changed, update the rule in vite.config.ts`);
    },
  };
}

/**
 * antd's form context (which every input reads, the sign-in page's included) imports
 * `FormProvider` from @rc-component/form's index, and that index builds the whole form library
 * (fields, lists, the validator) as it loads. Pointing that one import at the module that
 * defines `FormProvider` gives the same component and leaves the rest to the pages with forms.
 */
function formContextDirect(): Plugin {
  return rewrite('macro-form-context-direct', "antd/es/form/context.js importing '@rc-component/form'", function (source, importer) {
    if (source !== '@rc-component/form' || !importer || !/[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/.test(importer)) return null;
    return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true });
  });
}

/**
 * antd's table imports its tree for one filter style (`filterMode: 'tree'`), so every list
 * carried the tree component (about 14 KB gzip) for a dropdown none of its columns opens. The
 * filter gets the same tree, loaded the first time such a dropdown renders.
 */
function tableFilterTreeOnDemand(): Plugin {
  return rewrite('macro-table-filter-tree-on-demand', "antd/es/table/hooks/useFilter/FilterDropdown.js importing '../../../tree'", (source, importer) => {
    if (source !== '../../../tree' || !importer || !/[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/.test(importer)) return null;
    return resolve(import.meta.dirname, 'src/components/crud/FilterTree.tsx');
  });
}

/**
 * Two libraries rjsf imports, each replaced by the little of them it uses (see each file).
 * `markdown-to-jsx/react` is imported by @rjsf/core, `fast-uri` by @rjsf/utils.
 */
function rjsfLeanImports(): Plugin[] {
  const replaced: [string, string][] = [
    ['markdown-to-jsx/react', 'src/components/forms/plainMarkdown.tsx'],
    ['fast-uri', 'src/components/forms/uriResolver.ts'],
  ];
  return replaced.map(([library, file]) =>
    rewrite(`macro-rjsf-${library.replace(/\W+/g, '-')}`, `an import of '${library}'`, (source) =>
      source === library ? resolve(import.meta.dirname, file) : null,
    ),
  );
}

/** See `treeshake.moduleSideEffects` below. */
const SIDE_EFFECT_FREE = /[\\/]packages[\\/]contract[\\/]src[\\/]|[\\/]node_modules[\\/]@rc-component[\\/]/;

/** A source file of the console, as a module id pattern. */
const source = (path: string) => new RegExp(`[\\\\/]src[\\\\/]${path.replaceAll('/', '[\\\\/]').replaceAll('.', '\\.')}$`);

/** What only a list needs: antd's table and pager, and the console's list around them. */
const LIST_ONLY =
  /[\\/]antd[\\/]es[\\/](table|pagination)[\\/]|[\\/]@rc-component[\\/](table|pagination)[\\/]|[\\/]src[\\/]components[\\/]crud[\\/](CrudList|CrudPager|treeRows)\.tsx?$/;

/** The chunks screens load together (see build/chunkPlan.ts), first group first. */
const chunkGroups: ChunkGroup[] = [
  // What the first page needs: React, the router, i18n, the theme.
  { name: 'app', roots: [source('main.tsx')] },
  // The sign-in page's libraries (antd's form, input, button…), not the page itself.
  { name: 'signin', roots: [source('shell/pages/LoginPage.tsx')], importsOnly: true },
  // The frame every signed-in page sits in, with the form inputs nearly every page uses (a
  // list's search form, a record's dialog).
  { name: 'console', roots: [source('shell/layout/ShellLayout.tsx'), source('components/crud/SearchForm.tsx')], leaves: LIST_ONLY },
  // The list nearly every screen shows (antd's table and its pager), which a page of one
  // record (a task's page) does without.
  { name: 'list', roots: [source('components/crud/CrudList.tsx')] },
  // The form renderer (rjsf and the antd inputs it renders), for task, launch and preview.
  { name: 'form-view', roots: [source('components/forms/FormView.tsx')] },
];

export default defineConfig(({ mode }) => {
  // `npm run build` runs `--mode chunk-plan` first: it writes the plan the real build reads.
  const planning = mode === 'chunk-plan';
  const chunks = chunkPlan(resolve(import.meta.dirname, 'node_modules/.cache/chunk-plan.json'), chunkGroups, planning);
  return {
    plugins: [
      react(),
      clientContractPlugin(),
      formContextDirect(),
      tableFilterTreeOnDemand(),
      ...rjsfLeanImports(),
      chunks.plugin,
      ...(planning ? [] : [precompress()]),
    ],
    server: { proxy: api },
    preview: { proxy: api },
    build: {
      manifest: true,
      write: !planning,
      rolldownOptions: {
        output: { codeSplitting: chunks.codeSplitting },
        treeshake: {
          // Modules that do nothing when imported but do not say so. The contract builds zod
          // schemas at module level; antd's rc-components (the table, tree, select…) declare no
          // `sideEffects` in their package.json, unlike antd. Without this hint the bundler keeps
          // every import of theirs, and places what one screen uses wherever another only
          // imports it (the tree of every list came with the frame).
          moduleSideEffects: (id) => (SIDE_EFFECT_FREE.test(id) ? false : undefined),
        },
      },
    },
  };
});
