import { seedDemo } from '../seed/index.ts';
import { buildApp, moduleDeps } from './app.ts';
import { openConfigured } from './modules.ts';
import { readConfig } from './platform/config.ts';

const config = readConfig();
const { modules, database } = await openConfigured(config);
// Replicas starting together on one PostgreSQL seed one after the other.
const seeded = await database.exclusive(() => seedDemo(moduleDeps(config, database, modules)));
const app = await buildApp({ config, database, modules, logger: true });

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
console.log(`\nMacro Console: http://localhost:${config.port}  (API docs /docs, database ${where})`);
if (seeded.generatedPassword) {
  console.log(
    `First start: sign in to tenant ${config.defaultTenantId} as "admin" with password ${seeded.generatedPassword}` +
      ' (shown only this once; set MACRO_ADMIN_PASSWORD to choose it).\n',
  );
}
