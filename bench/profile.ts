/**
 * Summarises a V8 CPU profile (`node --cpu-prof`, e.g. of `apps/server/dist/main.js` under load):
 * where the time went, by package and by function, self and inclusive.
 *
 *   node --import tsx bench/profile.ts <file.cpuprofile> [top]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The package a script belongs to (`drizzle-orm`, `@fastify/…`), `app:<folder>` for the product's own code, or V8's names. */
function packageOf(url: string): string {
  if (!url) return '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const [scope, name] = url.slice(modules + 'node_modules/'.length).split('/');
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (url.startsWith('node:')) return url;
  const app = /\/(apps\/server\/src\/[^/]+|packages\/[^/]+)\//.exec(url);
  return app ? `app:${app[1]}` : url.replace(/^.*\//, '');
}

export function summarise(profile: Profile, top = 25): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  // Time per sample, in microseconds.
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);
  const selfByPackage = new Map<string, number>();
  const inclusiveByPackage = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  for (const [id, time] of self) {
    const node = byId.get(id)!;
    add(selfByPackage, packageOf(node.callFrame.url), time);
    add(selfByFunction, `${node.callFrame.functionName || '(anonymous)'} ${packageOf(node.callFrame.url)}:${node.callFrame.lineNumber + 1}`, time);
    // Each package on the sample's stack counts once towards its inclusive time.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) seen.add(packageOf(byId.get(at)!.callFrame.url));
    for (const name of seen) add(inclusiveByPackage, name, time);
  }
  const table = (title: string, map: Map<string, number>) =>
    [
      `${title}`,
      ...[...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([key, time]) => `  ${((100 * time) / total).toFixed(1).padStart(5)} %  ${key}`),
    ].join('\n');
  return [
    `${(total / 1e6).toFixed(1)} s sampled`,
    table('self time by package', selfByPackage),
    table('inclusive time by package', inclusiveByPackage),
    table('self time by function', selfByFunction),
  ].join('\n\n');
}

if (process.argv[1]?.endsWith('profile.ts') && process.argv[2]) {
  console.log(summarise(JSON.parse(readFileSync(process.argv[2], 'utf8')) as Profile, Number(process.argv[3] ?? 25)));
}
