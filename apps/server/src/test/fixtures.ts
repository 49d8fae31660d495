import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemo } from '../../seed/index.ts';
import { buildApp, moduleDeps } from '../app.ts';
import { loadModules, tablesOf } from '../modules.ts';
import { provisionTenant } from '../modules/tenants/service.ts';
import { type Config, readConfig } from '../platform/config.ts';
import { type Database, openDatabase } from '../platform/db.ts';

export const ADMIN_PASSWORD = 'Admin@123456';
export const TENANT = '000000';
export const OTHER_TENANT = '200001';

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...readConfig({}),
  adminPassword: ADMIN_PASSWORD,
  // Uploaded files of test servers go to the system's temporary folder, never the working tree.
  filesDir: join(tmpdir(), 'macro-test-files'),
  // Workflow timers run only when a test asks (it passes workflowTimerSeconds or calls runDueJobs).
  workflowTimerSeconds: 0,
  // Secrets of test servers are sealed under a fixed key, never one written into the working tree.
  dataKey: 'a'.repeat(64),
  // Database links of the tests reach the databases of this machine.
  linkHosts: ['127.0.0.1', '::1', 'localhost'],
  ...overrides,
});

/**
 * Migrates and seeds a database the way a first start does, plus a second tenant, and builds
 * the app once so the platform keys exist: what every test server starts from.
 */
export async function prepareTemplate(options: { databaseUrl?: string }): Promise<Database> {
  const modules = await loadModules();
  const config = testConfig({ databaseUrl: options.databaseUrl });
  const database = await openDatabase({ databaseUrl: options.databaseUrl, tables: tablesOf(modules) });
  const deps = moduleDeps(config, database, modules);
  await seedDemo(deps);
  await provisionTenant(deps, { tenantId: OTHER_TENANT, tenantName: 'Other Co.', adminAccount: 'admin', adminPassword: ADMIN_PASSWORD });
  const app = await buildApp({ config, database, modules });
  await app.close();
  return database;
}
