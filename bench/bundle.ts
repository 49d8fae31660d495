/*
 * The console's JavaScript by route, from the build's manifest: what /login loads, and what the
 * shell loads after sign-in (login plus the layout, the menu page and the welcome page), each
 * with its static imports, compressed as the server sends them; and the task page with a task's
 * form rendered. Libraries that only some
 * dialogs need (Leaflet for the map picker) must be in neither: they load when opened.
 * `node --import tsx bench/bundle.ts` prints the figures alone (after `npm run build -w apps/web`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const root = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string };

export interface BundleFigure {
  gzip: number;
  brotli: number;
  files: string[];
  /** Lazy-only libraries found inside (should be none). */
  intruders: string[];
}

/** Text only these libraries carry: finding it in a chunk means the library is in it. */
const LAZY_ONLY: Record<string, RegExp> = { leaflet: /leafletjs\.com/, 'bpmn-js': /djs-container/, 'dnd-kit (form designer)': /DndDescribedBy/ };

/** The manifest keys of each route's own chunks. */
const ROUTES = {
  login: (key: string, chunk: Chunk) => Boolean(chunk.isEntry) || /login/i.test(key),
  shell: (key: string, chunk: Chunk) =>
    Boolean(chunk.isEntry) ||
    /login/i.test(key) ||
    /src\/shell\/layout\/(ShellLayout|MenuPage)\.tsx$/.test(key) ||
    /src\/features\/welcome\/WelcomePage\.tsx$/.test(key),
  /** A task's page with its bound form rendered (the designer and bpmn-js are not part of it). */
  task: (key: string, chunk: Chunk) =>
    Boolean(chunk.isEntry) ||
    /src\/shell\/layout\/(ShellLayout|MenuPage)\.tsx$/.test(key) ||
    /src\/features\/tasks\/TaskPage\.tsx$/.test(key) ||
    // The renderer is its own entry while only the lazy BoundForm imports it, a shared chunk once
    // the form screens import it too: either way it is part of this page.
    /src\/components\/forms\/FormView\.tsx$|^_(FormView|form-view)-[\w-]+\.js$/.test(key),
};

export const bundleBuilt = () => existsSync(join(dist, '.vite/manifest.json'));

export function routeBundle(route: keyof typeof ROUTES): BundleFigure {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (ROUTES[route](key, chunk)) visit(key);
  // A figure without the form renderer would flatter the task page: refuse to print one.
  if (route === 'task' && ![...seen].some((key) => /FormView|form-view/.test(key)))
    throw new Error('task page: the form renderer chunk is not in the manifest; update ROUTES.task');
  const files = [...new Set([...seen].map((key) => manifest[key].file).filter((f) => f.endsWith('.js')))];
  let gzip = 0;
  let brotli = 0;
  const intruders = new Set<string>();
  for (const file of files) {
    const content = readFileSync(join(dist, file));
    gzip += gzipSync(content, { level: 9 }).length;
    brotli += brotliCompressSync(content, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
    }).length;
    const text = content.toString('utf8');
    for (const [name, mark] of Object.entries(LAZY_ONLY)) if (mark.test(text)) intruders.add(`${name} (${file})`);
  }
  return { gzip, brotli, files, intruders: [...intruders] };
}

/** The lines `npm run bench` prints. */
export function bundleLines(): string[] {
  if (!bundleBuilt()) return ['login page JavaScript: not measured, the console is not built (npm run bench builds it first)'];
  const line = (label: string, figure: BundleFigure, targetKb: number) =>
    `${label}: ${(figure.gzip / 1024).toFixed(1)} KB gzip, ${(figure.brotli / 1024).toFixed(1)} KB brotli (target < ${targetKb} KB gzip) in ${figure.files.length} files; ` +
    (figure.intruders.length
      ? `lazy-only libraries inside: ${figure.intruders.join(', ')} MISSED`
      : 'no lazy-only library (Leaflet, bpmn-js, the form designer) inside');
  return [
    line('login page JavaScript', routeBundle('login'), 250),
    line('shell after sign-in JavaScript', routeBundle('shell'), 600),
    line('task page with a bound form JavaScript', routeBundle('task'), 450),
  ];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const text of bundleLines()) console.log(text);
}
