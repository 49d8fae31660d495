import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Table } from 'drizzle-orm';
import type { Config } from './platform/config.ts';
import { type Database, openDatabase } from './platform/db.ts';
import type { ServerModule } from './platform/module.ts';
import { SERVER_ROOT } from './platform/paths.ts';

const MODULES_DIR = join(SERVER_ROOT, 'src/modules');

/** Orders modules so each comes after the ones it names in `after`. */
function ordered(modules: ServerModule[]): ServerModule[] {
  const byName = new Map(modules.map((m) => [m.name, m]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const result: ServerModule[] = [];
  const visit = (module: ServerModule) => {
    if (done.has(module.name)) return;
    if (visiting.has(module.name)) throw new Error(`modules depend on each other in a cycle at ${module.name}`);
    visiting.add(module.name);
    for (const name of module.after ?? []) {
      const dependency = byName.get(name);
      if (!dependency) throw new Error(`module ${module.name} comes after unknown module ${name}`);
      visit(dependency);
    }
    visiting.delete(module.name);
    done.add(module.name);
    result.push(module);
  };
  for (const module of [...modules].sort((a, b) => a.name.localeCompare(b.name))) visit(module);
  return result;
}

/**
 * Every module of the server: each folder under src/modules with an index.ts exporting
 * `module`. Nothing lists them by hand; a new domain folder is picked up as it is.
 */
export async function loadModules(): Promise<ServerModule[]> {
  const folders = readdirSync(MODULES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const modules: ServerModule[] = [];
  for (const folder of folders) {
    const loaded = (await import(`./modules/${folder.name}/index.ts`)) as { module?: ServerModule };
    if (!loaded.module) throw new Error(`src/modules/${folder.name}/index.ts exports no module`);
    modules.push(loaded.module);
  }
  return ordered(modules);
}

export const tablesOf = (modules: readonly ServerModule[]): Table[] => modules.flatMap((m) => m.tables ?? []);

/** The modules and the database as configured, opened and migrated: what the server and the operator scripts start from. */
export async function openConfigured(
  config: Pick<Config, 'databaseUrl' | 'requestDatabaseUrl' | 'dataDir'>,
): Promise<{ modules: ServerModule[]; database: Database }> {
  const modules = await loadModules();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    requestDatabaseUrl: config.requestDatabaseUrl,
    dataDir: config.dataDir,
    tables: tablesOf(modules),
  });
  return { modules, database };
}
