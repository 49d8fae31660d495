/*
 * `npm run rotate-token-secret`: replaces the secret that signs access tokens and ends every
 * session (docs/security.md). Run it with the same DATABASE_URL or DATA_DIR as the server, then
 * restart every server process: each loads the secret when it starts.
 */
import { loadModules, tablesOf } from './modules.ts';
import { rotateTokenSecret } from './modules/auth/index.ts';
import { readConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';

const config = readConfig();
const modules = await loadModules();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  requestDatabaseUrl: config.requestDatabaseUrl,
  dataDir: config.dataDir,
  tables: tablesOf(modules),
});
try {
  const ended = await rotateTokenSecret(database.db);
  console.log(`The token secret is new; ${ended} live session(s) ended. Restart every server process now.`);
} finally {
  await database.close();
}
