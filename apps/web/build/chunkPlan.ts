import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Route-shaped chunks. Rolldown's automatic splitting makes one chunk for every set of lazy
 * screens that share modules; with a hundred screens that came to 123 files for the task page,
 * more than half under 2 KB, each compressed on its own and each a request. A group names the
 * screens that always load together (the sign-in page's libraries, the frame every signed-in
 * page sits in, the form renderer) and gets one chunk for everything they load.
 *
 * What a screen loads is only known after tree-shaking, so the build runs twice: the planning
 * pass (`vite build --mode chunk-plan`, nothing written to dist) records, for each group, the
 * modules in the chunks holding its roots and in every chunk those import statically; the
 * second pass captures those modules, the first group that names a module keeping it. Without
 * a plan (a plain `vite build`, the dev server) the automatic split stays.
 */
export interface ChunkGroup {
  name: string;
  /** Modules whose chunk, and the chunks it imports, the group takes. */
  roots: RegExp[];
  /** Leaves the roots' own chunks where they are and takes only what they import. */
  importsOnly?: boolean;
  /** Modules the group leaves to the groups after it (or to the automatic split). */
  leaves?: RegExp;
}

type Plan = Record<string, string[]>;

interface BuiltChunk {
  type: 'chunk';
  fileName: string;
  moduleIds: string[];
  imports: string[];
}

/** The modules each group loads, from the first pass's chunks (first group first). */
export function planGroups(chunks: readonly BuiltChunk[], groups: readonly ChunkGroup[]): Plan {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const owner = new Map<string, string>();
  const plan: Plan = {};
  for (const group of groups) {
    const roots = chunks.filter((chunk) => chunk.moduleIds.some((id) => group.roots.some((root) => root.test(id))));
    const seen = new Set<string>();
    const stack = roots.map((chunk) => chunk.fileName);
    while (stack.length) {
      const file = stack.pop() as string;
      if (seen.has(file)) continue;
      seen.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
    if (group.importsOnly) for (const root of roots) seen.delete(root.fileName);
    plan[group.name] = [];
    for (const file of seen)
      for (const id of byFile.get(file)?.moduleIds ?? [])
        if (!owner.has(id) && !group.leaves?.test(id)) {
          owner.set(id, group.name);
          plan[group.name].push(id);
        }
  }
  return plan;
}

export function chunkPlan(planFile: string, groups: readonly ChunkGroup[], planning: boolean) {
  const plugin: Plugin = {
    name: 'macro-chunk-plan',
    apply: 'build',
    generateBundle(_options, bundle) {
      if (!planning) return;
      const chunks = Object.values(bundle).filter((output): output is typeof output & BuiltChunk => output.type === 'chunk');
      mkdirSync(dirname(planFile), { recursive: true });
      writeFileSync(planFile, JSON.stringify(planGroups(chunks, groups)));
    },
  };
  const plan: Plan | null = !planning && existsSync(planFile) ? JSON.parse(readFileSync(planFile, 'utf8')) : null;
  const codeSplitting = plan
    ? {
        // A group holds the modules the plan lists, not everything they import: a module one
        // screen uses stays out of the frame because the frame imports its neighbour.
        includeDependenciesRecursively: false,
        groups: groups.map((group, index) => {
          const members = new Set(plan[group.name] ?? []);
          return { name: group.name, priority: groups.length - index, test: (id: string) => members.has(id) };
        }),
      }
    : undefined;
  return { plugin, codeSplitting };
}
